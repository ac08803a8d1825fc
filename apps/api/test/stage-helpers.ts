import { eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { stages } from '../src/db/schema/index.ts';

/** The stage selling now (the seed makes one from the settings' price). */
export async function activeStage(db: Db) {
  const [row] = await db.select().from(stages).where(eq(stages.state, 'active'));
  return row;
}

/**
 * Closes the stage selling now (by staff) and opens a new one at `priceAud` with `tokenCap`
 * tokens, straight in the database: for tests about what a later price does to earlier orders.
 */
export async function switchStage(db: Db, priceAud: string, tokenCap = '1000000000') {
  return db.transaction(async (tx) => {
    await tx
      .update(stages)
      .set({ state: 'closed', closeReason: 'staff', closedAt: sql`now()` })
      .where(eq(stages.state, 'active'));
    const [row] = await tx
      .insert(stages)
      .values({
        name: `At ${priceAud}`,
        priceAud,
        tokenCap,
        startsAt: new Date(),
        state: 'active',
      })
      .returning();
    return row!;
  });
}
