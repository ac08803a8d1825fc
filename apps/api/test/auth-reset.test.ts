import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { authMessages, messages } from '@tmc/shared';
import type { Db } from '../src/db/client.ts';
import { otpCodes, passwordResets, users } from '../src/db/schema/index.ts';
import { freshEmail, freshIp, RESET_SUBJECT, verifiedUser } from './auth-helpers.ts';
import { useMailedApp, type Mailbox, type ApiClient } from './app-helpers.ts';

let app: FastifyInstance, db: Db, box: Mailbox, client: ApiClient;

useMailedApp((t) => ({ app, db, box, client } = t));

const askCode = (email: string, ip?: string) =>
  client.post('/v1/auth/forgetPasswordOTP', { email }, { ip });
const checkCode = (email: string, otp: string) =>
  client.post('/v1/auth/forgetOTPVerfication', { email, otp });
const setPassword = (body: Record<string, unknown>) => client.post('/v1/auth/forgetPassword', body);
const login = (email: string, password: string) =>
  client.post('/v1/auth/login', { email, password });

/** A verified user with a reset token in hand. */
async function resetStarted() {
  const account = await verifiedUser(app, box);
  expect((await askCode(account.email)).statusCode).toBe(200);
  const otp = await box.nextCode(account.email, RESET_SUBJECT);
  const res = await checkCode(account.email, otp);
  expect(res.statusCode).toBe(200);
  return { ...account, otp, resetToken: res.json().data.resetToken as string };
}

describe('asking for a reset code', () => {
  it('answers the same whether or not the account exists, and mails only a real account', async () => {
    const { email } = await verifiedUser(app, box);
    const ghost = freshEmail('ghost');
    const known = await askCode(email);
    const unknown = await askCode(ghost);
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    const mail = await box.next(email, RESET_SUBJECT);
    // Six digits: ten wrong tries a day against a million codes, not ten thousand.
    expect(mail.text).toMatch(/^\s+\d{6}\s*$/m);
    expect(await box.unread(ghost)).toHaveLength(0);
  });

  it('is limited per e-mail (known or not) and per IP', async () => {
    const { email } = await verifiedUser(app, box);
    const ghost = freshEmail('ghost');
    for (const address of [email, ghost]) {
      expect((await askCode(address)).statusCode).toBe(200);
      const again = await askCode(address);
      expect(again.statusCode).toBe(429);
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    }
    const ip = freshIp();
    for (let i = 0; i < 20; i++)
      expect((await askCode(freshEmail('spray'), ip)).statusCode).toBe(200);
    expect((await askCode(freshEmail('spray'), ip)).statusCode).toBe(429);
  });

  it('uses the spec message for a bad e-mail', async () => {
    const res = await askCode('nope');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: messages.resetEmail,
      errors: { email: messages.resetEmail },
    });
  });
});

describe('checking the reset code', () => {
  it('takes six digits only: a four-digit code is refused as unfilled', async () => {
    const { email } = await verifiedUser(app, box);
    const res = await checkCode(email, '1234');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: messages.otpDigits,
      errors: { otp: messages.otpDigits },
    });
  });

  it('answers a wrong code like otpVerification and kills it after 5 tries', async () => {
    const { email } = await verifiedUser(app, box);
    await askCode(email);
    const otp = await box.nextCode(email, RESET_SUBJECT);
    const wrong = String((Number(otp) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) {
      const res = await checkCode(email, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messages.invalidCode);
    }
    expect((await checkCode(email, otp)).statusCode).toBe(400);
  });

  it('refuses an expired code', async () => {
    const { email } = await verifiedUser(app, box);
    await askCode(email);
    const otp = await box.nextCode(email, RESET_SUBJECT);
    await db
      .update(otpCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`${otpCodes.email} = ${email} and ${otpCodes.purpose} = 'verifyUser'`);
    expect((await checkCode(email, otp)).statusCode).toBe(400);
  });

  it('answers a reset token valid 15 minutes, stored only as a hash', async () => {
    const { user, resetToken } = await resetStarted();
    expect(resetToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await db.select().from(passwordResets).where(eq(passwordResets.userId, user._id));
    expect(row!.tokenHash).not.toContain(resetToken);
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15.1);
  });
});

describe('setting the new password', () => {
  it('changes nothing without a token or with a wrong one', async () => {
    const { email, password, refresh } = await resetStarted();
    const before = (await db.select().from(users).where(eq(users.email, email)))[0]!.passwordHash;

    const missing = await setPassword({ email, password: 'new password' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: authMessages.resetToken,
      errors: { resetToken: authMessages.resetToken },
    });

    const wrong = await setPassword({
      email,
      password: 'new password',
      resetToken: 'A'.repeat(43),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(authMessages.resetToken);

    const otherUsers = await resetStarted();
    const foreign = await setPassword({
      email,
      password: 'new password',
      resetToken: otherUsers.resetToken,
    });
    expect(foreign.statusCode).toBe(400);

    expect((await db.select().from(users).where(eq(users.email, email)))[0]!.passwordHash).toBe(
      before,
    );
    expect((await login(email, password)).statusCode).toBe(200);
    expect((await login(email, 'new password')).statusCode).toBe(400);
    expect(
      (await client.post('/v1/auth/refresh-tokens', { refreshToken: refresh })).statusCode,
    ).toBe(200);
  });

  it('sets the password, ends every session, mails a notice, and the token works once', async () => {
    const { email, password, refresh, resetToken } = await resetStarted();
    const secondDevice = (await login(email, password)).json().data.tokens.refresh.token as string;

    const res = await setPassword({ email, password: 'brand new', resetToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, data: null });

    expect((await login(email, password)).statusCode).toBe(400);
    expect((await login(email, 'brand new')).statusCode).toBe(200);
    for (const token of [refresh, secondDevice])
      expect(
        (await client.post('/v1/auth/refresh-tokens', { refreshToken: token })).statusCode,
      ).toBe(401);
    await box.next(email, /password was changed/);

    const twice = await setPassword({ email, password: 'another one', resetToken });
    expect(twice.statusCode).toBe(400);
    expect((await login(email, 'brand new')).statusCode).toBe(200);
  });

  it('takes the sign-up rule of 8 characters, with its message, and such a password logs in', async () => {
    const { email, resetToken } = await resetStarted();
    const short = await setPassword({ email, password: '1234567', resetToken });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      message: 'Password must be at least 8 characters long',
      errors: { password: 'Password must be at least 8 characters long' },
    });
    expect(messages.resetPassword).toBe(messages.signupPassword);
    expect((await setPassword({ email, password: 'abcd1234', resetToken })).statusCode).toBe(200);
    expect((await login(email, 'abcd1234')).statusCode).toBe(200);
  });

  it('refuses an expired token', async () => {
    const { email, user, resetToken } = await resetStarted();
    await db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.userId, user._id));
    expect((await setPassword({ email, password: 'brand new', resetToken })).statusCode).toBe(400);
  });

  it('closes older reset tokens once one is used', async () => {
    const { email, otp: _first, resetToken: older } = await resetStarted();
    await db
      .update(otpCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(otpCodes.email, email));
    await askCode(email);
    const newer = (await checkCode(email, await box.nextCode(email, RESET_SUBJECT))).json().data
      .resetToken as string;
    expect(
      (await setPassword({ email, password: 'brand new', resetToken: newer })).statusCode,
    ).toBe(200);
    expect(
      (await setPassword({ email, password: 'other new', resetToken: older })).statusCode,
    ).toBe(400);
  });
});
