import { isEmailAddress } from '@tmc/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { hashPassword } from '../../lib/password.ts';
import { createSecondFactor, parseTotpSecret } from '../auth/second-factor.ts';
import { endAllSessions } from '../auth/sessions.ts';
import { findUserByEmail, insertUser, makeAdmin } from './users.repo.ts';

/**
 * Makes sure a verified admin account with this e-mail and password exists, with this
 * authenticator secret (base32) when one is given. An account that was not an admin before
 * loses its sessions: they were opened under the old role.
 */
export async function ensureAdmin(
  db: Db,
  config: Pick<Config, 'jwtSecret'>,
  input: { email: string; password: string; name?: string; totpSecret?: string },
) {
  const email = input.email.trim().toLowerCase();
  if (!isEmailAddress(email)) throw new Error(`Not an e-mail address: ${input.email}`);
  if (input.password.length < 8)
    throw new Error('The admin password must be at least 8 characters long');
  if (input.totpSecret !== undefined) parseTotpSecret(input.totpSecret);
  const passwordHash = await hashPassword(input.password);
  const secondFactor = createSecondFactor({ db, config });
  return db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    const admin = existing
      ? await makeAdmin(tx, existing.id, passwordHash)
      : await insertUser(tx, {
          email,
          name: input.name ?? 'Admin',
          passwordHash,
          role: 'admin',
          emailVerifiedAt: new Date(),
        });
    if (existing && existing.role !== 'admin') await endAllSessions(tx, admin.id);
    if (input.totpSecret !== undefined)
      await secondFactor.ensureSecret(tx, admin.id, input.totpSecret);
    return { id: admin.id, email: admin.email };
  });
}
