import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { mailSettled } from './mail-tracker.ts';
import type { SinkMessage, SmtpSink } from './smtp-sink.ts';

let ipCounter = 0;
/** Each call a new client address, so per-IP limits only bite where a test means them to. */
export const freshIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

let emailCounter = 0;
export const freshEmail = (label = 'user') =>
  `${label}-${Date.now()}-${(emailCounter += 1)}@example.com`;

export const PASSWORD = 'correct horse 1';

interface CallOptions {
  ip?: string;
  token?: string;
}

/** JSON calls as a browser makes them, each from a fresh address unless one is given. */
export function api(app: FastifyInstance) {
  const call = (method: 'GET' | 'POST', url: string, payload: unknown, opts: CallOptions = {}) =>
    app.inject({
      method,
      url,
      remoteAddress: opts.ip ?? freshIp(),
      headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  return {
    post: (url: string, payload: unknown = {}, opts?: CallOptions) =>
      call('POST', url, payload, opts),
    get: (url: string, opts?: CallOptions) => call('GET', url, undefined, opts),
  };
}

export type ApiClient = ReturnType<typeof api>;

/** The code screen: `otp` for `email`, with the password typed there when given. */
export const verifyCode = (client: ApiClient, email: string, otp: string, password?: string) =>
  client.post('/v1/auth/otpVerification', { email, otp, ...(password && { password }) });

/** The code of an e-mail of ours: it stands on a line of its own in the text part. */
export function codeIn(message: SinkMessage): string {
  const code = /^\s+(\d{4}|\d{6})\s*$/m.exec(message.text)?.[1];
  expect(code, `no code in "${message.subject}"`).toBeDefined();
  return code!;
}

/** Reads a sink message by message, so each test sees the next e-mail to an address. */
export function mailbox(sink: SmtpSink) {
  const seen = new Set<SinkMessage>();
  return {
    async next(to: string, subject?: RegExp) {
      const message = await sink.waitFor(
        (m) => !seen.has(m) && m.to === to && (!subject || subject.test(m.subject)),
        10_000,
      );
      seen.add(message);
      return message;
    },
    async nextCode(to: string, subject?: RegExp) {
      return codeIn(await this.next(to, subject));
    },
    /** Messages to an address not read yet, once no e-mail of the app is on its way any more. */
    async unread(to: string) {
      await mailSettled();
      return sink.messages.filter((m) => m.to === to && !seen.has(m));
    },
  };
}

export type Mailbox = ReturnType<typeof mailbox>;

export const VERIFY_SUBJECT = /verification code/;
export const RESET_SUBJECT = /Reset your TMC password/;

/** Signs up, verifies with the mailed code and logs in; answers the login's data. */
export async function verifiedUser(
  app: FastifyInstance,
  box: Mailbox,
  opts: { email?: string; name?: string; password?: string } = {},
) {
  const email = opts.email ?? freshEmail();
  const password = opts.password ?? PASSWORD;
  const client = api(app);
  const signup = await client.post('/v1/auth/signup', {
    email,
    name: opts.name ?? 'Ada',
    password,
  });
  expect(signup.statusCode, signup.body).toBe(201);
  const otp = await box.nextCode(email, VERIFY_SUBJECT);
  // The code screen right after the sign-up sends that sign-up's password with the code.
  const verify = await client.post('/v1/auth/otpVerification', { email, otp, password });
  expect(verify.statusCode, verify.body).toBe(200);
  expect(verify.json().data).toBeNull();
  const login = await client.post('/v1/auth/login', { email, password });
  expect(login.statusCode, login.body).toBe(200);
  const data = login.json<{
    data: {
      user: { _id: string };
      tokens: { access: { token: string }; refresh: { token: string } };
    };
  }>().data;
  return {
    email,
    password,
    user: data.user,
    access: data.tokens.access.token,
    refresh: data.tokens.refresh.token,
  };
}
