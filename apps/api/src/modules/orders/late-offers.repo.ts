import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { PaymentMode, PurchaseStatus } from '@tmc/shared';
import type { Tx } from '../../db/client.ts';
import { lateOffers, purchases, refunds } from '../../db/schema/index.ts';

export type LateOfferRow = typeof lateOffers.$inferSelect;

/** A bank order that ended for want of a receipt (`lapsedRemark`), still without one. */
export async function setLateReceipt(
  db: Tx,
  id: string,
  receipt: { receiptKey: string; receiptType: string },
  lapsedRemark: string,
) {
  const [row] = await db
    .update(purchases)
    .set({ ...receipt, receiptAt: sql`now()`, lateReceiptAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(purchases.id, id),
        eq(purchases.status, PurchaseStatus.NotAccepted),
        eq(purchases.paymentMode, PaymentMode.Bank),
        eq(purchases.remark, lapsedRemark),
        isNull(purchases.receiptKey),
      ),
    )
    .returning();
  return row;
}

/** The order's latest offer (the one its page and the review queue show). */
export async function latestLateOffer(db: Tx, purchaseId: string) {
  const [row] = await db
    .select()
    .from(lateOffers)
    .where(eq(lateOffers.purchaseId, purchaseId))
    .orderBy(desc(lateOffers.createdAt))
    .limit(1);
  return row;
}

/** The latest offer of each order of a page, in one read. */
export async function latestLateOffers(db: Tx, purchaseIds: string[]) {
  if (purchaseIds.length === 0) return new Map<string, LateOfferRow>();
  const rows = await db
    .selectDistinctOn([lateOffers.purchaseId])
    .from(lateOffers)
    .where(inArray(lateOffers.purchaseId, purchaseIds))
    .orderBy(lateOffers.purchaseId, desc(lateOffers.createdAt));
  return new Map(rows.map((r) => [r.purchaseId, r]));
}

export async function findLateOfferByToken(db: Tx, tokenHash: string) {
  const [row] = await db
    .select({ offer: lateOffers, purchase: purchases })
    .from(lateOffers)
    .innerJoin(purchases, eq(purchases.id, lateOffers.purchaseId))
    .where(eq(lateOffers.tokenHash, tokenHash));
  return row;
}

/** The offer's row, held: one consent at a time. */
export async function lockLateOffer(db: Tx, id: string) {
  const [row] = await db.select().from(lateOffers).where(eq(lateOffers.id, id)).for('update');
  return row;
}

/** Any open offer of the order is withdrawn (a newer offer or a refund replaces it). */
export const withdrawLateOffers = (db: Tx, purchaseId: string) =>
  db
    .update(lateOffers)
    .set({ state: 'withdrawn', withdrawnAt: sql`now()` })
    .where(and(eq(lateOffers.purchaseId, purchaseId), eq(lateOffers.state, 'offered')))
    .returning({ id: lateOffers.id });

export async function insertLateOffer(db: Tx, values: typeof lateOffers.$inferInsert) {
  const [row] = await db.insert(lateOffers).values(values).returning();
  return row!;
}

/** offered → accepted; nothing when another consent (or a withdrawal) came first. */
export async function markLateOfferAccepted(db: Tx, id: string) {
  const [row] = await db
    .update(lateOffers)
    .set({ state: 'accepted', acceptedAt: sql`now()` })
    .where(and(eq(lateOffers.id, id), eq(lateOffers.state, 'offered')))
    .returning();
  return row;
}

/** Any refund of the order not declined: its money is going back, it cannot become an order. */
export async function hasLiveRefund(db: Tx, purchaseId: string) {
  const [row] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.purchaseId, purchaseId), ne(refunds.state, 'declined')))
    .limit(1);
  return row !== undefined;
}

/**
 * The ended order becomes an order at the offer's price: its tokens, price and stage are the
 * offer's, it is Pending with its receipt (staff confirm the money in the review queue as for any
 * bank order), and the stage trigger reserves its tokens. Only from Not Accepted with a late
 * receipt: nothing otherwise.
 */
export async function repriceLateOrder(db: Tx, offer: LateOfferRow) {
  const [row] = await db
    .update(purchases)
    .set({
      status: PurchaseStatus.Pending,
      stageId: offer.stageId,
      stageName: offer.stageName,
      tokenPriceAud: offer.tokenPriceAud,
      tokenAmount: offer.tokenAmount,
      investmentAmount: offer.investmentAmount,
      rate: offer.rate,
      remark: null,
      reviewedAt: null,
      reviewedBy: null,
      // A fresh confirmation window for staff, from the buyer's consent.
      receiptAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(purchases.id, offer.purchaseId),
        eq(purchases.status, PurchaseStatus.NotAccepted),
        sql`${purchases.lateReceiptAt} is not null`,
      ),
    )
    .returning();
  return row;
}
