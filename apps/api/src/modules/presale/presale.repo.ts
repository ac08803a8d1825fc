import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';
import { notConfigured } from '../../lib/errors.ts';

export async function findSettings(db: Tx) {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1));
  return row;
}

/** The settings, or 503 while the presale has none. */
export async function requireSettings(db: Tx) {
  const row = await findSettings(db);
  if (!row) throw notConfigured();
  return row;
}

/**
 * Adds an accepted purchase to the running totals in one statement, only while they stay within
 * the hard cap; false when they would not. Concurrent acceptances queue on the row and each
 * re-checks the cap against the total the one before it committed, so none overshoots or is lost.
 */
export async function addToPresaleTotals(db: Tx, amounts: { aud: string; tokens: string }) {
  const rows = await db
    .update(settings)
    .set({
      raisedAud: sql`${settings.raisedAud} + ${amounts.aud}::numeric`,
      tokensSold: sql`${settings.tokensSold} + ${amounts.tokens}::numeric`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(settings.id, 1),
        sql`${settings.raisedAud} + ${amounts.aud}::numeric <= ${settings.hardCapAud}`,
      ),
    )
    .returning({ id: settings.id });
  return rows.length > 0;
}
