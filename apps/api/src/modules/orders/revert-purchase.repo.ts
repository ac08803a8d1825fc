import { and, eq, sql } from 'drizzle-orm';
import { PaymentStatus, PurchaseStatus } from '@tmc/shared';
import type { Tx } from '../../db/client.ts';
import { purchases, settings, transactions } from '../../db/schema/index.ts';

/** Success → Refunded for a reverted request; answers what was refunded. */
export const refundTransactions = (db: Tx, purchaseId: string) =>
  db
    .update(transactions)
    .set({ paymentStatus: PaymentStatus.Refunded })
    .where(
      and(
        eq(transactions.purchaseId, purchaseId),
        eq(transactions.paymentStatus, PaymentStatus.Success),
      ),
    )
    .returning({ id: transactions.id });

/** Takes a reverted purchase out of the running totals, in one statement like the acceptance adds it. */
export async function subtractFromPresaleTotals(db: Tx, amounts: { aud: string; tokens: string }) {
  await db
    .update(settings)
    .set({
      raisedAud: sql`greatest(${settings.raisedAud} - ${amounts.aud}::numeric, 0)`,
      tokensSold: sql`greatest(${settings.tokensSold} - ${amounts.tokens}::numeric, 0)`,
      updatedAt: sql`now()`,
    })
    .where(eq(settings.id, 1));
}

/** An order's figures after a partial refund took `tokens` and `aud` off them. */
export async function reducePurchaseFigures(
  db: Tx,
  id: string,
  amounts: { aud: string; tokens: string },
) {
  const [row] = await db
    .update(purchases)
    .set({
      investmentAmount: sql`${purchases.investmentAmount} - ${amounts.aud}::numeric`,
      tokenAmount: sql`${purchases.tokenAmount} - ${amounts.tokens}::numeric`,
      updatedAt: sql`now()`,
    })
    .where(eq(purchases.id, id))
    .returning();
  return row!;
}

/** The order, held until the surrounding transaction ends. */
export async function lockOrder(db: Tx, id: string) {
  const [row] = await db.select().from(purchases).where(eq(purchases.id, id)).for('update');
  return row;
}

/** A fully refunded order: Reverted, with the refund's reason and who approved it. */
export async function markOrderReverted(
  db: Tx,
  id: string,
  review: { remark: string; reviewedBy: string },
) {
  await db
    .update(purchases)
    .set({
      status: PurchaseStatus.Reverted,
      ...review,
      reviewedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(purchases.id, id));
}

export async function findOrder(db: Tx, id: string) {
  const [row] = await db.select().from(purchases).where(eq(purchases.id, id));
  return row;
}
