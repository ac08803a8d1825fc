import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { recoveryCodes, userTotp } from '../../db/schema/index.ts';

export async function findTotp(db: Tx, userId: string) {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  return row;
}

export async function savePendingTotp(db: Tx, userId: string, pendingSecret: string) {
  await db
    .insert(userTotp)
    .values({ userId, pendingSecret })
    .onConflictDoUpdate({ target: userTotp.userId, set: { pendingSecret } });
}

/** Makes `secret` the account's authenticator (a new one: no step used yet). */
export async function enableTotp(db: Tx, userId: string, secret: string) {
  const set = { secret, pendingSecret: null, lastStep: null, enabledAt: sql`now()` };
  await db
    .insert(userTotp)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: userTotp.userId, set });
}

/** Records `step` as used; false when it (or a later one) already was, so each code works once. */
export async function useTotpStep(db: Tx, userId: string, step: number) {
  const rows = await db
    .update(userTotp)
    .set({ lastStep: step })
    .where(
      and(
        eq(userTotp.userId, userId),
        isNotNull(userTotp.secret),
        or(isNull(userTotp.lastStep), lt(userTotp.lastStep, step)),
      ),
    )
    .returning({ userId: userTotp.userId });
  return rows.length > 0;
}

export async function replaceRecoveryCodes(db: Tx, userId: string, codeHashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (codeHashes.length === 0) return;
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** True for the one caller that used this unused code. */
export async function useRecoveryCode(db: Tx, userId: string, codeHash: string) {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}
