import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_DIGITS, securityMessages, type OtpPurpose } from '@tmc/shared';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { deriveKey } from '../../lib/auth.ts';
import { AppError, badRequest, tooManyRequests } from '../../lib/errors.ts';
import { networkOf, type RateLimiter, type RateLimitRule } from '../../lib/rate-limit.ts';
import { metrics } from '../../lib/metrics.ts';
import { consumeOtp, secondsSinceLastOtp, spendOtpAttempt, storeOtp } from './auth.repo.ts';

export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_SECONDS = 60;
export const otpHourlyLimit: RateLimitRule = {
  name: 'otp-sent:hour',
  limit: 5,
  windowSeconds: 3600,
};

/**
 * Wrong codes per address and purpose, across all its codes. Reaching it does not lock the owner
 * out: a new code and a link are mailed, and codes for the address wait for the link (the proof of
 * the mailbox), which starts the count again.
 */
export const wrongCodesPerEmail: RateLimitRule = {
  name: 'otp-wrong:email',
  limit: 10,
  windowSeconds: 86_400,
};

/** Wrong codes from one client (its IPv4 address or IPv6 /64) across every address: past it, 429 until the window ends. */
export const wrongCodesPerNetwork: RateLimitRule = {
  name: 'otp-wrong:net',
  limit: 100,
  windowSeconds: 86_400,
};

/**
 * Wrong codes across the whole site in an hour. Past it nobody is refused (that would let one
 * sprayer lock everyone out); each further wrong code counts in `tmc_wrong_codes_over_budget_total`
 * for an alert.
 */
export const wrongCodesSiteWide: RateLimitRule = {
  name: 'otp-wrong:site',
  limit: 1_000,
  windowSeconds: 3600,
};

export const mailboxProofNeeded = () =>
  badRequest(securityMessages.mailboxProofNeeded, { otp: securityMessages.mailboxProofNeeded });

/** What a code check found: the used code's hash, or a wrong code (and whether it reached the ceiling). */
export type CodeCheck = { codeHash: string } | { codeHash?: undefined; ceilingReached: boolean };

export const isTooManyRequests = (err: unknown) => err instanceof AppError && err.status === 429;

/**
 * One-time codes: 4 digits for the sign-up, 6 for a password reset, stored as an HMAC, 10 minutes, 5 tries, one a minute and 5 an hour
 * per address; 10 wrong tries per address (then the mailbox must be proven) and 100 per client
 * address (IPv6: /64) a day, and a site-wide hourly budget that only alerts.
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
  const newCode = (purpose: OtpPurpose) =>
    String(randomInt(0, 10 ** OTP_DIGITS[purpose])).padStart(OTP_DIGITS[purpose], '0');
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
    const code = newCode(purpose);
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
     * The first code of a new account, stored inside its sign-up transaction, so nobody can see the
     * account without its code. Requests made for the address before it existed do not hold it back.
     */
    async issueForNewAccount(tx: Tx, email: string): Promise<string> {
      const purpose = 'verifyemail';
      const code = newCode(purpose);
      const codeHash = hashOf(email, purpose, code).toString('hex');
      await storeOtp(tx, { email, purpose, codeHash, ttlSeconds: OTP_TTL_SECONDS });
      return code;
    },

    /** Starts the hourly count of a new account at its first code (after its transaction committed). */
    async countNewAccountCode(email: string) {
      await rateLimiter.reset(otpHourlyLimit, subject(email, 'verifyemail'));
      await countSent(email, 'verifyemail');
    },

    /**
     * A new code now, whatever the resend limits (still counted): for the owner who proved the
     * account with its password, and for the mail that answers the wrong-code ceiling.
     */
    async reissue(email: string, purpose: OtpPurpose): Promise<string> {
      const code = newCode(purpose);
      await storeOtp(db, {
        email,
        purpose,
        codeHash: hashOf(email, purpose, code).toString('hex'),
        ttlSeconds: OTP_TTL_SECONDS,
      });
      await countSent(email, purpose);
      return code;
    },

    /** The mailbox (or the account's password) was proven: the address's wrong codes start again. */
    forgiveWrongCodes: (email: string, purpose: OtpPurpose) =>
      rateLimiter.reset(wrongCodesPerEmail, subject(email, purpose)),

    /**
     * The used code's hash, once, for the right live code. Every try counts towards the code's 5,
     * every wrong one towards the address's ceiling and the network's budget. Over the address's
     * ceiling, 400 (the mailbox must be proven first); over the network's, 429. The answers are the
     * same whether or not the address has an account.
     */
    async verify(email: string, purpose: OtpPurpose, code: string, ip: string): Promise<CodeCheck> {
      const budget = subject(email, purpose);
      const network = networkOf(ip);
      await rateLimiter.check(wrongCodesPerNetwork, network).catch((err: unknown) => {
        throw isTooManyRequests(err)
          ? new AppError(
              429,
              securityMessages.networkCodeBudgetUsed,
              undefined,
              (err as AppError).headers,
            )
          : err;
      });
      await rateLimiter.check(wrongCodesPerEmail, budget).catch((err: unknown) => {
        throw isTooManyRequests(err) ? mailboxProofNeeded() : err;
      });
      const row = await spendOtpAttempt(db, email, purpose, OTP_MAX_ATTEMPTS);
      const matches =
        row !== undefined &&
        timingSafeEqual(Buffer.from(row.codeHash, 'hex'), hashOf(email, purpose, code));
      if (matches && (await consumeOtp(db, row.id))) return { codeHash: row.codeHash };
      const [wrong, , siteWide] = await Promise.all([
        rateLimiter.tally(wrongCodesPerEmail, budget),
        rateLimiter.tally(wrongCodesPerNetwork, network),
        rateLimiter.tally(wrongCodesSiteWide, 'all'),
      ]);
      metrics.wrongCode(siteWide > wrongCodesSiteWide.limit);
      return { ceilingReached: wrong === wrongCodesPerEmail.limit };
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
