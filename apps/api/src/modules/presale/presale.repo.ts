import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';

export async function findSettings(db: Tx) {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1));
  return row;
}

/** Adds an accepted purchase to the running totals in one statement, so concurrent acceptances never lose an update. */
export async function addToPresaleTotals(db: Tx, amounts: { aud: string; tokens: string }) {
  await db
    .update(settings)
    .set({
      raisedAud: sql`${settings.raisedAud} + ${amounts.aud}::numeric`,
      tokensSold: sql`${settings.tokensSold} + ${amounts.tokens}::numeric`,
      updatedAt: sql`now()`,
    })
    .where(eq(settings.id, 1));
}
