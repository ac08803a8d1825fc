import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@tmc/shared';
import type { Db } from '../src/db/client.ts';
import { otpCodes, users } from '../src/db/schema/index.ts';
import { freshEmail, freshIp, PASSWORD, VERIFY_SUBJECT, verifyCode } from './auth-helpers.ts';
import { useMailedApp, type Mailbox, type ApiClient } from './app-helpers.ts';

let db: Db, box: Mailbox, client: ApiClient;

// Concurrent sign-ups and code tries race for real only on PostgreSQL.
useMailedApp((t) => ({ db, box, client } = t), { postgres: true });

const userRow = async (email: string) =>
  (await db.select().from(users).where(eq(users.email, email)))[0];
const codeRow = async (email: string, purpose: 'verifyemail' | 'verifyUser' = 'verifyemail') =>
  (
    await db
      .select()
      .from(otpCodes)
      .where(sql`${otpCodes.email} = ${email} and ${otpCodes.purpose} = ${purpose}`)
  )[0];
/** As if the last code had gone out this long ago (the one-a-minute rule reads created_at). */
const ageLastCode = (email: string, seconds: number) =>
  db
    .update(otpCodes)
    .set({ createdAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(otpCodes.email, email));
const signUp = (email: string, extra: Record<string, unknown> = {}, ip?: string) =>
  client.post('/v1/auth/signup', { email, name: 'Ada', password: PASSWORD, ...extra }, { ip });

describe('sign-up to first login', () => {
  it('mails a code through SMTP that verifies the e-mail, then login and me work', async () => {
    const email = freshEmail('flow');
    const signup = await client.post('/v1/auth/signup', {
      email: `  ${email.toUpperCase()} `,
      name: '  Ada Lovelace ',
      password: PASSWORD,
    });
    expect(signup.statusCode).toBe(201);
    expect(signup.json()).toMatchObject({ code: 201, data: { email } });

    const mail = await box.next(email, VERIFY_SUBJECT);
    // The address is not proven yet: the name the requester typed is not repeated to it.
    expect(mail.text).not.toContain('Ada Lovelace');
    expect(mail.text).toContain('Hi there,');
    expect(/^\s+(\d{4})\s*$/m.exec(mail.text)).not.toBeNull();

    // A login before verifying leaves a fresh code (the one to use from now on).
    const early = await client.post('/v1/auth/login', { email, password: PASSWORD });
    expect(early.statusCode).toBe(403);
    const otp = await box.nextCode(email, VERIFY_SUBJECT);

    const verify = await verifyCode(client, email, otp, PASSWORD);
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({ code: 200, data: null });
    await box.next(email, /Welcome/);

    const login = await client.post('/v1/auth/login', {
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    const { user, tokens } = login.json().data;
    expect(user).toMatchObject({
      name: 'Ada Lovelace',
      email,
      emailVerified: true,
      isAffiliated: false,
      role: 'user',
    });

    const me = await client.get('/v1/auth/me', { token: tokens.access.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user).toEqual(user);
    expect(Object.keys(user as object).sort()).toEqual([
      '_id',
      'affiliateCode',
      'createdAt',
      'email',
      'emailVerified',
      'isAffiliated',
      'isInfluencer',
      'name',
      'role',
      'walletAddress',
    ]);
    expect(login.body).not.toContain('argon2');
  });

  it('stores the password as argon2id, the code as a hash and the sign-up IP as a keyed hash', async () => {
    const email = freshEmail('stored');
    const ip = freshIp();
    expect((await signUp(email, {}, ip)).statusCode).toBe(201);
    const otp = await box.nextCode(email, VERIFY_SUBJECT);
    const row = (await userRow(email))!;
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.signupIpHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.signupIpHash).not.toContain(ip);
    const code = (await codeRow(email))!;
    expect(code.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(code.codeHash).not.toContain(otp);
    expect(code.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(code.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000 + 5_000);
  });
});

describe('sign-up validation', () => {
  it('answers field errors with the spec messages', async () => {
    const res = await client.post('/v1/auth/signup', {
      email: 'not-an-email',
      name: '   ',
      password: 'short',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 400,
      message: messages.email,
      data: null,
      errors: { email: messages.email, name: messages.name, password: messages.signupPassword },
    });
  });

  it('answers missing fields with the same messages', async () => {
    const res = await client.post('/v1/auth/signup', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      email: messages.email,
      name: messages.name,
      password: messages.signupPassword,
    });
  });

  it.each(['a@b', 'a b@c.de', '@c.de', 'a@.'])('refuses %s as an e-mail', async (email) => {
    const res = await signUp(email);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ email: messages.email });
  });

  it('takes an empty referral code as none', async () => {
    const email = freshEmail('noref');
    expect((await signUp(email, { referralCode: '  ' })).statusCode).toBe(201);
    expect((await userRow(email))!.referredBy).toBeNull();
  });
});

describe('one account per e-mail', () => {
  it('refuses a verified e-mail, however it is typed', async () => {
    const email = freshEmail('dup');
    expect((await signUp(email)).statusCode).toBe(201);
    await verifyCode(client, email, await box.nextCode(email, VERIFY_SUBJECT), PASSWORD);
    const again = await signUp(` ${email.toUpperCase()}`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: messages.emailTaken,
      errors: { email: messages.emailTaken },
    });
  });

  it('makes exactly one account out of 20 concurrent sign-ups', async () => {
    const email = freshEmail('race');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signUp(email, { name: `Racer ${i}` })),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.every((c) => c === 201 || c === 400 || c === 429)).toBe(true);
    for (const r of answers.filter((a) => a.statusCode === 400))
      expect(r.json().message).toBe(messages.emailTaken);
    const rows = await db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    // The one code mailed belongs to the one account.
    const otp = await box.nextCode(email, VERIFY_SUBJECT);
    expect((await verifyCode(client, email, otp, PASSWORD)).statusCode).toBe(200);
  });

  it('lets an unverified sign-up be redone a minute later: its code and its password apply it', async () => {
    const email = freshEmail('redo');
    expect((await signUp(email, { password: 'first password' })).statusCode).toBe(201);
    const first = await box.nextCode(email, VERIFY_SUBJECT);

    const tooSoon = await signUp(email, { password: 'second password' });
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);

    await ageLastCode(email, 61);
    const redo = await signUp(email, { name: 'Ada Again', password: 'second password' });
    expect(redo.statusCode).toBe(201);
    const second = await box.nextCode(email, VERIFY_SUBJECT);
    const firstAgain = first === second ? 400 : (await verifyCode(client, email, first)).statusCode;
    expect(firstAgain).toBe(400);
    expect((await verifyCode(client, email, second, 'second password')).statusCode).toBe(200);
    expect(
      (await client.post('/v1/auth/login', { email, password: 'first password' })).statusCode,
    ).toBe(400);
    const login = await client.post('/v1/auth/login', { email, password: 'second password' });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user.name).toBe('Ada Again');
  });

  it('limits sign-ups to 10 an hour per IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++)
      expect((await signUp(freshEmail('burst'), {}, ip)).statusCode).toBe(201);
    const over = await signUp(freshEmail('burst'), {}, ip);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('referral codes', () => {
  const makeAffiliate = async (code: string) => {
    const email = freshEmail('aff');
    expect((await signUp(email)).statusCode).toBe(201);
    await db
      .update(users)
      .set({ isAffiliated: true, affiliateCode: code, emailVerifiedAt: new Date() })
      .where(eq(users.email, email));
    return (await userRow(email))!;
  };

  it("refuses a code that is no affiliate's", async () => {
    const res = await signUp(freshEmail('ref'), { referralCode: 'NOPE2345' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: messages.invalidReferral,
      errors: { referralCode: messages.invalidReferral },
    });
  });

  it('refuses the code of a user who is not (or no longer) an affiliate', async () => {
    const former = await makeAffiliate('FORMER23');
    await db.update(users).set({ isAffiliated: false }).where(eq(users.id, former.id));
    expect((await signUp(freshEmail('ref'), { referralCode: 'FORMER23' })).statusCode).toBe(400);
  });

  it('stores the affiliate as referrer, whatever the case of the code', async () => {
    const affiliate = await makeAffiliate('ABCD2345');
    const email = freshEmail('referred');
    expect((await signUp(email, { referralCode: ' abcd2345 ' })).statusCode).toBe(201);
    expect((await userRow(email))!.referredBy).toBe(affiliate.id);
  });
});

describe('codes', () => {
  const pending = async () => {
    const email = freshEmail('code');
    expect((await signUp(email)).statusCode).toBe(201);
    return { email, otp: await box.nextCode(email, VERIFY_SUBJECT) };
  };
  const verify = (email: string, otp: string, ip?: string) =>
    client.post('/v1/auth/otpVerification', { email, otp }, { ip });
  const wrong = (otp: string) => String((Number(otp) + 1) % 10_000).padStart(4, '0');

  it('answers a malformed code with the spec message', async () => {
    for (const otp of ['12', '12345', 'abcd', '']) {
      const res = await verify('someone@example.com', otp);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: messages.otpDigits,
        errors: { otp: messages.otpDigits },
      });
    }
  });

  it('kills a code after 5 wrong tries: then even the right one fails', async () => {
    const { email, otp } = await pending();
    for (let i = 0; i < 5; i++) {
      const res = await verify(email, wrong(otp));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messages.invalidCode);
    }
    const right = await verify(email, otp);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(messages.invalidCode);
    expect((await userRow(email))!.emailVerifiedAt).toBeNull();
  });

  it('accepts the right code on the fifth try', async () => {
    const { email, otp } = await pending();
    for (let i = 0; i < 4; i++) expect((await verify(email, wrong(otp))).statusCode).toBe(400);
    expect((await verify(email, otp)).statusCode).toBe(200);
  });

  it('counts concurrent wrong tries too', async () => {
    const { email, otp } = await pending();
    await Promise.all(Array.from({ length: 8 }, () => verify(email, wrong(otp))));
    expect((await codeRow(email))!.attempts).toBe(5);
    expect((await verify(email, otp)).statusCode).toBe(400);
  });

  it('refuses an expired code', async () => {
    const { email, otp } = await pending();
    await db
      .update(otpCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(otpCodes.email, email));
    const res = await verify(email, otp);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.invalidCode);
  });

  it('uses a code once', async () => {
    const { email, otp } = await pending();
    expect((await verify(email, otp)).statusCode).toBe(200);
    expect((await verify(email, otp)).statusCode).toBe(400);
  });

  it('does not take a sign-up code for a password reset', async () => {
    const { email, otp } = await pending();
    const res = await client.post('/v1/auth/forgetOTPVerfication', { email, otp });
    expect(res.statusCode).toBe(400);
    expect((await verify(email, otp)).statusCode).toBe(200);
  });

  it('limits code checks per IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) await verify('nobody@example.com', '0000', ip);
    expect((await verify('nobody@example.com', '0000', ip)).statusCode).toBe(429);
  });
});

describe('resending codes', () => {
  const resend = (email: string, type = 'verifyemail') =>
    client.post('/v1/auth/resendOTP', { email, type });

  it('answers 429 with retry-after within a minute of the last code, then sends a new one that replaces it', async () => {
    const email = freshEmail('resend');
    expect((await signUp(email)).statusCode).toBe(201);
    const first = await box.nextCode(email, VERIFY_SUBJECT);

    const soon = await resend(email);
    expect(soon.statusCode).toBe(429);
    const retryAfter = Number(soon.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    await ageLastCode(email, 61);
    const later = await resend(email);
    expect(later.statusCode).toBe(200);
    const second = await box.nextCode(email, VERIFY_SUBJECT);
    // The first code is dead (unless the new one happens to be the same four digits).
    const firstAgain = first === second ? 400 : (await verifyCode(client, email, first)).statusCode;
    expect(firstAgain).toBe(400);
    expect((await verifyCode(client, email, second, PASSWORD)).statusCode).toBe(200);
  });

  it('sends at most 5 codes an hour per e-mail and purpose', async () => {
    const email = freshEmail('hourly');
    expect((await signUp(email)).statusCode).toBe(201);
    await box.nextCode(email);
    for (let n = 2; n <= 5; n++) {
      await ageLastCode(email, 61);
      expect((await resend(email)).statusCode, `code ${n}`).toBe(200);
      await box.nextCode(email);
    }
    await ageLastCode(email, 61);
    const sixth = await resend(email);
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(60);
    // The other purpose has its own count.
    expect((await resend(email, 'verifyUser')).statusCode).toBe(200);
  });

  it('answers an unknown e-mail exactly like a known one, and sends nothing', async () => {
    const known = freshEmail('known');
    expect((await signUp(known)).statusCode).toBe(201);
    await box.nextCode(known);
    await ageLastCode(known, 61);
    const unknown = freshEmail('ghost');

    const a = await resend(known);
    const b = await resend(unknown);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    await box.nextCode(known);
    expect(await box.unread(unknown)).toHaveLength(0);

    // The minute rule holds for both alike.
    expect((await resend(known)).statusCode).toBe(429);
    expect((await resend(unknown)).statusCode).toBe(429);
  });

  it('sends no sign-up code to a verified account', async () => {
    const email = freshEmail('verified');
    expect((await signUp(email)).statusCode).toBe(201);
    await verifyCode(client, email, await box.nextCode(email), PASSWORD);
    await box.next(email, /Welcome/);
    await ageLastCode(email, 61);
    expect((await resend(email)).statusCode).toBe(200);
    expect(await box.unread(email)).toHaveLength(0);
  });

  it('refuses an unknown type', async () => {
    const res = await resend(freshEmail(), 'other');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors as object)).toEqual(['type']);
  });
});
