import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { migrate, openDatabase } from '../src/db/client.ts';
import { recoveryCodes, refreshTokens, users } from '../src/db/schema/index.ts';
import { hashPassword, verifyPassword } from '../src/lib/password.ts';
import { ensureAdmin } from '../src/modules/auth/ensure-admin.ts';
import { createSecondFactor } from '../src/modules/auth/second-factor.ts';
import { getTestDatabase, resetDatabase } from './db.ts';
import { STAFF_TOTP_SECRET, totpCode } from './staff-helpers.ts';
import { testConfig } from './test-app.ts';

const CLI_JWT_SECRET = 'admin-create-test-secret-of-more-than-32-bytes';
const root = path.resolve(import.meta.dirname, '../../..');
let db: Db;
beforeAll(async () => {
  const database = await getTestDatabase();
  await resetDatabase(database);
  db = database.db;
});

describe('admin bootstrap', () => {
  it('creates a verified admin with an argon2id hash; a later start leaves its password alone unless asked', async () => {
    await ensureAdmin(db, testConfig(), {
      email: '  Staff@Example.COM ',
      password: 'first-password',
    });
    let [admin] = await db.select().from(users).where(eq(users.email, 'staff@example.com'));
    expect(admin).toMatchObject({ role: 'admin', emailVerifiedAt: expect.any(Date) });
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$/);
    const created = admin!;

    // The admin changed the password since (here: another value of ADMIN_PASSWORD at the next start).
    await ensureAdmin(db, testConfig(), {
      email: 'staff@example.com',
      password: 'second-password',
    });
    const all = await db.select().from(users).where(eq(users.email, 'staff@example.com'));
    expect(all).toHaveLength(1);
    [admin] = all;
    expect(admin!.passwordHash).toBe(created.passwordHash);
    expect(admin!.sessionVersion).toBe(created.sessionVersion);

    // With the explicit flag (ADMIN_PASSWORD_RESET=true, or admin:create) it is applied.
    await ensureAdmin(db, testConfig(), {
      email: 'staff@example.com',
      password: 'second-password',
      resetPassword: true,
    });
    [admin] = await db.select().from(users).where(eq(users.email, 'staff@example.com'));
    expect(await verifyPassword(admin!.passwordHash, 'second-password')).toBe(true);
    expect(await verifyPassword(admin!.passwordHash, 'first-password')).toBe(false);
    expect(admin!.sessionVersion).toBeGreaterThan(created.sessionVersion);
  });

  it('an address someone signed up with before it became ADMIN_EMAIL gets the configured password', async () => {
    await db.insert(users).values({
      email: 'ops@example.com',
      name: 'Squatter',
      passwordHash: await hashPassword('squatter-password'),
    });
    await ensureAdmin(db, testConfig(), {
      email: 'ops@example.com',
      password: 'operator-password',
    });
    const [admin] = await db.select().from(users).where(eq(users.email, 'ops@example.com'));
    expect(admin).toMatchObject({ role: 'admin', emailVerifiedAt: expect.any(Date) });
    expect(await verifyPassword(admin!.passwordHash, 'operator-password')).toBe(true);
    expect(await verifyPassword(admin!.passwordHash, 'squatter-password')).toBe(false);
  });

  it('a changed ADMIN_TOTP_SECRET revokes the recovery codes and the sessions of the old one', async () => {
    const config = testConfig();
    const { id } = await ensureAdmin(db, config, {
      email: 'totp@example.com',
      password: 'totp-password',
      totpSecret: STAFF_TOTP_SECRET,
    });
    await db.insert(recoveryCodes).values({ userId: id, codeHash: 'old-recovery-code' });
    await db.insert(refreshTokens).values({
      userId: id,
      family: randomUUID(),
      tokenHash: 'old-session',
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const [before] = await db.select().from(users).where(eq(users.id, id));

    // The same secret again (every start) changes nothing.
    await ensureAdmin(db, config, {
      email: 'totp@example.com',
      password: 'totp-password',
      totpSecret: STAFF_TOTP_SECRET,
    });
    expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, id))).toHaveLength(
      1,
    );
    expect((await db.select().from(users).where(eq(users.id, id)))[0]!.sessionVersion).toBe(
      before!.sessionVersion,
    );

    const newSecret = 'KRUGS4ZANFZSAYJAONSWG4TFOQQQ';
    await ensureAdmin(db, config, {
      email: 'totp@example.com',
      password: 'totp-password',
      totpSecret: newSecret,
    });
    expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, id))).toEqual([]);
    const [after] = await db.select().from(users).where(eq(users.id, id));
    expect(after!.sessionVersion).toBeGreaterThan(before!.sessionVersion);
    const [session] = await db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, 'old-session'));
    expect(session!.revokedAt).not.toBeNull();
    const secondFactor = createSecondFactor({ db, config });
    expect(await secondFactor.checkLogin(id, { totp: totpCode(newSecret) })).toBe('passed');
  });

  it('promotes an existing user to admin', async () => {
    await db.insert(users).values({ email: 'user@example.com', name: 'U', passwordHash: 'x' });
    await ensureAdmin(db, testConfig(), { email: 'user@example.com', password: 'a-new-password' });
    const [u] = await db.select().from(users).where(eq(users.email, 'user@example.com'));
    expect(u!.role).toBe('admin');
  });

  it('refuses a bad e-mail or a short password', async () => {
    await expect(
      ensureAdmin(db, testConfig(), { email: 'nope', password: 'long-enough' }),
    ).rejects.toThrow(/e-mail/);
    await expect(
      ensureAdmin(db, testConfig(), { email: 'a@b.co', password: 'short' }),
    ).rejects.toThrow(/8 characters/);
  });

  it('npm run admin:create makes the account in the configured database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tmc-admin-'));
    const { DATABASE_URL: _, ...env } = process.env;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/api/src/cli/admin-create.ts',
        '--email',
        'cli@example.com',
        '--password',
        'cli-password',
        '--new-totp-secret',
      ],
      {
        cwd: root,
        env: { ...env, DATA_DIR: dataDir, NODE_ENV: 'development', JWT_SECRET: CLI_JWT_SECRET },
      },
    );
    expect(stdout).toContain('Admin account ready: cli@example.com');
    const secret = /Authenticator secret \(base32\): ([A-Z2-7]{32})/.exec(stdout)?.[1];
    expect(secret, stdout).toBeDefined();
    expect(stdout).toContain(`otpauth://totp/TMC%20Presale:cli%40example.com?`);
    const database = await openDatabase({ dataDir });
    try {
      await migrate(database);
      const [admin] = await database.db
        .select()
        .from(users)
        .where(eq(users.email, 'cli@example.com'));
      expect(admin?.role).toBe('admin');
      // The printed secret is the one the login checks.
      const secondFactor = createSecondFactor({
        db: database.db,
        config: { jwtSecret: CLI_JWT_SECRET },
      });
      expect(await secondFactor.checkLogin(admin!.id, { totp: totpCode(secret) })).toBe('passed');
    } finally {
      await database.close();
    }
  }, 60_000);
});
