import { and, asc, eq, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import { PaymentMode, PaymentStatus, PurchaseStatus } from '@tmc/shared';
import type { Tx } from '../../db/client.ts';
import { purchases, transactions } from '../../db/schema/index.ts';
import { confirmationDueAt } from './purchases.repo.ts';

const bankOrderPastWindow = and(
  eq(purchases.status, PurchaseStatus.Pending),
  eq(purchases.paymentMode, PaymentMode.Bank),
  isNull(purchases.receiptKey),
  lte(purchases.paymentDueAt, sql`now()`),
)!;

const bankOrderUnconfirmed = and(
  eq(purchases.status, PurchaseStatus.Pending),
  eq(purchases.paymentMode, PaymentMode.Bank),
  isNotNull(purchases.receiptKey),
  lte(confirmationDueAt, sql`now()`),
)!;

const quoteLapsed = (graceMinutes: number) =>
  and(
    eq(transactions.paymentStatus, PaymentStatus.Pending),
    eq(transactions.paymentMode, PaymentMode.Crypto),
    lt(transactions.quoteExpiresAt, sql`now() - make_interval(mins => ${graceMinutes})`),
  )!;

/** Bank orders whose window closed without a receipt, oldest deadline first (purchases_bank_due_idx). */
export async function findBankOrdersPastWindow(db: Tx, limit: number) {
  const rows = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(bankOrderPastWindow)
    .orderBy(asc(purchases.paymentDueAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Bank orders with a receipt whose money staff did not confirm in time (purchases_review_queue_idx). */
export async function findBankOrdersUnconfirmed(db: Tx, limit: number) {
  const rows = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(bankOrderUnconfirmed)
    .orderBy(asc(purchases.createdAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Crypto orders whose quote expired more than the grace period ago (transactions_open_quote_expiry_idx). */
export async function findLapsedQuotes(db: Tx, graceMinutes: number, limit: number) {
  const rows = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(quoteLapsed(graceMinutes))
    .orderBy(asc(transactions.quoteExpiresAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Pending → Not Accepted for a bank order still past its window without a receipt. The
 * conditions are checked again under the row's lock: a receipt attached or a staff decision
 * that committed first leaves the order alone (nothing returned).
 */
export async function endBankOrderPastWindow(db: Tx, id: string, remark: string) {
  const [row] = await db
    .update(purchases)
    .set({
      status: PurchaseStatus.NotAccepted,
      remark,
      reviewedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(purchases.id, id), bankOrderPastWindow))
    .returning();
  return row;
}

/**
 * Pending → Not Accepted for a bank order whose receipt staff did not confirm in time; under the
 * row's lock like the others: a decision that committed first leaves it alone.
 */
export async function endBankOrderUnconfirmed(db: Tx, id: string, remark: string) {
  const [row] = await db
    .update(purchases)
    .set({
      status: PurchaseStatus.NotAccepted,
      remark,
      reviewedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(purchases.id, id), bankOrderUnconfirmed))
    .returning();
  return row;
}

/**
 * Pending → Failed for a crypto order's transaction whose quote lapsed; it frees the exact amount
 * (transactions_open_quote_key covers Pending rows only). Under the row's lock, like the credit
 * step: a payment credited first leaves it alone (nothing returned).
 */
export async function failLapsedQuote(db: Tx, id: string, graceMinutes: number) {
  const [row] = await db
    .update(transactions)
    .set({ paymentStatus: PaymentStatus.Failed })
    .where(and(eq(transactions.id, id), quoteLapsed(graceMinutes)))
    .returning();
  return row;
}

/** Pending → Not Accepted for a crypto order whose quote lapsed; nothing when it was decided already. */
export async function endPendingPurchase(db: Tx, id: string, remark: string) {
  const [row] = await db
    .update(purchases)
    .set({
      status: PurchaseStatus.NotAccepted,
      remark,
      reviewedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(purchases.id, id), eq(purchases.status, PurchaseStatus.Pending)))
    .returning();
  return row;
}
