import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@tmc/shared';
import type { Db } from '../src/db/client.ts';
import { otpCodes, pendingSignups, users } from '../src/db/schema/index.ts';
import {
  api,
  freshEmail,
  mailbox,
  VERIFY_SUBJECT,
  verifiedUser,
  type Mailbox,
} from './auth-helpers.ts';
import { audBankId, bankBody, counts, upload } from './purchases-helpers.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { buildTestApp } from './test-app.ts';

let app: FastifyInstance;
let db: Db;
let sink: SmtpSink;
let box: Mailbox;
let client: ReturnType<typeof api>;
let bankId: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  ({ app, db } = await buildTestApp({ env: { SMTP_URL: sink.url } }));
  box = mailbox(sink);
  client = api(app);
  bankId = await audBankId(app);
});
afterAll(async () => {
  await app.close();
  await sink.stop();
});

const GUEST_PASSWORD = 'guest password 1';
const ATTACKER_PASSWORD = 'attacker password 1';

const guestBuy = async (guest: Record<string, unknown>) =>
  client.post('/v1/purchase/add-noUser', bankBody(bankId, (await upload(app)).link, guest));

const userRow = async (email: string) =>
  (await db.select().from(users).where(eq(users.email, email)))[0]!;

/** The one-minute resend wait, passed. */
const passResendWait = (email: string) =>
  db
    .update(otpCodes)
    .set({ createdAt: sql`now() - make_interval(secs => 61)` })
    .where(eq(otpCodes.email, email));

const login = (email: string, password: string) =>
  client.post('/v1/auth/login', { email, password });

/** A guest who bought through 'Create new account' and has not verified yet. */
async function guestBuyer() {
  const email = freshEmail('guest');
  const res = await guestBuy({ email, password: GUEST_PASSWORD, name: 'Grace' });
  expect(res.statusCode, res.body).toBe(201);
  const { data } = res.json();
  await box.nextCode(email, VERIFY_SUBJECT);
  return {
    email,
    id: data.userData._id as string,
    purchaseId: data.purchase._id as string,
    access: data.data.tokens.access.token as string,
  };
}

async function affiliateCode() {
  const affiliate = await verifiedUser(app, box);
  const res = await client.post('/v1/auth/become-affiliate', {}, { token: affiliate.access });
  return { id: affiliate.user._id, code: res.json().data.user.affiliateCode as string };
}

describe('a second sign-up of an unverified e-mail (guest takeover)', () => {
  it('changes nothing until its code is verified: the attacker cannot log in, the guest still can', async () => {
    const guest = await guestBuyer();
    const referrer = await affiliateCode();
    const before = await userRow(guest.email);
    await passResendWait(guest.email);

    const redo = await client.post('/v1/auth/signup', {
      email: guest.email,
      name: 'Mallory',
      password: ATTACKER_PASSWORD,
      referralCode: referrer.code,
    });
    expect(redo.statusCode, redo.body).toBe(201);
    const redoCode = await box.nextCode(guest.email, VERIFY_SUBJECT);

    // The attacker's password opens nothing: neither a login nor the checkout's 'Login to proceed'.
    const attackerLogin = await login(guest.email, ATTACKER_PASSWORD);
    expect(attackerLogin.statusCode).toBe(400);
    expect(attackerLogin.json()).toMatchObject({ message: messages.badCredentials, data: null });
    const beforeAttempt = await counts(db);
    const attackerCheckout = await guestBuy({ email: guest.email, password: ATTACKER_PASSWORD });
    expect(attackerCheckout.statusCode).toBe(400);
    expect(attackerCheckout.json().message).toBe(messages.badCredentials);
    expect(await counts(db)).toEqual(beforeAttempt);

    // The account is as the guest left it, and the guest's session still works.
    const after = await userRow(guest.email);
    expect(after).toEqual(before);
    const me = await client.get('/v1/auth/me', { token: guest.access });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user).toMatchObject({ name: 'Grace', emailVerified: false });

    // 'Login to proceed' with the guest's own password files a second request under the account.
    const again = await guestBuy({ email: guest.email, password: GUEST_PASSWORD });
    expect(again.statusCode, again.body).toBe(201);
    const { data } = again.json();
    expect(data.userData._id).toBe(guest.id);
    const mine = await client.get('/v1/purchase/getmypurchase', {
      token: data.data.tokens.access.token,
    });
    expect(
      mine
        .json()
        .data.data.map((p: { _id: string }) => p._id)
        .sort(),
    ).toEqual([guest.purchaseId, data.purchase._id].sort());

    // Whoever reads the mailbox and enters the redo's code makes it count, and old sessions end.
    const verify = await client.post('/v1/auth/otpVerification', {
      email: guest.email,
      otp: redoCode,
    });
    expect(verify.statusCode, verify.body).toBe(200);
    expect((await login(guest.email, GUEST_PASSWORD)).statusCode).toBe(400);
    const newLogin = await login(guest.email, ATTACKER_PASSWORD);
    expect(newLogin.statusCode, newLogin.body).toBe(200);
    expect(newLogin.json().data.user).toMatchObject({ name: 'Mallory', emailVerified: true });
    expect((await userRow(guest.email)).referredBy).toBe(referrer.id);
    expect((await client.get('/v1/auth/me', { token: guest.access })).statusCode).toBe(401);
    expect(
      await db.select().from(pendingSignups).where(eq(pendingSignups.userId, guest.id)),
    ).toEqual([]);
  });

  it('is dropped when the e-mail is verified with a code sent later for another cause', async () => {
    const guest = await guestBuyer();
    await passResendWait(guest.email);
    const redo = await client.post('/v1/auth/signup', {
      email: guest.email,
      name: 'Mallory',
      password: ATTACKER_PASSWORD,
    });
    expect(redo.statusCode).toBe(201);
    await box.nextCode(guest.email, VERIFY_SUBJECT);

    // The guest asks for a new code (a minute later) and verifies with it.
    await passResendWait(guest.email);
    const resend = await client.post('/v1/auth/resendOTP', {
      email: guest.email,
      type: 'verifyemail',
    });
    expect(resend.statusCode).toBe(200);
    const otp = await box.nextCode(guest.email, VERIFY_SUBJECT);
    expect(
      (await client.post('/v1/auth/otpVerification', { email: guest.email, otp })).statusCode,
    ).toBe(200);

    expect((await login(guest.email, ATTACKER_PASSWORD)).statusCode).toBe(400);
    const own = await login(guest.email, GUEST_PASSWORD);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.user).toMatchObject({ name: 'Grace', emailVerified: true });
    expect((await client.get('/v1/auth/me', { token: guest.access })).statusCode).toBe(200);
  });
});
