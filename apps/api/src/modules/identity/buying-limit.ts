import { IDENTITY_PAGE_PATH, identityMessages } from '@tmc/shared';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { money } from '../../lib/money.ts';
import { lockUser } from '../account/users.repo.ts';
import { isIdentityVerified, sumBoughtInYear } from './identity.repo.ts';

export interface LimitSettings {
  kycLimitAud: string;
  kycVerifiedLimitAud: string | null;
}

/** The AUD an account may buy in 12 months (null: no limit): the one rule of the KYC tiers. */
export const limitFor = (settings: LimitSettings, verified: boolean) =>
  verified ? settings.kycVerifiedLimitAud : settings.kycLimitAud;

/**
 * Refuses (403, with a link to the identity page) an order that would take the account past its
 * limit: what it bought in the last 12 months plus this order. Runs in the order's transaction
 * with the account's row held, so orders placed at once are counted one after the other.
 */
export async function checkBuyingLimit(
  tx: Tx,
  userId: string,
  orderAud: string,
  settings: LimitSettings,
) {
  // Every order path holds it already (this is the same lock again): keeps the rule safe alone.
  await lockUser(tx, userId);
  const verified = await isIdentityVerified(tx, userId);
  const limit = limitFor(settings, verified);
  if (limit === null) return;
  const used = await sumBoughtInYear(tx, userId);
  if (money(used).plus(orderAud).lessThanOrEqualTo(limit)) return;
  if (verified) throw new AppError(403, identityMessages.overVerifiedLimit(limit));
  throw new AppError(
    403,
    identityMessages.overLimit(limit),
    undefined,
    undefined,
    IDENTITY_PAGE_PATH,
  );
}
