import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { purchases, users, userTotp } from '../../db/schema/index.ts';
import { forgetSessionState } from '../../lib/session-states.ts';

export type UserRow = typeof users.$inferSelect;

/** PostgreSQL's unique_violation, raw (pg, PGlite) or wrapped by Drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  const codeOf = (e: unknown) => (e && typeof e === 'object' && 'code' in e ? e.code : undefined);
  return codeOf(err) === '23505' || (err instanceof Error && codeOf(err.cause) === '23505');
}

export async function findUserById(db: Tx, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Holds the user's row until the surrounding transaction ends (one order check at a time per buyer). */
export async function lockUser(db: Tx, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function findUserByEmail(db: Tx, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

const loginAccount = prepared((db) =>
  db
    .select({
      ...getTableColumns(users),
      hasAuthenticator: sql<boolean>`exists (select 1 from ${userTotp} where ${userTotp.userId} = ${users.id} and ${userTotp.secret} is not null)`,
    })
    .from(users)
    .where(eq(users.email, sql.placeholder('email')))
    .prepare('login_account'),
);

/** The account a login names, and whether it asks for an authenticator code, in one read. */
export async function findLoginAccount(db: Tx, email: string) {
  const [row] = await loginAccount(db).execute({ email });
  return row;
}

// Read when a signed-in account is not in memory yet (lib/session-states.ts).
const sessionState = prepared((db) =>
  db
    .select({ role: users.role, sessionVersion: users.sessionVersion })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('session_state'),
);

export async function findSessionState(db: Tx, id: string) {
  const [row] = await sessionState(db).execute({ id });
  return row;
}

/** Ends every session of the account: its access tokens carry the old version from now on. */
export async function bumpSessionVersion(db: Tx, id: string) {
  const [row] = await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, id))
    .returning({ sessionVersion: users.sessionVersion });
  forgetSessionState(id);
  return row?.sessionVersion;
}

/** Codes are made upper-case, so an upper-cased input matches whatever case it was typed in. */
export async function findAffiliateByCode(db: Tx, code: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.affiliateCode, code.toUpperCase()), eq(users.isAffiliated, true)));
  return row;
}

export async function insertUser(db: Tx, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/** Verifies the e-mail; a held sign-up redo, when given, replaces the name, password and referrer. */
export async function markEmailVerified(
  db: Tx,
  id: string,
  redo?: { name: string; passwordHash: string; referredBy: string | null },
) {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, ...redo })
    .where(eq(users.id, id));
}

/** Whether the account has placed any order (a guest checkout's account has). */
export async function holdsOrders(db: Tx, userId: string) {
  const [row] = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(eq(purchases.userId, userId))
    .limit(1);
  return row !== undefined;
}

/**
 * A reset code proved the mailbox, so the e-mail counts as verified from here on. On an account
 * that was not verified yet, the referrer its unproven sign-up chose is dropped with the rest.
 */
export async function setPassword(db: Tx, id: string, passwordHash: string) {
  await db
    .update(users)
    .set({
      passwordHash,
      referredBy: sql`case when ${users.emailVerifiedAt} is null then null else ${users.referredBy} end`,
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
    })
    .where(eq(users.id, id));
}

/** Makes the account a verified admin, with this password when one is given. */
export async function makeAdmin(db: Tx, id: string, passwordHash?: string) {
  const [row] = await db
    .update(users)
    .set({
      ...(passwordHash === undefined ? {} : { passwordHash }),
      role: 'admin',
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
    })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

/** Keeps an existing code, so calling it twice changes nothing. */
export async function makeAffiliate(db: Tx, id: string, code: string) {
  const [row] = await db
    .update(users)
    .set({ isAffiliated: true, affiliateCode: sql`coalesce(${users.affiliateCode}, ${code})` })
    .where(and(eq(users.id, id), isNull(users.affiliateDismissedAt)))
    .returning();
  return row;
}

export async function setWalletAddress(db: Tx, id: string, walletAddress: string) {
  const [row] = await db.update(users).set({ walletAddress }).where(eq(users.id, id)).returning();
  return row;
}
