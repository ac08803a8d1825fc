import { createHash } from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { authMessages, messages, securityMessages } from '@tmc/shared';
import type { Db } from '../src/db/client.ts';
import { otpCodes, rateLimits, users } from '../src/db/schema/index.ts';
import { metricsText } from '../src/lib/metrics.ts';
import { networkOf } from '../src/lib/rate-limit.ts';
import {
  codeIn,
  freshEmail,
  PASSWORD,
  RESET_SUBJECT,
  VERIFY_SUBJECT,
  verifiedUser,
} from './auth-helpers.ts';
import { useMailedApp, type Mailbox, type ApiClient } from './app-helpers.ts';

let app: FastifyInstance, db: Db, box: Mailbox, client: ApiClient;

useMailedApp((t) => ({ app, db, box, client } = t));

const PROOF_SUBJECT = /Too many wrong TMC codes/;
/** Another code of the same length (4 digits for sign-up, 6 for a reset). */
const otherThan = (code: string) =>
  String((Number(code) + 1) % 10 ** code.length).padStart(code.length, '0');
/** The documented budgets: 10 wrong codes per address and purpose, 100 per client, a day. */
const PER_ADDRESS = 10;
const PER_CLIENT = 100;
const DAY_SECONDS = 86_400;
const overBudget = (text: string) =>
  Number(/^tmc_wrong_codes_over_budget_total (\d+)$/m.exec(text)?.[1] ?? NaN);

/** The one-minute resend wait, passed. */
const passResendWait = (email: string) =>
  db
    .update(otpCodes)
    .set({ createdAt: sql`now() - make_interval(secs => 61)` })
    .where(eq(otpCodes.email, email));

let strangerCounter = 0;
/** Strangers spread over many networks, so only the per-e-mail count adds up. */
const strangerIp = () => {
  strangerCounter += 1;
  return `172.${16 + (strangerCounter >> 8)}.${strangerCounter & 255}.9`;
};

const checkResetCode = (email: string, otp: string, ip = strangerIp()) =>
  client.post('/v1/auth/forgetOTPVerfication', { email, otp }, { ip });

async function newResetCode(email: string, mailed: boolean) {
  await passResendWait(email);
  expect((await client.post('/v1/auth/forgetPasswordOTP', { email })).statusCode).toBe(200);
  return mailed ? box.nextCode(email, RESET_SUBJECT) : '000000';
}

/** Strangers try wrong reset codes up to the e-mail's ceiling, over two codes as a guesser would. */
async function strangersGuess(email: string, mailed: boolean) {
  const answers = [];
  for (let i = 0; i < PER_ADDRESS / 5; i++) {
    const code = await newResetCode(email, mailed);
    for (let t = 0; t < 5; t++) answers.push(await checkResetCode(email, otherThan(code)));
  }
  return answers;
}

const expectProofNeeded = (res: Awaited<ReturnType<typeof checkResetCode>>) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual({
    code: 400,
    message: securityMessages.mailboxProofNeeded,
    data: null,
    errors: { otp: securityMessages.mailboxProofNeeded },
  });
};

/** The link and the new code of a mailbox-proof e-mail. */
async function proofMail(email: string) {
  const mail = await box.next(email, PROOF_SUBJECT);
  const token = /\/mailbox-proof#token=([\w-]+)/.exec(mail.text)?.[1];
  expect(token).toBeDefined();
  return { token: token!, code: codeIn(mail), mail };
}

describe('wrong codes from strangers cannot lock the owner out', () => {
  it('at the e-mail ceiling a new code and a link are mailed; the owner goes on with both, strangers with neither', async () => {
    const { email } = await verifiedUser(app, box);
    const answers = await strangersGuess(email, true);
    expect(answers).toHaveLength(PER_ADDRESS);
    for (const res of answers.slice(0, -1)) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messages.invalidCode);
    }
    expectProofNeeded(answers.at(-1)!);
    const proof = await proofMail(email);
    expect(proof.mail.text).toContain('password reset codes');

    // No code counts until the link is opened: not a stranger's guess, not even the right one.
    expectProofNeeded(await checkResetCode(email, otherThan(proof.code)));
    expectProofNeeded(await checkResetCode(email, proof.code));
    expect((await box.unread(email)).filter((m) => PROOF_SUBJECT.test(m.subject))).toEqual([]);

    const opened = await client.post('/v1/auth/mailbox-proof', { token: proof.token });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({
      code: 200,
      message: securityMessages.mailboxProven,
      data: { email, type: 'verifyUser' },
    });
    const again = await client.post('/v1/auth/mailbox-proof', { token: proof.token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(authMessages.linkToken);

    // Tried twice before the link, the new code still has three tries: the owner's passes.
    const right = await checkResetCode(email, proof.code);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().data.resetToken).toEqual(expect.any(String));
    // Never a 429 for the owner, and the account itself is untouched.
    expect(answers.every((r) => r.statusCode !== 429)).toBe(true);
    expect((await client.post('/v1/auth/login', { email, password: PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('answers an unknown e-mail exactly the same, and mails nobody', async () => {
    const ghost = freshEmail('ghost');
    const answers = await strangersGuess(ghost, false);
    for (const res of answers.slice(0, -1)) expect(res.json().message).toBe(messages.invalidCode);
    expectProofNeeded(answers.at(-1)!);
    expectProofNeeded(await checkResetCode(ghost, '123456'));
    expect(await box.unread(ghost)).toEqual([]);
  });

  it('holds for the sign-up code too: verified only with the link and the new code', async () => {
    const email = freshEmail('unverified');
    expect(
      (await client.post('/v1/auth/signup', { email, name: 'Ada', password: PASSWORD })).statusCode,
    ).toBe(201);
    let code = await box.nextCode(email, VERIFY_SUBJECT);
    for (let i = 0; i < PER_ADDRESS; i++) {
      if (i === 5) {
        await passResendWait(email);
        await client.post('/v1/auth/resendOTP', { email, type: 'verifyemail' });
        code = await box.nextCode(email, VERIFY_SUBJECT);
      }
      const res = await client.post(
        '/v1/auth/otpVerification',
        { email, otp: otherThan(code) },
        { ip: strangerIp() },
      );
      expect(res.statusCode).toBe(400);
    }
    const proof = await proofMail(email);
    expect(proof.mail.text).toContain('verification codes');
    const early = await client.post('/v1/auth/otpVerification', { email, otp: proof.code });
    expectProofNeeded(early);
    const [unverified] = await db.select().from(users).where(eq(users.email, email));
    expect(unverified!.emailVerifiedAt).toBeNull();

    expect(
      (await client.post('/v1/auth/mailbox-proof', { token: proof.token })).json().data,
    ).toEqual({ email, type: 'verifyemail' });
    const verified = await client.post('/v1/auth/otpVerification', {
      email,
      otp: proof.code,
      password: PASSWORD,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data).toBeNull();
  });
});

describe('wrong codes per client address', () => {
  it('stops a spray over many e-mails from one address with 429, leaving its neighbours alone', async () => {
    const sprayer = '198.51.100.7';
    for (let i = 0; i < PER_CLIENT; i++) {
      // The per-address limit of 30 checks in 15 minutes, passed: a day's spray in one go.
      if (i % 25 === 0) await db.delete(rateLimits).where(like(rateLimits.key, 'otp-check:ip:%'));
      const res = await checkResetCode(freshEmail('spray'), '123456', sprayer);
      expect(res.statusCode).toBe(400);
    }
    const over = await checkResetCode(freshEmail('spray'), '123456', sprayer);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      code: 429,
      message: securityMessages.networkCodeBudgetUsed,
      data: null,
    });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(DAY_SECONDS - 120);
    // The same office or carrier-grade NAT: another address of the /24 still has its codes checked.
    expect((await checkResetCode(freshEmail('spray'), '123456', '198.51.100.8')).statusCode).toBe(
      400,
    );
    expect((await checkResetCode(freshEmail('spray'), '123456', '198.51.101.1')).statusCode).toBe(
      400,
    );
  });

  it('past 1,000 wrong codes in an hour site-wide, counts each further one for an alert and refuses nobody', async () => {
    const key = `otp-wrong:site:${createHash('sha256').update('all').digest('base64url').slice(0, 32)}`;
    await db
      .insert(rateLimits)
      .values({ key, count: 1_000, resetAt: sql`now() + interval '1 hour'` })
      .onConflictDoUpdate({ target: rateLimits.key, set: { count: 1_000 } });
    const before = overBudget(await metricsText());
    const res = await checkResetCode(freshEmail('site'), '123456');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.invalidCode);
    expect(overBudget(await metricsText())).toBe(before + 1);
  });

  it('counts an IPv6 client by its /64 and an IPv4 client by its own address', () => {
    expect(networkOf('2001:db8:7:1::5')).toBe(networkOf('2001:db8:7:1:ffff::1'));
    expect(networkOf('2001:db8:7:1::5')).not.toBe(networkOf('2001:db8:7:2::5'));
    expect(networkOf('198.51.100.7')).toBe('198.51.100.7');
    expect(networkOf('198.51.100.7')).not.toBe(networkOf('198.51.100.8'));
    expect(networkOf('::ffff:198.51.100.9')).toBe('198.51.100.9');
  });
});
