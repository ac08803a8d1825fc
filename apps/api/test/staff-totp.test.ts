import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { authMessages, messages, securityMessages } from '@tmc/shared';
import type { Config } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import { recoveryCodes, userTotp } from '../src/db/schema/index.ts';
import { ensureAdmin } from '../src/modules/auth/ensure-admin.ts';
import { freshEmail, PASSWORD, RESET_SUBJECT, verifiedUser } from './auth-helpers.ts';
import {
  STAFF_PASSWORD,
  useMailedApp,
  verifiedStaff,
  type Mailbox,
  type ApiClient,
} from './app-helpers.ts';
import {
  enrolmentToken,
  freshTotpCode,
  STAFF_TOTP_SECRET,
  staffLogin,
  totpCode,
} from './staff-helpers.ts';

let app: FastifyInstance, db: Db, config: Config, box: Mailbox, client: ApiClient;

useMailedApp((t) => ({ app, db, config, box, client } = t));

const TOTP_REQUIRED = {
  code: 401,
  message: securityMessages.totpRequired,
  data: null,
  errors: { totp: securityMessages.totpRequired },
};
/** A code was given and is wrong, expired or used: the buyer hears so, not "enter the code". */
const TOTP_WRONG = {
  code: 401,
  message: securityMessages.totpWrong,
  data: null,
  errors: { totp: securityMessages.totpWrong },
};

const staffWithTotp = async () => (await verifiedStaff(db, config)).email;

const login = (body: Record<string, unknown>) => client.post('/v1/auth/login', body);
const stats = (token: string) => client.get('/v1/admin/stats', { token });

describe('staff login with TOTP (API.md, Admin)', () => {
  it('answers 401 errors.totp to the right password without a code or with a wrong one', async () => {
    const email = await staffWithTotp();
    const without = await login({ email, password: STAFF_PASSWORD });
    expect(without.statusCode).toBe(401);
    expect(without.json()).toEqual(TOTP_REQUIRED);
    for (const totp of [totpCode(STAFF_TOTP_SECRET, 10), '12345', 'not a code']) {
      const wrong = await login({ email, password: STAFF_PASSWORD, totp });
      expect(wrong.statusCode, totp).toBe(401);
      expect(wrong.json()).toEqual(TOTP_WRONG);
    }
  });

  it('keeps the 400 for a wrong password, with or without a code', async () => {
    const email = await staffWithTotp();
    for (const totp of [undefined, totpCode()]) {
      const res = await login({ email, password: 'wrong password', totp });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, message: messages.badCredentials });
    }
  });

  it('opens the console with the current code, carries the second factor across refresh, and takes each code once', async () => {
    const email = await staffWithTotp();
    const code = freshTotpCode(email);
    const res = await login({ email, password: STAFF_PASSWORD, totp: code });
    expect(res.statusCode, res.body).toBe(200);
    const { tokens, user } = res.json().data;
    expect(user).toMatchObject({ email, role: 'admin' });
    expect(decodeJwt(tokens.access.token)).toMatchObject({ mfa: true });
    expect((await stats(tokens.access.token)).statusCode).toBe(200);

    const refreshed = await client.post('/v1/auth/refresh-tokens', {
      refreshToken: tokens.refresh.token,
    });
    expect(refreshed.statusCode).toBe(200);
    expect((await stats(refreshed.json().data.tokens.access.token)).statusCode).toBe(200);

    const replay = await login({ email, password: STAFF_PASSWORD, totp: code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(TOTP_WRONG);
  });

  it('stores the secret encrypted, and keeps it when the start-up secret is given again', async () => {
    const email = await staffWithTotp();
    const { user } = await staffLogin(app, email, STAFF_PASSWORD);
    const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, user._id));
    expect(row!.secret).not.toContain(STAFF_TOTP_SECRET);
    expect(row!.secret).not.toContain(STAFF_TOTP_SECRET.slice(0, 16));
    // A restart with the same ADMIN_TOTP_SECRET keeps the record of used codes.
    await ensureAdmin(db, config, {
      email,
      password: STAFF_PASSWORD,
      totpSecret: STAFF_TOTP_SECRET,
    });
    const [again] = await db.select().from(userTotp).where(eq(userTotp.userId, user._id));
    expect(again).toEqual(row);
    await expect(
      ensureAdmin(db, config, { email, password: STAFF_PASSWORD, totpSecret: 'not-base32!' }),
    ).rejects.toThrow(/base32/);
  });
});

describe('setting up the authenticator from the console', () => {
  it('lets an admin without one sign in but not into /v1/admin, then turns it on with recovery codes', async () => {
    const email = freshEmail('new-staff');
    await ensureAdmin(db, config, { email, password: STAFF_PASSWORD });
    const first = await login({ email, password: STAFF_PASSWORD });
    expect(first.statusCode, first.body).toBe(200);
    const oldAccess = first.json().data.tokens.access.token as string;
    const refused = await stats(oldAccess);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(securityMessages.secondFactorRequired);
    expect((await client.get('/v1/auth/totp', { token: oldAccess })).json().data).toEqual({
      enabled: false,
      session: false,
    });

    // The setup opens only with the link mailed to the account, once.
    const noLink = await client.post(
      '/v1/auth/totp/setup',
      { token: 'made-up' },
      { token: oldAccess },
    );
    expect(noLink.statusCode).toBe(400);
    expect(noLink.json().message).toBe(authMessages.linkToken);
    const link = await enrolmentToken(app, box, oldAccess, email);
    const setup = await client.post('/v1/auth/totp/setup', { token: link }, { token: oldAccess });
    expect(setup.statusCode, setup.body).toBe(200);
    const linkAgain = await client.post(
      '/v1/auth/totp/setup',
      { token: link },
      { token: oldAccess },
    );
    expect(linkAgain.statusCode).toBe(400);
    expect(linkAgain.json().message).toBe(authMessages.linkToken);
    const { secret, uri } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe('otpauth:');
    expect(parsed.searchParams.get('secret')).toBe(secret);
    expect(parsed.searchParams.get('issuer')).toBe('TMC Presale');
    expect(parsed.searchParams.get('period')).toBe('30');
    expect(parsed.searchParams.get('digits')).toBe('6');
    expect(decodeURIComponent(parsed.pathname)).toContain(email);

    const wrong = await client.post(
      '/v1/auth/totp/confirm',
      { totp: totpCode(secret, 10) },
      { token: oldAccess },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ totp: securityMessages.totpRequired });
    expect((await login({ email, password: STAFF_PASSWORD })).statusCode).toBe(200);

    const confirmed = await client.post(
      '/v1/auth/totp/confirm',
      { totp: totpCode(secret) },
      { token: oldAccess },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recoveryCodes: codes, tokens } = confirmed.json().data;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Stored hashed only.
    const stored = await db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, first.json().data.user._id as string));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes).not.toContain(row.codeHash);

    // Logins opened without it end; this one goes on with it.
    expect((await client.get('/v1/auth/me', { token: oldAccess })).statusCode).toBe(401);
    expect((await stats(tokens.access.token)).statusCode).toBe(200);
    expect((await client.get('/v1/auth/totp', { token: tokens.access.token })).json().data).toEqual(
      { enabled: true, session: true },
    );
    const twice = await client.post(
      '/v1/auth/totp/enrolment-link',
      {},
      { token: tokens.access.token },
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(securityMessages.totpAlreadySetUp);

    // From now on the password alone is not enough; a recovery code stands in for the app, once.
    expect((await login({ email, password: STAFF_PASSWORD })).json()).toEqual(TOTP_REQUIRED);
    const recovered = await login({ email, password: STAFF_PASSWORD, recoveryCode: codes[3] });
    expect(recovered.statusCode, recovered.body).toBe(200);
    expect((await stats(recovered.json().data.tokens.access.token)).statusCode).toBe(200);
    const reused = await login({ email, password: STAFF_PASSWORD, recoveryCode: codes[3] });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().errors).toEqual({ recoveryCode: securityMessages.recoveryCodeInvalid });
    const upperCase = await login({
      email,
      password: STAFF_PASSWORD,
      recoveryCode: ` ${(codes[4] as string).toUpperCase()} `,
    });
    expect(upperCase.statusCode).toBe(200);
  });

  it('is for staff only', async () => {
    const { access } = await verifiedUser(app, box);
    for (const url of ['/v1/auth/totp/enrolment-link', '/v1/auth/totp/setup']) {
      const res = await client.post(url, { token: 'x' }, { token: access });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(securityMessages.staffOnly);
      expect((await client.post(url, { token: 'x' })).statusCode).toBe(401);
    }
  });
});

describe('ending sessions', () => {
  it('ends the earlier sessions of an account that ADMIN_EMAIL or admin:create makes an admin', async () => {
    const { email, access, refresh } = await verifiedUser(app, box);
    await ensureAdmin(db, config, { email, password: STAFF_PASSWORD });
    expect((await client.get('/v1/auth/me', { token: access })).statusCode).toBe(401);
    expect(
      (await client.post('/v1/auth/refresh-tokens', { refreshToken: refresh })).statusCode,
    ).toBe(401);
    // Run again for an account that is an admin already, it leaves its sessions alone.
    const session = await login({ email, password: STAFF_PASSWORD });
    await ensureAdmin(db, config, { email, password: STAFF_PASSWORD });
    const token = session.json().data.tokens.access.token as string;
    expect((await client.get('/v1/auth/me', { token })).statusCode).toBe(200);
  });

  it('makes the access tokens of every other session fail after a password reset', async () => {
    const { email, access } = await verifiedUser(app, box);
    expect((await client.get('/v1/auth/me', { token: access })).statusCode).toBe(200);
    await client.post('/v1/auth/forgetPasswordOTP', { email });
    const otp = await box.nextCode(email, RESET_SUBJECT);
    const { resetToken } = (
      await client.post('/v1/auth/forgetOTPVerfication', { email, otp })
    ).json().data;
    const reset = await client.post('/v1/auth/forgetPassword', {
      email,
      password: 'a brand new password',
      resetToken,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await client.get('/v1/auth/me', { token: access })).statusCode).toBe(401);
    const fresh = await login({ email, password: 'a brand new password' });
    expect(
      (await client.get('/v1/auth/me', { token: fresh.json().data.tokens.access.token }))
        .statusCode,
    ).toBe(200);
    expect((await login({ email, password: PASSWORD })).statusCode).toBe(400);
  });
});
