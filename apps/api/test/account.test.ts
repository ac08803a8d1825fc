import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { messages } from '@tmc/shared';
import type { Config } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { ensureAdmin } from '../src/modules/auth/ensure-admin.ts';
import { verifiedUser } from './auth-helpers.ts';
import { useMailedApp, type Mailbox, type ApiClient } from './app-helpers.ts';

let app: FastifyInstance, db: Db, config: Config, box: Mailbox, client: ApiClient;

useMailedApp((t) => ({ app, db, config, box, client } = t));

const CODE = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/;

describe('become-affiliate', () => {
  it('needs a signed-in user', async () => {
    expect((await client.post('/v1/auth/become-affiliate')).statusCode).toBe(401);
  });

  it('makes the user an affiliate with an unambiguous 8-character code, and keeps it on a second call', async () => {
    const { access, user } = await verifiedUser(app, box);
    const first = await client.post('/v1/auth/become-affiliate', {}, { token: access });
    expect(first.statusCode).toBe(200);
    const data = first.json().data;
    expect(data.msg).toBe(first.json().message);
    expect(data.user).toMatchObject({ _id: user._id, isAffiliated: true });
    expect(data.user.affiliateCode).toMatch(CODE);

    const second = await client.post('/v1/auth/become-affiliate', {}, { token: access });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.user.affiliateCode).toBe(data.user.affiliateCode);
    expect(
      (await client.get('/v1/auth/me', { token: access })).json().data.user.affiliateCode,
    ).toBe(data.user.affiliateCode);
  });

  it('gives every affiliate a different code from the alphabet', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const { access } = await verifiedUser(app, box);
      const code = (await client.post('/v1/auth/become-affiliate', {}, { token: access })).json()
        .data.user.affiliateCode as string;
      expect(code).toMatch(CODE);
      codes.add(code);
    }
    expect(codes.size).toBe(4);
  });

  it('lets a new user sign up with the code', async () => {
    const { access, user } = await verifiedUser(app, box);
    const code = (await client.post('/v1/auth/become-affiliate', {}, { token: access })).json().data
      .user.affiliateCode as string;
    const email = `ref-${Date.now()}@example.com`;
    const res = await client.post('/v1/auth/signup', {
      email,
      name: 'Ref',
      password: 'long enough',
      referralCode: code.toLowerCase(),
    });
    expect(res.statusCode).toBe(201);
    expect((await db.select().from(users).where(eq(users.email, email)))[0]!.referredBy).toBe(
      user._id,
    );
  });
});

describe('update-wallet', () => {
  // A test vector of EIP-55.
  const checksummed = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
  const lower = checksummed.toLowerCase();

  it('needs a signed-in user', async () => {
    expect((await client.post('/v1/auth/update-wallet', { walletAddress: lower })).statusCode).toBe(
      401,
    );
  });

  it.each([
    '',
    '0x123',
    `${lower}0`,
    lower.replace('0x', '0X'),
    lower.replace('e', 'g'),
    lower.slice(2),
  ])('refuses "%s" with the spec message', async (walletAddress) => {
    const { access, password } = await verifiedUser(app, box);
    const res = await client.post(
      '/v1/auth/update-wallet',
      { walletAddress, password },
      { token: access },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: messages.walletFormat,
      errors: { walletAddress: messages.walletFormat },
    });
  });

  it('refuses mixed case with a wrong checksum (a typo)', async () => {
    const { access, password } = await verifiedUser(app, box);
    const typo = checksummed.replace('aAeb', 'aaeb');
    const res = await client.post(
      '/v1/auth/update-wallet',
      { walletAddress: typo, password },
      { token: access },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.walletFormat);
  });

  it('stores the EIP-55 checksum form', async () => {
    const { access, user, password } = await verifiedUser(app, box);
    for (const walletAddress of [lower, ` ${checksummed} `, `0x${lower.slice(2).toUpperCase()}`]) {
      const res = await client.post(
        '/v1/auth/update-wallet',
        { walletAddress, password },
        { token: access },
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        user: { walletAddress: checksummed },
        msg: res.json().message,
      });
    }
    expect((await db.select().from(users).where(eq(users.id, user._id)))[0]!.walletAddress).toBe(
      checksummed,
    );
  });
});

describe('update-wallet: a stolen session alone cannot redirect the tokens', () => {
  const wallet = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

  it('needs the account password, changes nothing without it, and mails the owner', async () => {
    const { access, user, password, email } = await verifiedUser(app, box, { name: 'Wanda' });
    const row = async () => (await db.select().from(users).where(eq(users.id, user._id)))[0]!;
    const missing = await client.post(
      '/v1/auth/update-wallet',
      { walletAddress: wallet },
      { token: access },
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      errors: { password: 'Enter your password to confirm the change' },
    });
    const wrong = await client.post(
      '/v1/auth/update-wallet',
      { walletAddress: wallet, password: 'not my password' },
      { token: access },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'Incorrect password',
      errors: { password: 'Incorrect password' },
    });
    expect((await row()).walletAddress).toBeNull();
    await box.next(email, /Welcome/);
    expect(await box.unread(email)).toHaveLength(0);

    const right = await client.post(
      '/v1/auth/update-wallet',
      { walletAddress: wallet, password },
      { token: access },
    );
    expect(right.statusCode, right.body).toBe(200);
    expect((await row()).walletAddress).toBe(wallet);
    const notice = await box.next(email, /delivery wallet was changed/);
    expect(notice.text).toContain(wallet);
    expect(notice.text).toContain('Hi Wanda,');
  });

  it('stops taking passwords after 10 wrong ones in 15 minutes', async () => {
    const { access, password } = await verifiedUser(app, box);
    for (let i = 0; i < 10; i++)
      expect(
        (
          await client.post(
            '/v1/auth/update-wallet',
            { walletAddress: wallet, password: `wrong ${i}` },
            { token: access },
          )
        ).statusCode,
      ).toBe(400);
    const limited = await client.post(
      '/v1/auth/update-wallet',
      { walletAddress: wallet, password },
      { token: access },
    );
    expect(limited.statusCode).toBe(429);
  });
});

describe('ensureAdmin', () => {
  it('still makes a verified admin that can log in', async () => {
    await ensureAdmin(db, config, { email: ' Boss@Example.com ', password: 'admin password' });
    const res = await client.post('/v1/auth/login', {
      email: 'boss@example.com',
      password: 'admin password',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ role: 'admin', emailVerified: true });
  });
});
