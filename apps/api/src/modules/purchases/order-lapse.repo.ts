import { and, asc, eq, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { PaymentMode, PaymentStatus, PurchaseStatus } from '@tmc/shared';
import type { Tx } from '../../db/client.ts';
import { chainWatchers, purchases, transactions } from '../../db/schema/index.ts';
import { WATCHER_NAME } from '../transactions/payment-watcher.repo.ts';
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

/**
 * A crypto order's quote ended more than the grace period ago and, when the payment watcher runs
 * (`chainRead`), the watcher has read the chain past that moment: an outage or a watcher behind
 * never ends an order that was paid in time.
 */
const quoteLapsed = (graceMinutes: number, chainRead: boolean) => {
  const lapsedAt = sql`${transactions.quoteExpiresAt} + make_interval(mins => ${graceMinutes})`;
  return and(
    eq(transactions.paymentStatus, PaymentStatus.Pending),
    eq(transactions.paymentMode, PaymentMode.Crypto),
    lt(lapsedAt, sql`now()`),
    chainRead
      ? lt(
          lapsedAt,
          sql`(select ${chainWatchers.readThroughTime} from ${chainWatchers} where ${chainWatchers.name} = ${WATCHER_NAME})`,
        )
      : undefined,
  )!;
};

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
export async function findLapsedQuotes(
  db: Tx,
  graceMinutes: number,
  chainRead: boolean,
  limit: number,
) {
  const rows = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(quoteLapsed(graceMinutes, chainRead))
    .orderBy(asc(transactions.quoteExpiresAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Pending → Not Accepted with `remark`, while `why` still holds: the conditions are checked
 * again under the row's lock, so a receipt attached, a payment or a staff decision that
 * committed first leaves the order alone (nothing returned).
 */
async function endOrder(db: Tx, id: string, remark: string, why: SQL) {
  const [row] = await db
    .update(purchases)
    .set({
      status: PurchaseStatus.NotAccepted,
      remark,
      reviewedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(purchases.id, id), why))
    .returning();
  return row;
}

/** A bank order still past its window without a receipt ends. */
export const endBankOrderPastWindow = (db: Tx, id: string, remark: string) =>
  endOrder(db, id, remark, bankOrderPastWindow);

/** A bank order whose receipt staff did not confirm in time ends. */
export const endBankOrderUnconfirmed = (db: Tx, id: string, remark: string) =>
  endOrder(db, id, remark, bankOrderUnconfirmed);

/** A crypto order's transaction whose quote lapsed, held until the surrounding transaction ends. */
export async function lockLapsedQuote(
  db: Tx,
  id: string,
  graceMinutes: number,
  chainRead: boolean,
) {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, id), quoteLapsed(graceMinutes, chainRead)))
    .for('update');
  return row;
}

/**
 * Pending → Failed for a crypto order's transaction whose quote lapsed; it frees the exact amount
 * (transactions_open_quote_key covers Pending rows only). Under the row's lock, like the credit
 * step: a payment credited first leaves it alone (nothing returned).
 */
export async function failLapsedQuote(
  db: Tx,
  id: string,
  graceMinutes: number,
  chainRead: boolean,
) {
  const [row] = await db
    .update(transactions)
    .set({ paymentStatus: PaymentStatus.Failed })
    .where(and(eq(transactions.id, id), quoteLapsed(graceMinutes, chainRead)))
    .returning();
  return row;
}

/** A crypto order whose quote lapsed ends; nothing when it was decided already. */
export const endPendingPurchase = (db: Tx, id: string, remark: string) =>
  endOrder(db, id, remark, eq(purchases.status, PurchaseStatus.Pending));

/**
 * Staff give an order that ended because its quote lapsed a payment mined in time: the order and
 * its transaction are Pending again (the transaction first, as the credit step locks them). False
 * when the order did not end that way.
 */
export async function reopenLapsedCryptoOrder(
  db: Tx,
  order: { transactionId: string; purchaseId: string },
  lapsedRemark: string,
) {
  const lapsed = and(
    eq(purchases.id, order.purchaseId),
    eq(purchases.status, PurchaseStatus.NotAccepted),
    eq(purchases.remark, lapsedRemark),
  );
  const [transaction] = await db
    .update(transactions)
    .set({ paymentStatus: PaymentStatus.Pending })
    .where(
      and(
        eq(transactions.id, order.transactionId),
        eq(transactions.purchaseId, order.purchaseId),
        eq(transactions.paymentStatus, PaymentStatus.Failed),
        eq(transactions.paymentMode, PaymentMode.Crypto),
        sql`exists (select 1 from ${purchases} where ${lapsed})`,
      ),
    )
    .returning({ id: transactions.id });
  if (!transaction) return false;
  await db
    .update(purchases)
    .set({ status: PurchaseStatus.Pending, remark: null, reviewedAt: null, updatedAt: sql`now()` })
    .where(lapsed);
  return true;
}
