import { isEmailAddress } from '@tmc/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { hashPassword } from '../../lib/password.ts';
import { takePendingSignup } from './auth.repo.ts';
import { createSecondFactor, parseTotpSecret } from './second-factor.ts';
import { endAllSessions } from './sessions.ts';
import { findUserByEmail, insertUser, makeAdmin } from '../account/users.repo.ts';

/**
 * Makes sure a verified admin account with this e-mail exists, with this authenticator secret
 * (base32) when one is given. The password is set when the account is created or becomes the
 * admin now (whatever an earlier sign-up of the address chose is replaced, and its sessions end),
 * and on an existing admin only with `resetPassword`: a start must not undo a password the admin
 * changed since. A different authenticator secret ends the account's sessions and recovery codes.
 */
export async function ensureAdmin(
  db: Db,
  config: Pick<Config, 'jwtSecret'>,
  input: {
    email: string;
    password: string;
    name?: string;
    totpSecret?: string;
    resetPassword?: boolean;
  },
) {
  const email = input.email.trim().toLowerCase();
  if (!isEmailAddress(email)) throw new Error(`Not an e-mail address: ${input.email}`);
  if (input.password.length < 8)
    throw new Error('The admin password must be at least 8 characters long');
  if (input.totpSecret !== undefined) parseTotpSecret(input.totpSecret);
  const secondFactor = createSecondFactor({ db, config });
  const existing = await findUserByEmail(db, email);
  const becomesAdmin = !existing || existing.role !== 'admin' || !existing.emailVerifiedAt;
  const passwordHash =
    becomesAdmin || input.resetPassword ? await hashPassword(input.password) : undefined;
  return db.transaction(async (tx) => {
    const current = await findUserByEmail(tx, email);
    const admin = current
      ? await makeAdmin(tx, current.id, passwordHash)
      : await insertUser(tx, {
          email,
          name: input.name ?? 'Admin',
          passwordHash: passwordHash!,
          role: 'admin',
          emailVerifiedAt: new Date(),
        });
    let endSessions = current !== undefined && passwordHash !== undefined;
    if (current) await takePendingSignup(tx, current.id);
    if (input.totpSecret !== undefined)
      endSessions =
        (await secondFactor.ensureSecret(tx, admin.id, input.totpSecret)) || endSessions;
    if (endSessions) await endAllSessions(tx, admin.id);
    return { id: admin.id, email: admin.email };
  });
}
