import { randomInt } from 'node:crypto';
import { getAddress } from 'viem';
import { messages } from '@tmc/shared';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden, unauthorized } from '../../lib/errors.ts';
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

export function createAccountService({ db }: { db: Db }) {
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

    async updateWallet(userId: string, walletAddress: string) {
      const user = await setWalletAddress(db, userId, checksummed(walletAddress));
      if (!user) throw unauthorized();
      return toUserDto(user);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
