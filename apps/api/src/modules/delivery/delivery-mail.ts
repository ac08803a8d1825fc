import { eq } from 'drizzle-orm';
import { getAddress } from 'viem';
import type { Tx } from '../../db/client.ts';
import { distributionLeaves, distributions, users } from '../../db/schema/index.ts';
import { queueMail } from '../../lib/mailer/mailer.ts';
import { nameToGreet } from '../../lib/mailer/templates.ts';
import type { DistributionHold } from '../../db/schema/index.ts';
import { tmc, type ProofFile } from './tmc-amount.ts';

/** The buyer's Delivery page, and the profile's wallet panel where a wallet is proved. */
const deliveryPage = (publicUrl: string) => `${publicUrl}/delivery`;
const walletPanel = (publicUrl: string) => `${publicUrl}/profile#wallet`;

/**
 * In the transaction that marks a root accepted: one e-mail per leaf, with that leaf's proof
 * attached, so each buyer can claim with any wallet tool even if this site is down.
 */
export async function queueProofMails(
  tx: Tx,
  opts: { distributionId: string; publicUrl: string; chainId: number },
) {
  const [distribution] = await tx
    .update(distributions)
    .set({ mailedAt: new Date() })
    .where(eq(distributions.id, opts.distributionId))
    .returning();
  if (!distribution) return;
  const leaves = await tx
    .select({
      address: distributionLeaves.address,
      cumulative: distributionLeaves.cumulativeBaseUnits,
      proof: distributionLeaves.proof,
      email: users.email,
      name: users.name,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(distributionLeaves)
    .innerJoin(users, eq(users.id, distributionLeaves.userId))
    .where(eq(distributionLeaves.distributionId, opts.distributionId));
  for (const leaf of leaves) {
    const proof: ProofFile = {
      address: getAddress(leaf.address),
      cumulativeAmount: leaf.cumulative,
      proof: leaf.proof as ProofFile['proof'],
      root: distribution.root as ProofFile['root'],
      epoch: distribution.epoch,
      contract: getAddress(distribution.distributorAddress),
      chainId: opts.chainId,
    };
    await queueMail(
      tx,
      leaf.email,
      {
        kind: 'deliveryReady',
        name: nameToGreet(leaf),
        tokens: tmc(BigInt(leaf.cumulative)),
        address: proof.address,
        epoch: distribution.epoch,
        url: deliveryPage(opts.publicUrl),
      },
      [
        {
          filename: 'tmc-proof.json',
          content: `${JSON.stringify(proof, null, 2)}\n`,
          contentType: 'application/json',
        },
      ],
    );
  }
}

/** In the transaction that builds a draft: each held buyer is told what to do about it. */
export async function queueHoldMails(tx: Tx, holds: DistributionHold[], publicUrl: string) {
  for (const hold of holds) {
    const [user] = await tx
      .select({ name: users.name, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, hold.userId));
    if (!user) continue;
    await queueMail(tx, hold.email, {
      kind: hold.reason === 'no_proven_wallet' ? 'deliveryProveWallet' : 'deliveryChooseWallet',
      name: nameToGreet(user),
      tokens: hold.tokens,
      url: hold.reason === 'no_proven_wallet' ? walletPanel(publicUrl) : deliveryPage(publicUrl),
    });
  }
}
