import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { securityMessages, type OtpPurpose } from '@tmc/shared';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { deriveKey } from '../../lib/auth.ts';
import { AppError, tooManyRequests } from '../../lib/errors.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limit.ts';
import {
  consumeOtp,
  hasLiveOtp,
  secondsSinceLastOtp,
  spendOtpAttempt,
  storeOtp,
} from './auth.repo.ts';

export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_SECONDS = 60;
export const otpHourlyLimit: RateLimitRule = {
  name: 'otp-sent:hour',
  limit: 5,
  windowSeconds: 3600,
};

/** Wrong codes per address and purpose, across all its codes: past this, no code is accepted until the window ends. */
export const wrongCodeBudget: RateLimitRule = {
  name: 'otp-wrong:day',
  limit: 10,
  windowSeconds: 86_400,
};

export const isTooManyRequests = (err: unknown) => err instanceof AppError && err.status === 429;

/**
 * One-time codes: 4 digits, stored as an HMAC, 10 minutes, 5 tries, one a minute and 5 an hour
 * per address, and at most 10 wrong tries a day per address across all its codes.
 */
export function createOtpService({
  db,
  config,
  rateLimiter,
}: {
  db: Db;
  config: Config;
  rateLimiter: RateLimiter;
}) {
  const key = deriveKey(config.jwtSecret, 'otp-code');
  const hashOf = (email: string, purpose: OtpPurpose, code: string) =>
    createHmac('sha256', key).update(`${purpose}\n${email}\n${code}`).digest();
  const newCode = () => String(randomInt(0, 10_000)).padStart(4, '0');
  const subject = (email: string, purpose: OtpPurpose) => `${purpose}:${email}`;

  async function countSent(email: string, purpose: OtpPurpose) {
    // Already checked before the code was stored; a racing request must not undo a code that exists.
    await rateLimiter.hit(otpHourlyLimit, subject(email, purpose)).catch((err: unknown) => {
      if (!isTooManyRequests(err)) throw err;
    });
  }

  /** A new code replacing the last one, or 429 (retry-after) within a minute of the last or after 5 this hour. */
  async function issue(email: string, purpose: OtpPurpose): Promise<string> {
    await rateLimiter.check(otpHourlyLimit, subject(email, purpose));
    const code = newCode();
    const stored = await storeOtp(db, {
      email,
      purpose,
      codeHash: hashOf(email, purpose, code).toString('hex'),
      ttlSeconds: OTP_TTL_SECONDS,
      minIntervalSeconds: OTP_RESEND_SECONDS,
    });
    if (!stored)
      throw tooManyRequests(
        OTP_RESEND_SECONDS - ((await secondsSinceLastOtp(db, email, purpose)) ?? 0),
      );
    await countSent(email, purpose);
    return code;
  }

  return {
    issue,

    /**
     * A new code only when the address has none that still works (undefined otherwise, or within
     * the resend limits): a code already in a mailbox must not die because its owner tried
     * something else first.
     */
    async issueUnlessLive(email: string, purpose: OtpPurpose): Promise<string | undefined> {
      if (await hasLiveOtp(db, email, purpose, OTP_MAX_ATTEMPTS)) return undefined;
      return issue(email, purpose).catch((err: unknown) => {
        if (isTooManyRequests(err)) return undefined;
        throw err;
      });
    },

    /**
     * The first code of a new account, stored inside its sign-up transaction, so nobody can see the
     * account without its code. Requests made for the address before it existed do not hold it back.
     */
    async issueForNewAccount(tx: Tx, email: string): Promise<string> {
      const code = newCode();
      const purpose = 'verifyemail';
      const codeHash = hashOf(email, purpose, code).toString('hex');
      await storeOtp(tx, { email, purpose, codeHash, ttlSeconds: OTP_TTL_SECONDS });
      return code;
    },

    /** Starts the hourly count of a new account at its first code (after its transaction committed). */
    async countNewAccountCode(email: string) {
      await rateLimiter.reset(otpHourlyLimit, subject(email, 'verifyemail'));
      await countSent(email, 'verifyemail');
    },

    /** What the stored hash of this code is, to tie something to the code that was mailed. */
    fingerprint: (email: string, purpose: OtpPurpose, code: string) =>
      hashOf(email, purpose, code).toString('hex'),

    /**
     * The used code's hash, once, for the right live code; every try counts towards the code's 5
     * and every wrong one towards the address's daily budget. `budgetUsedUp` is true for the one
     * wrong try that used the budget up. With the budget used up, 429 whatever the code.
     */
    async verify(
      email: string,
      purpose: OtpPurpose,
      code: string,
    ): Promise<{ codeHash?: string; budgetUsedUp: boolean }> {
      const budget = subject(email, purpose);
      await rateLimiter.check(wrongCodeBudget, budget).catch((err: unknown) => {
        throw err instanceof AppError && err.status === 429
          ? new AppError(429, securityMessages.codeBudgetUsed, undefined, err.headers)
          : err;
      });
      const row = await spendOtpAttempt(db, email, purpose, OTP_MAX_ATTEMPTS);
      const matches =
        row !== undefined &&
        timingSafeEqual(Buffer.from(row.codeHash, 'hex'), hashOf(email, purpose, code));
      if (matches && (await consumeOtp(db, row.id)))
        return { codeHash: row.codeHash, budgetUsedUp: false };
      const wrong = await rateLimiter.tally(wrongCodeBudget, budget);
      return { budgetUsedUp: wrong === wrongCodeBudget.limit };
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
