import { and, eq, sql } from 'drizzle-orm';
import { PurchaseStatus } from '@tmc/shared';
import type { Tx } from '../../db/client.ts';
import { purchases } from '../../db/schema/index.ts';

export type AcceptedPurchaseRow = typeof purchases.$inferSelect;

/** Pending → Accepted only: the status guard makes a second acceptance (or a race) a no-op that returns nothing. */
export async function markPurchaseAccepted(db: Tx, id: string, reviewedBy: string | null) {
  const [row] = await db
    .update(purchases)
    .set({
      status: PurchaseStatus.Accepted,
      reviewedBy,
      reviewedAt: sql`now()`,
      acceptedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(purchases.id, id), eq(purchases.status, PurchaseStatus.Pending)))
    .returning();
  return row;
}

export async function findPurchaseStatus(db: Tx, id: string) {
  const [row] = await db
    .select({ status: purchases.status })
    .from(purchases)
    .where(eq(purchases.id, id));
  return row?.status;
}

/** A pending request's frozen figures, held until the surrounding transaction ends. */
export async function lockPurchaseFigures(db: Tx, id: string) {
  const [row] = await db
    .select({
      reference: purchases.reference,
      userAmount: purchases.userAmount,
      rate: purchases.rate,
      tokenPriceAud: purchases.tokenPriceAud,
      investmentAmount: purchases.investmentAmount,
      tokenAmount: purchases.tokenAmount,
    })
    .from(purchases)
    .where(and(eq(purchases.id, id), eq(purchases.status, PurchaseStatus.Pending)))
    .for('update');
  return row;
}

/** What a part payment bought, written before the request is accepted with it. */
export async function setPurchaseFigures(
  db: Tx,
  id: string,
  figures: { investmentAud: string; tokenAmount: string },
) {
  await db
    .update(purchases)
    .set({
      investmentAmount: figures.investmentAud,
      tokenAmount: figures.tokenAmount,
      updatedAt: sql`now()`,
    })
    .where(eq(purchases.id, id));
}
