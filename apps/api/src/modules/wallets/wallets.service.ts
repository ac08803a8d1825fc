import { getAddress, verifyMessage, type Address, type Hex } from 'viem';
import { createSiweMessage, generateSiweNonce, parseSiweMessage } from 'viem/siwe';
import {
  WALLET_PROOF_STATEMENT,
  walletProofMessages as says,
  type AccountWallet,
} from '@tmc/shared';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import { queueMail } from '../../lib/mailer/mailer.ts';
import type { QueuedMailDelivery } from '../../lib/mailer/queued-mail.ts';
import { nameToGreet } from '../../lib/mailer/templates.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limit.ts';
import { findUserById } from '../account/users.repo.ts';
import {
  insertNonce,
  listProofsOf,
  listSenderWallets,
  saveProof,
  spendNonce,
} from './wallet-proofs.repo.ts';

/** A proof message is good for this long after it was issued. */
export const WALLET_NONCE_TTL_MS = 10 * 60_000;

export const walletLimits = {
  nonce: { name: 'wallet-nonce:user', limit: 30, windowSeconds: 3600 },
  prove: { name: 'wallet-prove:user', limit: 30, windowSeconds: 3600 },
} satisfies Record<string, RateLimitRule>;

interface WalletsDeps {
  db: Db;
  rateLimiter: Pick<RateLimiter, 'hit'>;
  mail: Pick<QueuedMailDelivery, 'deliverSoon'>;
  /** The site's own address (PUBLIC_URL): its host is the message's domain. */
  publicUrl: string;
  chainId: number;
}

/**
 * Proven wallets (Sign-In with Ethereum, EIP-4361): the server issues a message with a nonce of
 * its own (single use, bound to the account, expiring), the buyer's wallet signs it
 * (personal_sign), the server checks domain, chain, nonce, time and signature, and the address
 * becomes the account's, one account at a time. Every holding is kept (wallet-proofs.repo): a
 * move to another account is audited, mailed to the account it left and counts as evidence of
 * payments only after a cool-off.
 */
export function createWalletsService({ db, rateLimiter, mail, publicUrl, chainId }: WalletsDeps) {
  const site = new URL(publicUrl);

  async function list(userId: string): Promise<AccountWallet[]> {
    const [proofs, user, senders] = await Promise.all([
      listProofsOf(db, [userId]),
      findUserById(db, userId),
      listSenderWallets(db, userId),
    ]);
    const wallets = new Map<string, AccountWallet>();
    for (const p of proofs)
      wallets.set(p.address, {
        address: getAddress(p.address),
        proven: true,
        provenAt: p.provenAt.toISOString(),
      });
    for (const address of [user?.walletAddress, ...senders])
      if (address && !wallets.has(address.toLowerCase()))
        wallets.set(address.toLowerCase(), {
          address: getAddress(address),
          proven: false,
          provenAt: null,
        });
    return [...wallets.values()];
  }

  return {
    list,

    /** The message for `address` to sign, with a fresh nonce. */
    async issue(userId: string, address: string) {
      await rateLimiter.hit(walletLimits.nonce, userId);
      const nonce = generateSiweNonce();
      const issuedAt = new Date();
      const expirationTime = new Date(issuedAt.getTime() + WALLET_NONCE_TTL_MS);
      await insertNonce(db, userId, nonce, expirationTime);
      const message = createSiweMessage({
        address: getAddress(address),
        chainId,
        domain: site.host,
        uri: site.origin,
        version: '1',
        nonce,
        issuedAt,
        expirationTime,
        statement: WALLET_PROOF_STATEMENT,
      });
      return { message, nonce, expiresAt: expirationTime.toISOString() };
    },

    /** Checks the signed message and makes its address the caller's proven wallet. */
    async prove(userId: string, message: string, signature: Hex) {
      await rateLimiter.hit(walletLimits.prove, userId);
      const fields = parseSiweMessage(message);
      const now = new Date();
      if (
        !fields.address ||
        !fields.nonce ||
        fields.domain !== site.host ||
        fields.chainId !== chainId ||
        fields.uri !== site.origin ||
        fields.statement !== WALLET_PROOF_STATEMENT ||
        !fields.expirationTime ||
        fields.expirationTime <= now ||
        (fields.notBefore && fields.notBefore > now)
      )
        throw badRequest(says.message);
      const address: Address = fields.address;
      let signed = false;
      try {
        signed = await verifyMessage({ address, message, signature });
      } catch {
        signed = false;
      }
      if (!signed) throw badRequest(says.signature);
      // Spent only by a good signature, so a typo does not burn the buyer's request.
      const proof = await db.transaction(async (tx) => {
        if (!(await spendNonce(tx, userId, fields.nonce!))) throw badRequest(says.nonce);
        const { proof, isNew, previous } = await saveProof(tx, userId, address);
        if (isNew)
          await recordAudit(tx, {
            actorId: userId,
            action: previous ? 'wallet.move' : 'wallet.prove',
            entity: 'wallet',
            entityId: proof.address,
            before: previous ? { userId: previous.userId, provenAt: previous.provenAt } : null,
            after: { userId, provenAt: proof.provenAt, countsFrom: proof.countsFrom },
          });
        const left = previous && (await findUserById(tx, previous.userId));
        if (left)
          await queueMail(tx, left.email, {
            kind: 'walletMoved',
            name: nameToGreet(left),
            walletAddress: getAddress(proof.address),
          });
        return proof;
      });
      mail.deliverSoon();
      return {
        wallet: {
          address: getAddress(proof.address),
          proven: true,
          provenAt: proof.provenAt.toISOString(),
        },
        wallets: await list(userId),
      };
    },
  };
}

export type WalletsService = ReturnType<typeof createWalletsService>;
