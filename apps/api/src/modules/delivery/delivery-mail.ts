import { eq, inArray } from 'drizzle-orm';
import { getAddress } from 'viem';
import type { Tx } from '../../db/client.ts';
import { distributionLeaves, distributions, users } from '../../db/schema/index.ts';
import { queueMails } from '../../lib/mailer/mailer.ts';
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
  await queueMails(
    tx,
    leaves.map((leaf) => {
      const proof: ProofFile = {
        address: getAddress(leaf.address),
        cumulativeAmount: leaf.cumulative,
        proof: leaf.proof,
        root: distribution.root as ProofFile['root'],
        epoch: distribution.epoch,
        contract: getAddress(distribution.distributorAddress),
        chainId: opts.chainId,
      };
      return {
        to: leaf.email,
        template: {
          kind: 'deliveryReady',
          name: nameToGreet(leaf),
          tokens: tmc(BigInt(leaf.cumulative)),
          address: proof.address,
          epoch: distribution.epoch,
          url: deliveryPage(opts.publicUrl),
        },
        attachments: [
          {
            filename: 'tmc-proof.json',
            content: `${JSON.stringify(proof, null, 2)}\n`,
            contentType: 'application/json',
          },
        ],
      };
    }),
  );
}

const USERS_PER_READ = 10_000;

/** In the transaction that builds a draft: each held buyer is told what to do about it. */
export async function queueHoldMails(tx: Tx, holds: DistributionHold[], publicUrl: string) {
  if (holds.length === 0) return;
  const ids = [...new Set(holds.map((h) => h.userId))];
  const byId = new Map<string, { name: string; emailVerifiedAt: Date | null }>();
  // A statement's parameters are bounded (65,535): many held buyers are read in parts.
  for (let i = 0; i < ids.length; i += USERS_PER_READ)
    for (const p of await tx
      .select({ id: users.id, name: users.name, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(inArray(users.id, ids.slice(i, i + USERS_PER_READ))))
      byId.set(p.id, p);
  await queueMails(
    tx,
    holds.flatMap((hold) => {
      const user = byId.get(hold.userId);
      if (!user) return [];
      const prove = hold.reason === 'no_proven_wallet';
      return [
        {
          to: hold.email,
          template: {
            kind: prove ? 'deliveryProveWallet' : 'deliveryChooseWallet',
            name: nameToGreet(user),
            tokens: hold.tokens,
            url: prove ? walletPanel(publicUrl) : deliveryPage(publicUrl),
          },
        },
      ];
    }),
  );
}
