import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, securityMessages } from '@tmc/shared';
import type { Db } from '../src/db/client.ts';
import { otpCodes, users } from '../src/db/schema/index.ts';
import { wrongCodeBudget } from '../src/modules/auth/otp.ts';
import {
  api,
  freshEmail,
  mailbox,
  PASSWORD,
  RESET_SUBJECT,
  VERIFY_SUBJECT,
  verifiedUser,
  type Mailbox,
} from './auth-helpers.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { buildTestApp } from './test-app.ts';

let app: FastifyInstance;
let db: Db;
let sink: SmtpSink;
let box: Mailbox;
let client: ReturnType<typeof api>;

beforeAll(async () => {
  sink = await startSmtpSink();
  ({ app, db } = await buildTestApp({ env: { SMTP_URL: sink.url } }));
  box = mailbox(sink);
  client = api(app);
});
afterAll(async () => {
  await app.close();
  await sink.stop();
});

const BUDGET_SUBJECT = /Too many wrong TMC codes/;
const otherThan = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

/** The one-minute resend wait, passed. */
const passResendWait = (email: string) =>
  db
    .update(otpCodes)
    .set({ createdAt: sql`now() - make_interval(secs => 61)` })
    .where(eq(otpCodes.email, email));

const checkResetCode = (email: string, otp: string) =>
  client.post('/v1/auth/forgetOTPVerfication', { email, otp });

async function newResetCode(email: string, mailed: boolean) {
  await passResendWait(email);
  expect((await client.post('/v1/auth/forgetPasswordOTP', { email })).statusCode).toBe(200);
  return mailed ? box.nextCode(email, RESET_SUBJECT) : '0000';
}

/** Uses up the reset budget over two codes (5 wrong tries each), as a guesser would. */
async function spendResetBudget(email: string, mailed: boolean) {
  const answers = [];
  for (let i = 0; i < wrongCodeBudget.limit / 5; i++) {
    const code = await newResetCode(email, mailed);
    for (let t = 0; t < 5; t++) answers.push(await checkResetCode(email, otherThan(code)));
  }
  return answers;
}

const expectBudgetUsed = (res: Awaited<ReturnType<typeof checkResetCode>>) => {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ code: 429, message: securityMessages.codeBudgetUsed, data: null });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(wrongCodeBudget.windowSeconds - 120);
  expect(retryAfter).toBeLessThanOrEqual(wrongCodeBudget.windowSeconds);
};

describe('the daily budget of wrong codes', () => {
  it('refuses even the right reset code once 10 wrong ones were tried across codes, and mails the owner once', async () => {
    const { email } = await verifiedUser(app, box);
    const answers = await spendResetBudget(email, true);
    expect(answers).toHaveLength(wrongCodeBudget.limit);
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messages.invalidCode);
    }
    const notice = await box.next(email, BUDGET_SUBJECT);
    expect(notice.text).toContain('password reset codes');

    const right = await newResetCode(email, true);
    expectBudgetUsed(await checkResetCode(email, right));
    expectBudgetUsed(await checkResetCode(email, otherThan(right)));
    const notices = (await box.unread(email)).filter((m) => BUDGET_SUBJECT.test(m.subject));
    expect(notices).toEqual([]);
    // The sign-up purpose has a budget of its own; the account itself is untouched.
    expect((await client.post('/v1/auth/login', { email, password: PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('answers an unknown e-mail exactly the same, and mails nobody', async () => {
    const ghost = freshEmail('ghost');
    const answers = await spendResetBudget(ghost, false);
    for (const res of answers) expect(res.json().message).toBe(messages.invalidCode);
    expectBudgetUsed(await checkResetCode(ghost, '1234'));
    expect(await box.unread(ghost)).toEqual([]);
  });

  it('holds for the sign-up code too: the e-mail stays unverified', async () => {
    const email = freshEmail('unverified');
    expect(
      (await client.post('/v1/auth/signup', { email, name: 'Ada', password: PASSWORD })).statusCode,
    ).toBe(201);
    let code = await box.nextCode(email, VERIFY_SUBJECT);
    for (let i = 0; i < wrongCodeBudget.limit; i++) {
      if (i === 5) {
        await passResendWait(email);
        await client.post('/v1/auth/resendOTP', { email, type: 'verifyemail' });
        code = await box.nextCode(email, VERIFY_SUBJECT);
      }
      const res = await client.post('/v1/auth/otpVerification', { email, otp: otherThan(code) });
      expect(res.statusCode).toBe(400);
    }
    await box.next(email, BUDGET_SUBJECT);
    const refused = await client.post('/v1/auth/otpVerification', { email, otp: code });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(securityMessages.codeBudgetUsed);
    const [row] = await db.select().from(users).where(eq(users.email, email));
    expect(row!.emailVerifiedAt).toBeNull();
  });
});
