import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { migrate, openDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { verifyPassword } from '../src/lib/password.ts';
import { ensureAdmin } from '../src/modules/account/ensure-admin.ts';
import { createSecondFactor } from '../src/modules/auth/second-factor.ts';
import { getTestDatabase, resetDatabase } from './db.ts';
import { totpCode } from './staff-helpers.ts';
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
  it('creates a verified admin with an argon2id hash, and resets its password when run again', async () => {
    await ensureAdmin(db, testConfig(), {
      email: '  Staff@Example.COM ',
      password: 'first-password',
    });
    let [admin] = await db.select().from(users).where(eq(users.email, 'staff@example.com'));
    expect(admin).toMatchObject({ role: 'admin', emailVerifiedAt: expect.any(Date) });
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$/);

    await ensureAdmin(db, testConfig(), {
      email: 'staff@example.com',
      password: 'second-password',
    });
    const all = await db.select().from(users).where(eq(users.email, 'staff@example.com'));
    expect(all).toHaveLength(1);
    [admin] = all;
    expect(await verifyPassword(admin!.passwordHash, 'second-password')).toBe(true);
    expect(await verifyPassword(admin!.passwordHash, 'first-password')).toBe(false);
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
