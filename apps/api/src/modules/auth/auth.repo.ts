import { and, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { OtpPurpose } from '@tmc/shared';
import type { Tx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import {
  authLinks,
  otpCodes,
  passwordResets,
  pendingSignups,
  refreshTokens,
} from '../../db/schema/index.ts';

const secondsFromNow = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/** A single-use token (reset or link) that is neither used nor expired. */
const unusedAndLive = (t: typeof passwordResets | typeof authLinks) =>
  and(isNull(t.usedAt), gt(t.expiresAt, sql`now()`));

/**
 * Stores a code for (email, purpose), replacing the previous one. With `minIntervalSeconds` the
 * previous one is only replaced when it is at least that old: the row lock makes this the one
 * place that decides, however many requests race. Returns false when it was too recent.
 */
export async function storeOtp(
  db: Tx,
  v: {
    email: string;
    purpose: OtpPurpose;
    codeHash: string;
    ttlSeconds: number;
    minIntervalSeconds?: number;
  },
) {
  const fresh = {
    codeHash: v.codeHash,
    expiresAt: secondsFromNow(v.ttlSeconds),
    attempts: 0,
    consumedAt: null,
    createdAt: sql`now()`,
  };
  const rows = await db
    .insert(otpCodes)
    .values({ email: v.email, purpose: v.purpose, ...fresh })
    .onConflictDoUpdate({
      target: [otpCodes.email, otpCodes.purpose],
      set: fresh,
      ...(v.minIntervalSeconds
        ? {
            setWhere: sql`${otpCodes.createdAt} <= now() - make_interval(secs => ${v.minIntervalSeconds})`,
          }
        : {}),
    })
    .returning({ id: otpCodes.id });
  return rows.length > 0;
}

export async function secondsSinceLastOtp(db: Tx, email: string, purpose: OtpPurpose) {
  const [row] = await db
    .select({ age: sql<number>`extract(epoch from now() - ${otpCodes.createdAt})::float8` })
    .from(otpCodes)
    .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose)));
  return row?.age;
}

/** The code of (email, purpose) that can still be used: not used, not expired, tries left. */
const liveOtp = (email: string, purpose: OtpPurpose, maxAttempts: number) =>
  and(
    eq(otpCodes.email, email),
    eq(otpCodes.purpose, purpose),
    isNull(otpCodes.consumedAt),
    gt(otpCodes.expiresAt, sql`now()`),
    lt(otpCodes.attempts, maxAttempts),
  );

/** Whether (email, purpose) has a code that can still be used: not used, not expired, tries left. */
export async function hasLiveOtp(db: Tx, email: string, purpose: OtpPurpose, maxAttempts: number) {
  const [row] = await db
    .select({ id: otpCodes.id })
    .from(otpCodes)
    .where(liveOtp(email, purpose, maxAttempts));
  return row !== undefined;
}

/** Counts one try on the live code (in SQL, so racing tries all count) and returns its hash. */
export async function spendOtpAttempt(
  db: Tx,
  email: string,
  purpose: OtpPurpose,
  maxAttempts: number,
) {
  const [row] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(liveOtp(email, purpose, maxAttempts))
    .returning({ id: otpCodes.id, codeHash: otpCodes.codeHash });
  return row;
}

/** True for the one caller that used the code. */
export async function consumeOtp(db: Tx, id: string) {
  const rows = await db
    .update(otpCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id });
  return rows.length > 0;
}

const refreshTokenInsert = prepared((db) =>
  db
    .insert(refreshTokens)
    .values({
      userId: sql.placeholder('userId'),
      family: sql.placeholder('family'),
      tokenHash: sql.placeholder('tokenHash'),
      expiresAt: sql.placeholder('expiresAt'),
      secondFactor: sql.placeholder('secondFactor'),
    })
    .returning({ id: refreshTokens.id })
    .prepare('insert_refresh_token'),
);

export async function insertRefreshToken(
  db: Tx,
  v: { userId: string; family: string; tokenHash: string; expiresAt: Date; secondFactor: boolean },
) {
  const [row] = await refreshTokenInsert(db).execute(v);
  return row!;
}

/** Locks the row, so two uses of one token are decided one after the other. */
export async function findRefreshTokenForUpdate(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .select({
      id: refreshTokens.id,
      userId: refreshTokens.userId,
      family: refreshTokens.family,
      revokedAt: refreshTokens.revokedAt,
      secondFactor: refreshTokens.secondFactor,
      live: sql<boolean>`${refreshTokens.expiresAt} > now()`,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update');
  return row;
}

export async function markRefreshTokenReplaced(db: Tx, id: string, replacedBy: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()`, replacedBy })
    .where(eq(refreshTokens.id, id));
}

/** Revokes the live refresh tokens of one family, one token (by hash) or one user. */
async function revokeRefreshTokensWhere(db: Tx, match: SQL) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(match, isNull(refreshTokens.revokedAt)));
}

export const revokeRefreshTokenFamily = (db: Tx, family: string) =>
  revokeRefreshTokensWhere(db, eq(refreshTokens.family, family));

export const revokeRefreshTokenByHash = (db: Tx, tokenHash: string) =>
  revokeRefreshTokensWhere(db, eq(refreshTokens.tokenHash, tokenHash));

export const revokeUserRefreshTokens = (db: Tx, userId: string) =>
  revokeRefreshTokensWhere(db, eq(refreshTokens.userId, userId));

export async function insertPasswordReset(
  db: Tx,
  v: { userId: string; tokenHash: string; ttlSeconds: number },
) {
  await db
    .insert(passwordResets)
    .values({ userId: v.userId, tokenHash: v.tokenHash, expiresAt: secondsFromNow(v.ttlSeconds) });
}

/** Uses this reset (true when it was live) and closes every other open reset of the user. */
export async function usePasswordReset(tx: Tx, userId: string, tokenHash: string) {
  const used = await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.userId, userId),
        eq(passwordResets.tokenHash, tokenHash),
        unusedAndLive(passwordResets),
      ),
    )
    .returning({ id: passwordResets.id });
  if (used.length === 0) return false;
  await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  return true;
}

/** Holds a redone sign-up until a code is verified with its password (a later redo replaces it). */
export async function savePendingSignup(
  db: Tx,
  v: {
    userId: string;
    name: string;
    passwordHash: string;
    referredBy: string | null;
  },
) {
  const { userId: _userId, ...rest } = v;
  await db
    .insert(pendingSignups)
    .values(v)
    .onConflictDoUpdate({ target: pendingSignups.userId, set: { ...rest, createdAt: sql`now()` } });
}

/** Removes the account's held sign-up and answers it. */
export async function takePendingSignup(db: Tx, userId: string) {
  const [row] = await db
    .delete(pendingSignups)
    .where(eq(pendingSignups.userId, userId))
    .returning();
  return row;
}

/** The account's held sign-up, if any (read before its password is checked, off the transaction). */
export async function findPendingSignup(db: Tx, userId: string) {
  const [row] = await db.select().from(pendingSignups).where(eq(pendingSignups.userId, userId));
  return row;
}

export type AuthLinkKind = (typeof authLinks.$inferInsert)['kind'];

/** Stores a new link for (kind, subject); earlier unused ones stop working. */
export async function insertAuthLink(
  db: Tx,
  v: { kind: AuthLinkKind; subject: string; tokenHash: string; ttlSeconds: number },
) {
  await db
    .update(authLinks)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(authLinks.kind, v.kind), eq(authLinks.subject, v.subject), isNull(authLinks.usedAt)),
    );
  await db.insert(authLinks).values({
    kind: v.kind,
    subject: v.subject,
    tokenHash: v.tokenHash,
    expiresAt: secondsFromNow(v.ttlSeconds),
  });
}

/** Uses a live link once; answers its subject, or undefined for a used, expired or unknown one. */
export async function useAuthLink(db: Tx, kind: AuthLinkKind, tokenHash: string) {
  const [row] = await db
    .update(authLinks)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(authLinks.kind, kind), eq(authLinks.tokenHash, tokenHash), unusedAndLive(authLinks)),
    )
    .returning({ subject: authLinks.subject });
  return row?.subject;
}
