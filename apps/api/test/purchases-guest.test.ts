import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { messages } from '@tmc/shared';
import type { Db } from '../src/db/client.ts';
import { otpCodes, purchases, users } from '../src/db/schema/index.ts';
import { freshEmail, freshIp, PASSWORD, VERIFY_SUBJECT, verifiedUser } from './auth-helpers.ts';
import { audBankId, bankBody, counts, PDF, REFERENCE, upload } from './purchases-helpers.ts';
import { useMailedApp, type Mailbox, type ApiClient } from './app-helpers.ts';

let app: FastifyInstance, db: Db, box: Mailbox, client: ApiClient;
let bankId: string;

useMailedApp(async (t) => {
  ({ app, db, box, client } = t);
  bankId = await audBankId(app);
});

const guestBuy = (body: object, ip?: string) =>
  client.post('/v1/purchase/add-noUser', body, { ip });

const guestBody = async (guest: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  bankBody(bankId, (await upload(app)).link, { ...guest, ...extra });

const userRow = async (email: string) =>
  (await db.select().from(users).where(eq(users.email, email)))[0];

async function refused(body: object, message: string) {
  const before = await counts(db);
  const res = await guestBuy(body);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ code: 400, message, data: null });
  expect(await counts(db)).toEqual(before);
  return res;
}

describe("guest checkout: 'Create new account'", () => {
  it('makes the account, mails its code, signs it in at once and files the request under it', async () => {
    const email = freshEmail('guest');
    const res = await guestBuy(
      await guestBody({ email: `  ${email.toUpperCase()}`, password: PASSWORD, name: ' Grace ' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { code, data } = res.json();
    expect(code).toBe(201);
    expect(data.msg).toMatch(/presale request submitted/i);
    expect(data.userData).toMatchObject({ email, name: 'Grace', emailVerified: false });
    expect(data.data.user).toMatchObject({ _id: data.userData._id, email });
    expect(data.purchase).toMatchObject({ status: 0, investmentAmount: '833.33' });
    expect(data.purchase.reference).toMatch(REFERENCE);

    const { access, refresh } = data.data.tokens;
    const me = await client.get('/v1/auth/me', { token: access.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user).toMatchObject({ _id: data.userData._id, email });
    const list = await client.get('/v1/purchase/getmypurchase', { token: access.token });
    expect(list.json().data.data.map((p: { _id: string }) => p._id)).toEqual([data.purchase._id]);
    expect(
      (await client.post('/v1/auth/refresh-tokens', { refreshToken: refresh.token })).statusCode,
    ).toBe(200);

    // The code reaches a real SMTP server and verifies the e-mail where the buyer is signed in
    // (the session only this password opens stands for it).
    const otp = await box.nextCode(email, VERIFY_SUBJECT);
    const verified = await client.post(
      '/v1/auth/otpVerification',
      { email, otp },
      { token: access.token },
    );
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).toBeNull();
    expect((await userRow(email))!.emailVerifiedAt).not.toBeNull();

    const confirmation = await box.next(email, new RegExp(data.purchase.reference as string));
    expect(confirmation.text).toContain(`Payment reference: ${data.purchase.reference}`);
  });

  it('mails the guest a fresh code of their own at the next login attempt', async () => {
    const email = freshEmail('guest-next');
    const res = await guestBuy(await guestBody({ email, password: PASSWORD, name: 'Grace' }));
    expect(res.statusCode, res.body).toBe(201);
    await box.nextCode(email, VERIFY_SUBJECT);

    const login = await client.post('/v1/auth/login', { email, password: PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(messages.verifyEmail);
    const fresh = await box.nextCode(email, VERIFY_SUBJECT);

    expect(
      (await client.post('/v1/auth/otpVerification', { email, otp: fresh, password: PASSWORD }))
        .statusCode,
    ).toBe(200);
    expect((await client.post('/v1/auth/login', { email, password: PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('refuses an e-mail that has an account, and changes nothing', async () => {
    const existing = await verifiedUser(app, box);
    const res = await refused(
      await guestBody({ email: existing.email, password: 'another password', name: 'Mallory' }),
      messages.emailTaken,
    );
    expect(res.json().errors).toEqual({ email: messages.emailTaken });
    const row = await userRow(existing.email);
    expect(row!.name).toBe('Ada');
    const login = await client.post('/v1/auth/login', {
      email: existing.email,
      password: existing.password,
    });
    expect(login.statusCode).toBe(200);
  });

  it('on an unverified account holds the new account as a sign-up redo and asks to verify first: nothing is filed, nobody signed in', async () => {
    const email = freshEmail('unverified');
    expect(
      (await client.post('/v1/auth/signup', { email, name: 'Ada', password: PASSWORD })).statusCode,
    ).toBe(201);
    await box.nextCode(email, VERIFY_SUBJECT);
    await db
      .update(otpCodes)
      .set({ createdAt: sql`now() - make_interval(secs => 61)` })
      .where(eq(otpCodes.email, email));
    const before = await counts(db);
    const held = await guestBuy(
      await guestBody({ email, password: 'another password', name: 'Mallory' }),
    );
    expect(held.statusCode, held.body).toBe(403);
    expect(held.json()).toEqual({ code: 403, message: messages.verifyEmail, data: null });
    expect(await counts(db)).toEqual(before);
    // The redo counts only with the mailed code and its password; the first password stays until then.
    const otp = await box.nextCode(email, VERIFY_SUBJECT);
    expect(
      (await client.post('/v1/auth/login', { email, password: 'another password' })).statusCode,
    ).toBe(400);
    const verified = await client.post('/v1/auth/otpVerification', {
      email,
      otp,
      password: 'another password',
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data).toBeNull();
    expect((await userRow(email))!.name).toBe('Mallory');
    const bought = await guestBuy(await guestBody({ email, password: 'another password' }));
    expect(bought.statusCode, bought.body).toBe(201);
  });

  it('makes no account when the purchase fails', async () => {
    const email = freshEmail('nobody');
    const bad = await upload(app, { contentType: 'application/pdf', bytes: PDF });
    await refused(
      bankBody(bankId, bad.link, { email, password: PASSWORD, name: 'Nobody' }),
      'receiptUrl: the file is not a valid image',
    );
    expect(await userRow(email)).toBeUndefined();
    await refused(
      await guestBody({ email, password: PASSWORD, name: 'Nobody' }, { investmentAmount: '900' }),
      messages.ratesChanged,
    );
    expect(await userRow(email)).toBeUndefined();
  });

  it('checks name, e-mail, password and referral code with the spec messages', async () => {
    const email = freshEmail('checks');
    const body = await guestBody({ email, password: PASSWORD, name: 'Checker' });
    const without = (field: string) =>
      Object.fromEntries(Object.entries(body).filter(([k]) => k !== field));

    let res = await refused(without('email'), messages.guestEmail);
    expect(res.json().errors).toEqual({ email: messages.guestEmail });
    await refused({ ...body, email: '' }, messages.guestEmail);
    await refused({ ...body, email: 'not-an-email' }, messages.email);
    res = await refused(without('password'), messages.guestPassword);
    expect(res.json().errors).toEqual({ password: messages.guestPassword });
    res = await refused({ ...body, name: '   ' }, messages.guestName);
    expect(res.json().errors).toEqual({ name: messages.guestName });
    await refused({ ...body, password: 'short' }, messages.signupPassword);
    res = await refused({ ...body, referralCode: 'NOSUCHCODE' }, messages.invalidReferral);
    expect(res.json().errors).toEqual({ referralCode: messages.invalidReferral });
    // The purchase checks apply as on /add.
    await refused(without('receiptUrl'), messages.receipt);
    await refused({ ...body, wallet: '0xabc' }, messages.walletFormat);
    expect(await userRow(email)).toBeUndefined();
  });

  it('records the affiliate whose referral code is given', async () => {
    const affiliate = await verifiedUser(app, box, { name: 'Affiliate' });
    const joined = await client.post('/v1/auth/become-affiliate', {}, { token: affiliate.access });
    const code = joined.json().data.user.affiliateCode as string;
    const email = freshEmail('referred');
    const res = await guestBuy(
      await guestBody({
        email,
        password: PASSWORD,
        name: 'Referred',
        referralCode: code.toLowerCase(),
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect((await userRow(email))!.referredBy).toBe(affiliate.user._id);
  });

  it('lets a later sign-up with the same e-mail take the account over alone once its code and password are given', async () => {
    const email = freshEmail('takeover');
    const res = await guestBuy(await guestBody({ email, password: PASSWORD, name: 'Guest' }));
    expect(res.statusCode).toBe(201);
    const { refresh } = res.json().data.data.tokens;
    await box.next(email, VERIFY_SUBJECT);
    // The mailbox owner redoes the unverified sign-up (allowed a minute after the last code).
    await db
      .update(otpCodes)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(otpCodes.email, email));
    const signup = await client.post('/v1/auth/signup', {
      email,
      name: 'Owner',
      password: 'owner password',
    });
    expect(signup.statusCode, signup.body).toBe(201);
    // Until the redo's code is verified the guest keeps the account and its login.
    const rotated = await client.post('/v1/auth/refresh-tokens', { refreshToken: refresh.token });
    expect(rotated.statusCode).toBe(200);
    const otp = await box.nextCode(email, VERIFY_SUBJECT);
    expect(
      (await client.post('/v1/auth/otpVerification', { email, otp, password: 'owner password' }))
        .statusCode,
    ).toBe(200);
    const guestRefresh = rotated.json().data.tokens.refresh.token as string;
    expect(
      (await client.post('/v1/auth/refresh-tokens', { refreshToken: guestRefresh })).statusCode,
    ).toBe(401);
    expect((await userRow(email))!.name).toBe('Owner');
  });
});

describe("guest checkout: 'Login to proceed'", () => {
  it('files the request under the account whose password is given and signs it in', async () => {
    const owner = await verifiedUser(app, box, { name: 'Returning' });
    const res = await guestBuy(
      await guestBody({ email: owner.email.toUpperCase(), password: owner.password }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json();
    expect(data.userData).toMatchObject({ _id: owner.user._id, emailVerified: true });
    expect(data.data.user._id).toBe(owner.user._id);
    const me = await client.get('/v1/auth/me', { token: data.data.tokens.access.token });
    expect(me.json().data.user._id).toBe(owner.user._id);
    const [row] = await db
      .select()
      .from(purchases)
      .where(eq(purchases.id, data.purchase._id as string));
    expect(row!.userId).toBe(owner.user._id);
  });

  it('answers a wrong password or an unknown e-mail with the login message, and files nothing', async () => {
    const owner = await verifiedUser(app, box);
    const res = await refused(
      await guestBody({ email: owner.email, password: 'wrong password' }),
      messages.badCredentials,
    );
    expect(res.json().data).toBeNull();
    await refused(
      await guestBody({ email: freshEmail('unknown'), password: PASSWORD }),
      messages.badCredentials,
    );
    const mine = await client.get('/v1/purchase/getmypurchase', { token: owner.access });
    expect(mine.json().data.totalResults).toBe(0);
  });

  it('answers an account that is not verified yet as a login does: 403 and a fresh code', async () => {
    const email = freshEmail('later');
    const first = await guestBuy(await guestBody({ email, password: PASSWORD, name: 'Later' }));
    expect(first.statusCode).toBe(201);
    await box.nextCode(email, VERIFY_SUBJECT);
    const again = await guestBuy(await guestBody({ email, password: PASSWORD }));
    expect(again.statusCode, again.body).toBe(403);
    expect(again.json().message).toBe(messages.verifyEmail);
    await box.nextCode(email, VERIFY_SUBJECT);
  });

  it('counts wrong passwords towards the login limit', async () => {
    const owner = await verifiedUser(app, box);
    const ip = freshIp();
    const body = await guestBody({ email: owner.email, password: 'wrong password' });
    for (let i = 0; i < 10; i++) expect((await guestBuy(body, ip)).statusCode).toBe(400);
    const limited = await guestBuy({ ...body, password: owner.password });
    expect(limited.statusCode).toBe(429);
  });
});

describe('guest checkout: limits', () => {
  it('is rate limited per IP', async () => {
    const ip = freshIp();
    // Cheap requests that fail after being counted (the bank is checked after the limit).
    const body = bankBody(
      '00000000-0000-4000-8000-000000000000',
      'http://127.0.0.1:3999/files/x.png',
      {
        email: freshEmail('limit'),
        password: PASSWORD,
      },
    );
    for (let i = 0; i < 20; i++) expect((await guestBuy(body, ip)).statusCode).toBe(400);
    const limited = await guestBuy(body, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await guestBuy(body, freshIp())).statusCode).toBe(400);
  });
});
