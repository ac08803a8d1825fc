import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, securityMessages } from '@tmc/shared';
import type { Config } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import { refreshTokens, users } from '../src/db/schema/index.ts';
import {
  api,
  freshEmail,
  freshIp,
  mailbox,
  PASSWORD,
  verifiedUser,
  VERIFY_SUBJECT,
  type Mailbox,
} from './auth-helpers.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { buildTestApp } from './test-app.ts';

let app: FastifyInstance;
let db: Db;
let config: Config;
let sink: SmtpSink;
let box: Mailbox;
let client: ReturnType<typeof api>;

beforeAll(async () => {
  sink = await startSmtpSink();
  ({ app, db, config } = await buildTestApp({
    env: { SMTP_URL: sink.url },
    build: (a) => {
      a.get('/v1/test/admin-only', { preHandler: a.requireAdmin }, async (req) => ({
        code: 200,
        message: 'OK',
        data: req.user,
      }));
      a.get('/v1/test/signed-in', { preHandler: a.requireUser }, async (req) => ({
        code: 200,
        message: 'OK',
        data: req.user,
      }));
    },
  }));
  box = mailbox(sink);
  client = api(app);
});
afterAll(async () => {
  await app.close();
  await sink.stop();
});

const login = (email: string, password: string, ip?: string) =>
  client.post('/v1/auth/login', { email, password }, { ip });
const refresh = (refreshToken: string) => client.post('/v1/auth/refresh-tokens', { refreshToken });
const me = (token?: string) => client.get('/v1/auth/me', { token });

describe('login', () => {
  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const { email } = await verifiedUser(app, box);
    const unknown = await login(freshEmail('nobody'), PASSWORD);
    const wrong = await login(email, 'wrong password');
    expect(unknown.statusCode).toBe(400);
    expect(wrong.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ code: 400, message: messages.badCredentials, data: null });
    expect(wrong.body).toBe(unknown.body);
  });

  it('answers field errors with the spec messages', async () => {
    const res = await login('nope', '123');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: messages.loginEmail,
      errors: { email: messages.loginEmail, password: messages.loginPassword },
    });
  });

  it('answers an unverified account with 403 and always leaves the owner a fresh code of its own', async () => {
    const email = freshEmail('unverified');
    expect(
      (await client.post('/v1/auth/signup', { email, name: 'Una', password: PASSWORD })).statusCode,
    ).toBe(201);
    const first = await box.nextCode(email, VERIFY_SUBJECT);

    // Each login with the right password mails a new code that replaces the last one.
    const soon = await login(email, PASSWORD);
    expect(soon.statusCode).toBe(403);
    expect(soon.json()).toMatchObject({ code: 403, message: messages.verifyEmail });
    const fresh = await box.nextCode(email, VERIFY_SUBJECT);
    expect(await box.unread(email)).toHaveLength(0);
    const firstAgain =
      fresh === first
        ? 400
        : (await client.post('/v1/auth/otpVerification', { email, otp: first })).statusCode;
    expect(firstAgain).toBe(400);
    expect(
      (await client.post('/v1/auth/otpVerification', { email, otp: fresh, password: PASSWORD }))
        .statusCode,
    ).toBe(200);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('checks the password before telling that the e-mail is unverified', async () => {
    const email = freshEmail('unverified');
    expect(
      (await client.post('/v1/auth/signup', { email, name: 'Una', password: PASSWORD })).statusCode,
    ).toBe(201);
    const res = await login(email, 'wrong password');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.badCredentials);
  });

  it('answers 429 after 10 failures in 15 minutes for an e-mail, even from other addresses and with the right password', async () => {
    const { email } = await verifiedUser(app, box);
    for (let i = 0; i < 10; i++)
      expect((await login(email, `wrong password ${i}`)).statusCode).toBe(400);
    const blocked = await login(email, PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
  });

  it('answers 429 after 10 failures in 15 minutes from one IP, whatever the e-mails', async () => {
    const { email } = await verifiedUser(app, box);
    const ip = freshIp();
    for (let i = 0; i < 10; i++)
      expect((await login(freshEmail('spray'), PASSWORD, ip)).statusCode).toBe(400);
    expect((await login(email, PASSWORD, ip)).statusCode).toBe(429);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('issues a 15-minute HS256 access token and a 30-day refresh token stored only as a hash', async () => {
    const { email, user } = await verifiedUser(app, box);
    const res = await login(email, PASSWORD);
    const { tokens } = res.json().data;
    expect(decodeProtectedHeader(tokens.access.token as string).alg).toBe('HS256');
    const claims = decodeJwt(tokens.access.token as string);
    expect(claims).toMatchObject({ sub: user._id, role: 'user' });
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
    expect(new Date(tokens.access.expires as string).getTime()).toBe(claims.exp! * 1000);
    const refreshMs = new Date(tokens.refresh.expires as string).getTime() - Date.now();
    expect(Math.round(refreshMs / 86_400_000)).toBe(30);
    expect(tokens.refresh.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const stored = await db.select().from(refreshTokens).where(eq(refreshTokens.userId, user._id));
    const hash = createHash('sha256')
      .update(tokens.refresh.token as string)
      .digest('hex');
    expect(stored.map((r) => r.tokenHash)).toContain(hash);
    expect(JSON.stringify(stored)).not.toContain(tokens.refresh.token);
  });
});

describe('refresh tokens', () => {
  it('rotates on every use: the old token then fails', async () => {
    const { refresh: first } = await verifiedUser(app, box);
    const res = await refresh(first);
    expect(res.statusCode).toBe(200);
    const { tokens } = res.json().data;
    expect(tokens.refresh.token).not.toBe(first);
    expect((await me(tokens.access.token as string)).statusCode).toBe(200);
    expect((await refresh(tokens.refresh.token as string)).statusCode).toBe(200);
    expect((await refresh(first)).statusCode).toBe(401);
  });

  it('revokes the whole login when a rotated token comes back', async () => {
    const { refresh: first } = await verifiedUser(app, box);
    const second = (await refresh(first)).json().data.tokens.refresh.token as string;
    const reuse = await refresh(first);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ code: 401, data: null });
    expect((await refresh(second)).statusCode).toBe(401);
  });

  it('leaves other logins of the same user alone when one is revoked', async () => {
    const { email, refresh: stolen } = await verifiedUser(app, box);
    const other = (await login(email, PASSWORD)).json().data.tokens.refresh.token as string;
    await refresh(stolen);
    await refresh(stolen);
    expect((await refresh(other)).statusCode).toBe(200);
  });

  it('refuses unknown and expired tokens', async () => {
    expect((await refresh('not-a-token')).statusCode).toBe(401);
    const { refresh: token } = await verifiedUser(app, box);
    const hash = createHash('sha256').update(token).digest('hex');
    await db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hash));
    expect((await refresh(token)).statusCode).toBe(401);
  });

  it('answers a missing token with a field error', async () => {
    const res = await client.post('/v1/auth/refresh-tokens', {});
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors as object)).toEqual(['refreshToken']);
  });
});

describe('logout', () => {
  it('revokes the refresh token, and answers 200 again', async () => {
    const { refresh: token } = await verifiedUser(app, box);
    const out = await client.post('/v1/auth/logout', { refreshToken: token });
    expect(out.statusCode).toBe(200);
    expect((await refresh(token)).statusCode).toBe(401);
    expect((await client.post('/v1/auth/logout', { refreshToken: token })).statusCode).toBe(200);
  });

  it('revokes only the token it is given', async () => {
    const { email, refresh: mine } = await verifiedUser(app, box);
    const otherDevice = (await login(email, PASSWORD)).json().data.tokens.refresh.token as string;
    await client.post('/v1/auth/logout', { refreshToken: mine });
    expect((await refresh(otherDevice)).statusCode).toBe(200);
  });
});

describe('access tokens', () => {
  const key = () => new TextEncoder().encode(config.jwtSecret);
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claimsOf = (token: string) => decodeJwt(token);

  it('answers 401 "Please authenticate" without a token or with a malformed one', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Bearer nonsense' },
      { authorization: 'Basic abc' },
    ]) {
      const res = await app.inject({ method: 'GET', url: '/v1/auth/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 401, message: 'Please authenticate', data: null });
    }
  });

  it('refuses an unsigned token (alg none)', async () => {
    const { access } = await verifiedUser(app, box);
    const forged = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claimsOf(access))}.`;
    expect((await me(forged)).statusCode).toBe(401);
  });

  it('refuses a token signed with another algorithm, even with the right key', async () => {
    const { access } = await verifiedUser(app, box);
    const hs512 = await new SignJWT(claimsOf(access))
      .setProtectedHeader({ alg: 'HS512' })
      .sign(key());
    expect((await me(hs512)).statusCode).toBe(401);
  });

  it('refuses a token signed with another key, an expired one, and one for another audience', async () => {
    const { access } = await verifiedUser(app, box);
    const claims = claimsOf(access);
    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(40)));
    const expired = await new SignJWT({
      ...claims,
      iat: claims.iat! - 3600,
      exp: Math.floor(Date.now() / 1000) - 60,
    })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key());
    const audience = await new SignJWT({ ...claims, aud: 'someone-else' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key());
    const resigned = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(key());
    for (const token of [otherKey, expired, audience])
      expect((await me(token)).statusCode).toBe(401);
    // The control: the same claims signed properly are accepted.
    expect((await me(resigned)).statusCode).toBe(200);
  });

  it('refuses a signature spelled differently, a critical header, extra parts and claims it cannot read', async () => {
    const { access } = await verifiedUser(app, box);
    const [header, payload, signature] = access.split('.') as [string, string, string];
    const signed = (head: object, claims: object) =>
      new SignJWT(claims as never).setProtectedHeader(head as never).sign(key());
    const claims = claimsOf(access);
    const last = signature.at(-1)!;
    const forged = [
      // The same signature bytes need not be the same text: only the exact text passes.
      `${header}.${payload}.${signature}=`,
      `${header}.${payload}.${signature.slice(0, -1)}${last === 'A' ? 'B' : 'A'}`,
      `${header}.${payload}.${signature}.${signature}`,
      `${header}.${b64({ ...claims, role: 'admin' })}.${signature}`,
      await signed({ alg: 'HS256', b64: true, crit: ['b64'] }, claims),
      await signed({ alg: 'HS256' }, { ...claims, sub: 'not-a-uuid' }),
      await signed({ alg: 'HS256' }, { ...claims, sv: '0' }),
      await signed({ alg: 'HS256' }, { ...claims, iss: 'someone-else' }),
      await signed({ alg: 'HS256' }, { ...claims, exp: undefined }),
    ];
    for (const token of forged) expect((await me(token)).statusCode, token).toBe(401);
    expect((await me(access)).statusCode).toBe(200);
  });

  it('sets req.user for guarded routes', async () => {
    const { access, user } = await verifiedUser(app, box);
    const res = await client.get('/v1/test/signed-in', { token: access });
    expect(res.json().data).toEqual({ id: user._id, role: 'user', secondFactor: false });
  });

  it('reads the admin role from the database, not from the token', async () => {
    const { access, user } = await verifiedUser(app, box);
    const asUser = await client.get('/v1/test/admin-only', { token: access });
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json()).toMatchObject({ code: 403, data: null });
    // Properly signed and claiming a staff login with its second factor: the database still says user.
    const staffClaims = await new SignJWT({ ...claimsOf(access), role: 'admin', mfa: true })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key());
    expect((await client.get('/v1/test/admin-only', { token: staffClaims })).statusCode).toBe(403);

    // Written outside the API: each copy hears it through the users trigger's NOTIFY.
    await db.update(users).set({ role: 'admin' }).where(eq(users.id, user._id));
    await expect
      .poll(
        async () => (await client.get('/v1/test/admin-only', { token: staffClaims })).statusCode,
      )
      .toBe(200);
    const promoted = await client.get('/v1/test/admin-only', { token: staffClaims });
    expect(promoted.json().data).toEqual({ id: user._id, role: 'admin', secondFactor: true });
    // An admin's login opened without the second factor stays out.
    const withoutSecondFactor = await client.get('/v1/test/admin-only', { token: access });
    expect(withoutSecondFactor.statusCode).toBe(403);
    expect(withoutSecondFactor.json().message).toBe(securityMessages.secondFactorRequired);

    await db.update(users).set({ role: 'user' }).where(eq(users.id, user._id));
    await expect
      .poll(
        async () => (await client.get('/v1/test/admin-only', { token: staffClaims })).statusCode,
      )
      .toBe(403);
    expect((await client.get('/v1/test/admin-only')).statusCode).toBe(401);
  });

  it('answers 401 on me once the account is gone', async () => {
    const { access, user } = await verifiedUser(app, box);
    expect((await me(access)).statusCode).toBe(200);
    await db.delete(users).where(eq(users.id, user._id));
    await expect.poll(async () => (await me(access)).statusCode).toBe(401);
  });
});
