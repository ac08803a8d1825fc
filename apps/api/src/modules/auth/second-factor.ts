import { createHmac, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { securityMessages } from '@tmc/shared';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { deriveKey } from '../../lib/auth.ts';
import { badRequest } from '../../lib/errors.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import {
  enableTotp,
  findTotp,
  replaceRecoveryCodes,
  savePendingTotp,
  useRecoveryCode,
  useTotpStep,
} from './second-factor.repo.ts';

export const TOTP_ISSUER = 'TMC Presale';
export const RECOVERY_CODE_COUNT = 10;
const PERIOD_SECONDS = 30;
/** 80 bits, the least RFC 4226 allows; new secrets have 160. */
const MIN_SECRET_CHARS = 16;

/** RFC 6238 as authenticator apps expect it: SHA-1, 30-second steps, 6 digits. */
export const staffTotp = (base32: string, label = 'staff') =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });

/** The secret in canonical base32, or an error naming what is wrong with it. */
export function parseTotpSecret(value: string): string {
  const compact = value.replace(/[\s=]/g, '').toUpperCase();
  if (!/^[A-Z2-7]+$/.test(compact)) throw new Error('The TOTP secret must be base32 (A-Z, 2-7)');
  if (compact.length < MIN_SECRET_CHARS)
    throw new Error(`The TOTP secret must be at least ${MIN_SECRET_CHARS} base32 characters long`);
  return compact;
}

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

const wrongTotp = () =>
  badRequest(securityMessages.totpRequired, { totp: securityMessages.totpRequired });

/** Recovery codes read as two groups of five (a-z without look-alikes, 2-9), about 50 bits each. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const newRecoveryCode = () => {
  const chars = [...randomBytes(10)].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
};

export type SecondFactorCheck = 'none' | 'passed' | 'missing' | 'wrongTotp' | 'wrongRecoveryCode';

/** The staff second factor: TOTP secrets sealed at rest, each code used once, hashed recovery codes. */
export function createSecondFactor({ db, config }: { db: Db; config: Pick<Config, 'jwtSecret'> }) {
  const box = createSecretBox(config.jwtSecret, 'totp-secret');
  const recoveryKey = deriveKey(config.jwtSecret, 'recovery-code');
  const recoveryHash = (userId: string, code: string) =>
    createHmac('sha256', recoveryKey)
      .update(`${userId}\n${code.toLowerCase().replace(/[^a-z0-9]/g, '')}`)
      .digest('hex');

  /** The 30-second step this code belongs to (now, or one step either side), or undefined. */
  function stepOf(base32: string, code: string): number | undefined {
    if (!/^\d{6}$/.test(code)) return undefined;
    const totp = staffTotp(base32);
    const timestamp = Date.now();
    const delta = totp.validate({ token: code, window: 1, timestamp });
    return delta === null ? undefined : totp.counter({ timestamp }) + delta;
  }

  return {
    async enabled(userId: string) {
      return Boolean((await findTotp(db, userId))?.secret);
    },

    /** What a login's second factor says; 'none' for an account without an authenticator. */
    async checkLogin(
      userId: string,
      given: { totp?: string; recoveryCode?: string },
    ): Promise<SecondFactorCheck> {
      const row = await findTotp(db, userId);
      if (!row?.secret) return 'none';
      if (given.totp !== undefined) {
        const step = stepOf(box.open(row.secret), given.totp);
        return step !== undefined && (await useTotpStep(db, userId, step)) ? 'passed' : 'wrongTotp';
      }
      if (given.recoveryCode !== undefined)
        return (await useRecoveryCode(db, userId, recoveryHash(userId, given.recoveryCode)))
          ? 'passed'
          : 'wrongRecoveryCode';
      return 'missing';
    },

    /** A new secret waiting for its first code (any earlier unconfirmed one is dropped). */
    async beginSetup(userId: string, email: string) {
      if ((await findTotp(db, userId))?.secret) throw badRequest(securityMessages.totpAlreadySetUp);
      const secret = newTotpSecret();
      await savePendingTotp(db, userId, box.seal(secret));
      return { secret, uri: staffTotp(secret, email).toString() };
    },

    /** Turns the waiting secret on when `code` matches it; answers the new recovery codes, in clear, once. */
    async confirmSetup(tx: Tx, userId: string, code: string) {
      const row = await findTotp(tx, userId);
      if (row?.secret) throw badRequest(securityMessages.totpAlreadySetUp);
      if (!row?.pendingSecret) throw badRequest(securityMessages.totpSetupMissing);
      const step = stepOf(box.open(row.pendingSecret), code);
      if (step === undefined) throw wrongTotp();
      await enableTotp(tx, userId, row.pendingSecret);
      await useTotpStep(tx, userId, step);
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await replaceRecoveryCodes(
        tx,
        userId,
        codes.map((c) => recoveryHash(userId, c)),
      );
      return codes;
    },

    /**
     * Sets the secret given at start (ADMIN_TOTP_SECRET); unchanged when it already is this one.
     * A new secret drops the recovery codes of the old one. True when it changed (the caller ends
     * the sessions opened with the old one).
     */
    async ensureSecret(tx: Tx, userId: string, base32: string) {
      const secret = parseTotpSecret(base32);
      const row = await findTotp(tx, userId);
      if (row?.secret && box.open(row.secret) === secret) return false;
      await enableTotp(tx, userId, box.seal(secret));
      await replaceRecoveryCodes(tx, userId, []);
      return true;
    },
  };
}

export type SecondFactor = ReturnType<typeof createSecondFactor>;
