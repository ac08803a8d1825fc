import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { authMessages, messages } from '@tmc/shared';
import type { Db } from '../src/db/client.ts';
import { otpCodes, pendingSignups, users } from '../src/db/schema/index.ts';
import { codeIn, freshEmail, VERIFY_SUBJECT, verifiedUser, verifyCode } from './auth-helpers.ts';
import { counts } from './purchases-helpers.ts';
import { guestOrder, useMailedApp, type Mailbox, type ApiClient } from './app-helpers.ts';

let app: FastifyInstance, db: Db, box: Mailbox, client: ApiClient;

useMailedApp((t) => ({ app, db, box, client } = t));

const GUEST_PASSWORD = 'guest password 1';
const ATTACKER_PASSWORD = 'attacker password 1';

const guestBuy = (guest: Record<string, unknown>) => guestOrder(app, guest);

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

/** 'Resend code' once the wait has passed; the new code it mails. */
async function resendCode(email: string) {
  await passResendWait(email);
  const resend = await client.post('/v1/auth/resendOTP', { email, type: 'verifyemail' });
  expect(resend.statusCode).toBe(200);
  return box.nextCode(email, VERIFY_SUBJECT);
}

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

  it("the owner signed in by the checkout types the only code in the mailbox (the stranger's): the account stays as it was", async () => {
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

    // The owner enters the code where the checkout signed them in, without any password.
    const verify = await client.post(
      '/v1/auth/otpVerification',
      { email: guest.email, otp: strangerCode },
      { token: guest.access },
    );
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json().data).toBeNull();
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

  it('a code alone never hands over an account that holds orders: 403, and the owner goes on with the password', async () => {
    const guest = await guestBuyer();
    const strangerCode = await strangerRedo(guest.email);

    const verify = await verifyCode(client, guest.email, strangerCode);
    expect(verify.statusCode, verify.body).toBe(403);
    expect(verify.json()).toEqual({ code: 403, message: authMessages.logInToVerify, data: null });
    expect((await userRow(guest.email)).emailVerifiedAt).toBeNull();

    const refused = await login(guest.email, GUEST_PASSWORD);
    expect(refused.statusCode).toBe(403);
    const otp = await box.nextCode(guest.email, VERIFY_SUBJECT);
    const verified = await verifyCode(client, guest.email, otp, GUEST_PASSWORD);
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await login(guest.email, GUEST_PASSWORD)).statusCode).toBe(200);
    expect((await login(guest.email, ATTACKER_PASSWORD)).statusCode).toBe(400);
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
    // The stranger's code is dead even with the stranger's password (unless the owner's is the same).
    const strangerAgain =
      strangerCode === ownCode
        ? 400
        : (await verifyCode(client, guest.email, strangerCode, ATTACKER_PASSWORD)).statusCode;
    expect(strangerAgain).toBe(400);
    const verify = await verifyCode(client, guest.email, ownCode, GUEST_PASSWORD);
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json().data).toBeNull();
    expect((await login(guest.email, GUEST_PASSWORD)).statusCode).toBe(200);
    expect((await login(guest.email, ATTACKER_PASSWORD)).statusCode).toBe(400);
  });

  it("applies a redo with a right code and its password, with the redo's own referrer", async () => {
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

    const verify = await verifyCode(client, email, redoCode, ATTACKER_PASSWORD);
    expect(verify.statusCode, verify.body).toBe(200);
    // Whoever knows the redo's password and reads the mailbox is the owner now: it counts, with
    // the referrer that person chose.
    expect((await login(email, ATTACKER_PASSWORD)).statusCode).toBe(200);
    expect((await login(email, GUEST_PASSWORD)).statusCode).toBe(400);
    expect((await userRow(email)).referredBy).toBe(second.id);
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
    expect((await verifyCode(client, guest.email, otp, GUEST_PASSWORD)).statusCode).toBe(200);
    const bought = await guestBuy({ email: guest.email, password: GUEST_PASSWORD });
    expect(bought.statusCode, bought.body).toBe(201);
  });

  it("a later code with the account's own password verifies it as it stands and drops the redo", async () => {
    const guest = await guestBuyer();
    await passResendWait(guest.email);
    const redo = await client.post('/v1/auth/signup', {
      email: guest.email,
      name: 'Mallory',
      password: ATTACKER_PASSWORD,
    });
    expect(redo.statusCode).toBe(201);
    await box.nextCode(guest.email, VERIFY_SUBJECT);

    // The guest asks for a new code (a minute later) and verifies with it and their password.
    const otp = await resendCode(guest.email);
    expect((await verifyCode(client, guest.email, otp, GUEST_PASSWORD)).statusCode).toBe(200);

    expect((await login(guest.email, ATTACKER_PASSWORD)).statusCode).toBe(400);
    const own = await login(guest.email, GUEST_PASSWORD);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.user).toMatchObject({ name: 'Grace', emailVerified: true });
    expect((await client.get('/v1/auth/me', { token: guest.access })).statusCode).toBe(200);
  });
});

describe('a sign-up squatted before its owner (P2)', () => {
  /** Someone signs the owner's address up first, with a password and referral code of their own. */
  async function squat(referralCode?: string) {
    const email = freshEmail('victim');
    const res = await client.post('/v1/auth/signup', {
      email,
      name: 'Squatter',
      password: ATTACKER_PASSWORD,
      referralCode,
    });
    expect(res.statusCode, res.body).toBe(201);
    await box.nextCode(email, VERIFY_SUBJECT);
    return email;
  }

  /** The owner signs up a minute later (a held redo) and reads the code mailed for it. */
  async function ownerSignsUp(email: string, referralCode?: string) {
    await passResendWait(email);
    const res = await client.post('/v1/auth/signup', {
      email,
      name: 'Owner',
      password: GUEST_PASSWORD,
      referralCode,
    });
    expect(res.statusCode, res.body).toBe(201);
    return box.nextCode(email, VERIFY_SUBJECT);
  }

  it("the squatter's referrer does not survive the owner's verification: the owner's own applies", async () => {
    const squatter = await affiliateCode();
    const honest = await affiliateCode();
    const email = await squat(squatter.code);
    const otp = await ownerSignsUp(email, honest.code);
    const verify = await verifyCode(client, email, otp, GUEST_PASSWORD);
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json().data).toBeNull();
    expect(await userRow(email)).toMatchObject({ referredBy: honest.id, name: 'Owner' });
    expect((await login(email, GUEST_PASSWORD)).statusCode).toBe(200);
    expect((await login(email, ATTACKER_PASSWORD)).statusCode).toBe(400);
  });

  it("an owner's sign-up without a referral code drops the squatter's", async () => {
    const squatter = await affiliateCode();
    const email = await squat(squatter.code);
    const otp = await ownerSignsUp(email);
    const verify = await verifyCode(client, email, otp, GUEST_PASSWORD);
    expect(verify.statusCode, verify.body).toBe(200);
    expect((await userRow(email)).referredBy).toBeNull();
  });

  it("after 'Resend code' the owner's verification with their own password applies their sign-up, never the squatter's password", async () => {
    const squatter = await affiliateCode();
    const email = await squat(squatter.code);
    await ownerSignsUp(email);
    const otp = await resendCode(email);
    const verify = await verifyCode(client, email, otp, GUEST_PASSWORD);
    expect(verify.statusCode, verify.body).toBe(200);
    expect((await login(email, ATTACKER_PASSWORD)).statusCode).toBe(400);
    const own = await login(email, GUEST_PASSWORD);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.user).toMatchObject({ name: 'Owner', emailVerified: true });
    expect((await userRow(email)).referredBy).toBeNull();
  });

  it("a code typed without any password never verifies the squatter's account as it stands: the set-password step makes it the verifier's", async () => {
    const squatter = await affiliateCode();
    const honest = await affiliateCode();
    const email = await squat(squatter.code);
    const otp = await resendCode(email);
    const verify = await verifyCode(client, email, otp);
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json()).toEqual({
      code: 200,
      message: authMessages.choosePassword,
      data: { setPasswordToken: expect.any(String) },
    });
    const token = verify.json().data.setPasswordToken as string;
    expect((await userRow(email)).emailVerifiedAt).toBeNull();
    // The squatter's password opens nothing meanwhile (the login mails the owner a new code).
    expect((await login(email, ATTACKER_PASSWORD)).statusCode).toBe(403);
    await box.nextCode(email, VERIFY_SUBJECT);

    const complete = (body: Record<string, unknown>) =>
      client.post('/v1/auth/complete-signup', {
        email,
        name: 'Owner',
        password: GUEST_PASSWORD,
        token,
        ...body,
      });
    const wrongToken = await complete({ token: 'not-the-token' });
    expect(wrongToken.statusCode).toBe(400);
    expect(wrongToken.json()).toMatchObject({
      message: authMessages.setPasswordToken,
      errors: { token: authMessages.setPasswordToken },
    });
    const done = await complete({ referralCode: honest.code });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ code: 200, message: 'Email verified successfully', data: null });
    expect((await complete({})).json().message).toBe(authMessages.setPasswordToken);

    const after = await userRow(email);
    expect(after).toMatchObject({ name: 'Owner', referredBy: honest.id });
    expect(after.emailVerifiedAt).not.toBeNull();
    expect((await login(email, ATTACKER_PASSWORD)).statusCode).toBe(400);
    expect((await login(email, GUEST_PASSWORD)).statusCode).toBe(200);
  });

  it('the set-password step without a referral code leaves no referrer', async () => {
    const squatter = await affiliateCode();
    const email = await squat(squatter.code);
    const otp = await resendCode(email);
    const verify = await verifyCode(client, email, otp);
    const token = verify.json().data.setPasswordToken as string;
    const done = await client.post('/v1/auth/complete-signup', {
      email,
      name: 'Owner',
      password: GUEST_PASSWORD,
      token,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await userRow(email)).toMatchObject({ name: 'Owner', referredBy: null });
  });

  it("a password reset of the squatted account proves the mailbox and drops the squatter's referrer", async () => {
    const squatter = await affiliateCode();
    const email = await squat(squatter.code);
    await client.post('/v1/auth/forgetPasswordOTP', { email });
    const otp = await box.nextCode(email, /Reset your TMC password/);
    const checked = await client.post('/v1/auth/forgetOTPVerfication', { email, otp });
    expect(checked.statusCode, checked.body).toBe(200);
    const reset = await client.post('/v1/auth/forgetPassword', {
      email,
      password: GUEST_PASSWORD,
      resetToken: checked.json().data.resetToken,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const after = await userRow(email);
    expect(after.referredBy).toBeNull();
    expect(after.emailVerifiedAt).not.toBeNull();
  });
});
