import { randomInt } from 'node:crypto';
import { getAddress } from 'viem';
import { authMessages, messages } from '@tmc/shared';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden, unauthorized } from '../../lib/errors.ts';
import { queueMail } from '../../lib/mailer/mailer.ts';
import { nameToGreet } from '../../lib/mailer/templates.ts';
import type { QueuedMailDelivery } from '../../lib/mailer/queued-mail.ts';
import { verifyPassword } from '../../lib/password.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limit.ts';
import { toUserDto } from './user-dto.ts';
import { findUserById, isUniqueViolation, makeAffiliate, setWalletAddress } from './users.repo.ts';

export const DISMISSED_AFFILIATE =
  'Your affiliate access was ended for a breach of the affiliate terms';

/** No 0/O, 1/I/L: a code read aloud or copied by hand comes out right. */
export const AFFILIATE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const AFFILIATE_CODE_LENGTH = 8;

const newAffiliateCode = () =>
  Array.from(
    { length: AFFILIATE_CODE_LENGTH },
    () => AFFILIATE_CODE_ALPHABET[randomInt(AFFILIATE_CODE_ALPHABET.length)],
  ).join('');

/**
 * The EIP-55 form of a 0x + 40 hex address. Mixed case carries a checksum: a wrong one is a typo,
 * and tokens sent to a typo are lost, so it is refused.
 */
export function checksummed(address: string, field = 'walletAddress') {
  const hex = address.slice(2);
  const normal = getAddress(`0x${hex.toLowerCase()}`);
  const mixedCase = hex !== hex.toLowerCase() && hex !== hex.toUpperCase();
  if (mixedCase && address !== normal)
    throw badRequest(messages.walletFormat, { [field]: messages.walletFormat });
  return normal;
}

/** Wrong passwords given to confirm a wallet change, per account. */
export const walletPasswordFailures: RateLimitRule = {
  name: 'wallet-password-failed:user',
  limit: 10,
  windowSeconds: 900,
};

export function createAccountService({
  db,
  mail,
  rateLimiter,
}: {
  db: Db;
  mail: QueuedMailDelivery;
  rateLimiter: RateLimiter;
}) {
  const existing = async (userId: string) => {
    const user = await findUserById(db, userId);
    if (!user) throw unauthorized();
    return user;
  };

  return {
    profile: async (userId: string) => toUserDto(await existing(userId)),

    async becomeAffiliate(userId: string) {
      for (let attempt = 0; attempt < 5; attempt++) {
        try {
          const user = await makeAffiliate(db, userId, newAffiliateCode());
          if (user) return toUserDto(user);
          if (await findUserById(db, userId)) throw forbidden(DISMISSED_AFFILIATE);
          throw unauthorized();
        } catch (err) {
          if (!isUniqueViolation(err)) throw err;
        }
      }
      throw new Error('No free affiliate code after 5 tries');
    },

    /**
     * The delivery wallet decides where the tokens go, so a change needs the account's password
     * (a stolen session alone cannot redirect them) and the owner is told by e-mail.
     */
    async updateWallet(userId: string, walletAddress: string, password: string) {
      const address = checksummed(walletAddress);
      const owner = await existing(userId);
      await rateLimiter.check(walletPasswordFailures, userId);
      if (!(await verifyPassword(owner.passwordHash, password))) {
        await rateLimiter.tally(walletPasswordFailures, userId);
        throw badRequest(authMessages.wrongPassword, { password: authMessages.wrongPassword });
      }
      const user = await db.transaction(async (tx) => {
        const row = await setWalletAddress(tx, userId, address);
        if (row && owner.walletAddress !== address)
          await queueMail(tx, row.email, {
            kind: 'walletChanged',
            name: nameToGreet(row),
            walletAddress: address,
          });
        return row;
      });
      if (!user) throw unauthorized();
      mail.deliverSoon();
      return toUserDto(user);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
