import { sql } from 'drizzle-orm';
import { isEmailAddress } from '@tmc/shared';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/password.ts';

/** Makes sure a verified admin account with this e-mail and password exists. */
export async function ensureAdmin(
  db: Db,
  input: { email: string; password: string; name?: string },
) {
  const email = input.email.trim().toLowerCase();
  if (!isEmailAddress(email))
    throw new Error(`Not an e-mail address: ${input.email}`);
  if (input.password.length < 8)
    throw new Error('The admin password must be at least 8 characters long');
  const passwordHash = await hashPassword(input.password);
  const [row] = await db
    .insert(users)
    .values({
      email,
      name: input.name ?? 'Admin',
      passwordHash,
      role: 'admin',
      emailVerifiedAt: new Date(),
    })
    .onConflictDoUpdate({
      target: users.email,
      set: {
        passwordHash,
        role: 'admin',
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
      },
    })
    .returning({ id: users.id, email: users.email });
  return row!;
}
