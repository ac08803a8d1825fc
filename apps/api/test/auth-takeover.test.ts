import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@tmc/shared';
import type { Db } from '../src/db/client.ts';
import { otpCodes, pendingSignups, users } from '../src/db/schema/index.ts';
import {
  api,
  codeIn,
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
  /** A stranger redoes the guest's sign-up with a password and referral code of their own. */
  async function strangerRedo(email: string, referralCode?: string) {
    await passResendWait(email);
    const redo = await client.post('/v1/auth/signup', {
      email,
      name: '<a href="https://evil.example">Mallory</a>',
      password: ATTACKER_PASSWORD,
      referralCode,
    });
    expect(redo.statusCode, redo.body).toBe(201);
    const mail = await box.next(email, VERIFY_SUBJECT);
    // Mail to an address nobody proved greets no name the requester chose.
    expect(mail.text).not.toContain('Mallory');
    expect(mail.html).not.toContain('Mallory');
    expect(mail.html).not.toContain('evil.example');
    return codeIn(mail);
  }

  it("the owner typing the only code in the mailbox (the stranger's) keeps the account as it was", async () => {
    const guest = await guestBuyer();
    const referrer = await affiliateCode();
    const before = await userRow(guest.email);
    const strangerCode = await strangerRedo(guest.email, referrer.code);

    // The stranger's password opens nothing: neither a login nor the checkout's 'Login to proceed'.
    const attackerLogin = await login(guest.email, ATTACKER_PASSWORD);
    expect(attackerLogin.statusCode).toBe(400);
    expect(attackerLogin.json()).toMatchObject({ message: messages.badCredentials, data: null });
    const beforeAttempt = await counts(db);
    const attackerCheckout = await guestBuy({ email: guest.email, password: ATTACKER_PASSWORD });
    expect(attackerCheckout.statusCode).toBe(400);
    expect(await counts(db)).toEqual(beforeAttempt);
    expect(await userRow(guest.email)).toEqual(before);

    // The owner enters the code they find (the redo's) without the redo's password.
    const verify = await client.post('/v1/auth/otpVerification', {
      email: guest.email,
      otp: strangerCode,
    });
    expect(verify.statusCode, verify.body).toBe(200);
    expect((await login(guest.email, ATTACKER_PASSWORD)).statusCode).toBe(400);
    const own = await login(guest.email, GUEST_PASSWORD);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.user).toMatchObject({ name: 'Grace', emailVerified: true });
    const after = await userRow(guest.email);
    expect(after.referredBy).toBeNull();
    expect(after.passwordHash).toBe(before.passwordHash);
    // The guest's session lives on; the redo is gone.
    expect((await client.get('/v1/auth/me', { token: guest.access })).statusCode).toBe(200);
    expect(
      await db.select().from(pendingSignups).where(eq(pendingSignups.userId, guest.id)),
    ).toEqual([]);
  });

  it("the owner logging in gets a fresh code of their own, which drops the stranger's redo", async () => {
    const guest = await guestBuyer();
    const strangerCode = await strangerRedo(guest.email);

    const refused = await login(guest.email, GUEST_PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.verifyEmail);
    const ownCode = await box.nextCode(guest.email, VERIFY_SUBJECT);
    expect(
      await db.select().from(pendingSignups).where(eq(pendingSignups.userId, guest.id)),
    ).toEqual([]);
    // The stranger's code is dead even with the stranger's password.
    if (strangerCode !== ownCode)
      expect(
        (
          await client.post('/v1/auth/otpVerification', {
            email: guest.email,
            otp: strangerCode,
            password: ATTACKER_PASSWORD,
          })
        ).statusCode,
      ).toBe(400);
    const verify = await client.post('/v1/auth/otpVerification', {
      email: guest.email,
      otp: ownCode,
    });
    expect(verify.statusCode, verify.body).toBe(200);
    expect((await login(guest.email, GUEST_PASSWORD)).statusCode).toBe(200);
    expect((await login(guest.email, ATTACKER_PASSWORD)).statusCode).toBe(400);
  });

  it('applies a redo only with its code and its password, and never replaces a referrer already set', async () => {
    const first = await affiliateCode();
    const second = await affiliateCode();
    const email = freshEmail('guest');
    const bought = await guestBuy({
      email,
      password: GUEST_PASSWORD,
      name: 'Grace',
      referralCode: first.code,
    });
    expect(bought.statusCode, bought.body).toBe(201);
    await box.nextCode(email, VERIFY_SUBJECT);
    const access = bought.json().data.data.tokens.access.token as string;
    const redoCode = await strangerRedo(email, second.code);

    const verify = await client.post('/v1/auth/otpVerification', {
      email,
      otp: redoCode,
      password: ATTACKER_PASSWORD,
    });
    expect(verify.statusCode, verify.body).toBe(200);
    // Whoever knows the redo's password and reads the mailbox is the owner now: it counts.
    expect((await login(email, ATTACKER_PASSWORD)).statusCode).toBe(200);
    expect((await login(email, GUEST_PASSWORD)).statusCode).toBe(400);
    expect((await userRow(email)).referredBy).toBe(first.id);
    expect((await client.get('/v1/auth/me', { token: access })).statusCode).toBe(401);
  });

  it("'Login to proceed' with an unverified account answers as a login does: 403 and a fresh code, nothing filed", async () => {
    const guest = await guestBuyer();
    await passResendWait(guest.email);
    const beforeAttempt = await counts(db);
    const again = await guestBuy({ email: guest.email, password: GUEST_PASSWORD });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ message: messages.verifyEmail, data: null });
    expect(await counts(db)).toEqual(beforeAttempt);
    const otp = await box.nextCode(guest.email, VERIFY_SUBJECT);
    expect(
      (await client.post('/v1/auth/otpVerification', { email: guest.email, otp })).statusCode,
    ).toBe(200);
    const bought = await guestBuy({ email: guest.email, password: GUEST_PASSWORD });
    expect(bought.statusCode, bought.body).toBe(201);
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
