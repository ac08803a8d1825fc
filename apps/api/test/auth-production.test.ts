import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { otpCodes } from '../src/db/schema/index.ts';
import {
  api,
  freshEmail,
  mailbox,
  PASSWORD,
  RESET_SUBJECT,
  VERIFY_SUBJECT,
  type Mailbox,
} from './auth-helpers.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { buildTestApp, TEST_CHAIN } from './test-app.ts';

let app: FastifyInstance;
let db: Db;
let sink: SmtpSink;
let box: Mailbox;
const logLines: string[] = [];

beforeAll(async () => {
  sink = await startSmtpSink();
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  ({ app, db } = await buildTestApp({
    logStream,
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'trace',
      JWT_SECRET: 'a-production-secret-of-at-least-32-bytes!',
      SMTP_URL: sink.url,
      CHAIN_RPC_URL: 'http://127.0.0.1:1',
      CHAIN_ID: '1',
      COMPANY_WALLET: TEST_CHAIN.companyWallet,
      USDC_ADDRESS: TEST_CHAIN.usdcAddress,
    },
  }));
  box = mailbox(sink);
});
afterAll(async () => {
  await app.close();
  await sink.stop();
});

/** The code as a token of its own: not a piece of a longer number, id or token. */
const containsCode = (text: string, code: string) =>
  new RegExp(`(?<![0-9A-Za-z_-])${code}(?![0-9A-Za-z_-])`).test(text);

/** A log line without the fields that are numbers or ids by nature (time, pid, request id, duration). */
function meaningfulPart(line: string) {
  const {
    time: _t,
    pid: _p,
    hostname: _h,
    reqId: _r,
    responseTime: _rt,
    ...rest
  } = JSON.parse(line) as Record<string, unknown>;
  return JSON.stringify(rest);
}

describe('production mode', () => {
  it('never puts a code in an answer or a log line', async () => {
    const client = api(app);
    const bodies: string[] = [];
    const call = async (url: string, payload: unknown, status: number) => {
      const res = await client.post(url, payload);
      bodies.push(res.body, JSON.stringify(res.headers));
      expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
      return res;
    };
    const olderCodes = () =>
      db.update(otpCodes).set({ createdAt: sql`now() - interval '61 seconds'` });
    const email = freshEmail('prod');
    const codes: string[] = [];

    await call('/v1/auth/signup', { email, name: 'Prod', password: PASSWORD }, 201);
    codes.push(await box.nextCode(email, VERIFY_SUBJECT));
    await olderCodes();
    await call('/v1/auth/resendOTP', { email, type: 'verifyemail' }, 200);
    codes.push(await box.nextCode(email, VERIFY_SUBJECT));
    // A login mails a new code only once the last one is dead.
    await db.update(otpCodes).set({
      createdAt: sql`now() - interval '11 minutes'`,
      expiresAt: sql`now() - interval '1 minute'`,
    });
    await call('/v1/auth/login', { email, password: PASSWORD }, 403);
    const loginCode = await box.nextCode(email, VERIFY_SUBJECT);
    codes.push(loginCode);
    await call('/v1/auth/otpVerification', { email, otp: loginCode, password: PASSWORD }, 200);
    await call('/v1/auth/forgetPasswordOTP', { email }, 200);
    const resetCode = await box.nextCode(email, RESET_SUBJECT);
    codes.push(resetCode);
    const wrong = String((Number(resetCode) + 1) % 1_000_000).padStart(6, '0');
    await call('/v1/auth/forgetOTPVerfication', { email, otp: wrong }, 400);
    const verified = await call('/v1/auth/forgetOTPVerfication', { email, otp: resetCode }, 200);
    const resetToken = verified.json().data.resetToken as string;
    await call('/v1/auth/forgetPassword', { email, password: 'new password', resetToken }, 200);
    await call('/v1/auth/login', { email, password: 'new password' }, 200);
    await box.next(email, /password was changed/);

    // The capture works: requests were logged, and the check finds a code where one is.
    const lines = logLines.map(meaningfulPart);
    expect(lines.filter((l) => l.includes('/v1/auth/')).length).toBeGreaterThanOrEqual(9);
    expect(lines.filter((l) => l.includes('request completed')).length).toBeGreaterThanOrEqual(9);
    // One line per request, with what was asked and how it ended.
    expect(lines.filter((l) => l.includes('incoming request'))).toEqual([]);
    const completed = logLines
      .map((l) => JSON.parse(l) as { msg?: string; reqId?: string; res?: { statusCode?: number } })
      .filter((l) => l.msg === 'request completed');
    expect(new Set(completed.map((l) => l.reqId)).size).toBe(completed.length);
    expect(completed.every((l) => typeof l.res?.statusCode === 'number')).toBe(true);
    expect(sink.messages.some((m) => containsCode(m.text, resetCode))).toBe(true);

    for (const code of codes) {
      for (const body of bodies) expect(containsCode(body, code), `answer ${body}`).toBe(false);
      for (const line of lines) expect(containsCode(line, code), `log line ${line}`).toBe(false);
      expect(logLines.join('\n')).not.toContain(`code ${code}`);
    }
    expect(logLines.join('\n')).not.toContain(resetToken);
  });

  it('tells browsers to use HTTPS only, on API answers and pages alike', async () => {
    for (const url of ['/v1/presale/config', '/healthz']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d{7,}/);
    }
  });
});
