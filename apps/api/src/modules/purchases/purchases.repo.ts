import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  isNotNull,
  isNull,
  or,
  sql,
  type Placeholder,
} from 'drizzle-orm';
import { BANK_CONFIRMATION_DAYS, PaymentMode, PaymentStatus, PurchaseStatus } from '@tmc/shared';
import type { Tx } from '../../db/client.ts';
import { listSize, readTotal } from '../../db/list-sizes.ts';
import { prepareFlat, preparedByShape } from '../../db/prepared.ts';
import { newestFirst } from '../../db/staff-page.ts';
import {
  auditLog,
  banks,
  paymentClaims,
  paymentSightings,
  purchases,
  transactions,
  unmatchedPayments,
} from '../../db/schema/index.ts';
import { purchaseDtoColumns } from './purchase-dto.ts';

export type PurchaseRow = typeof purchases.$inferSelect;

/**
 * When staff must have confirmed the money of a bank order with a receipt: days after the receipt
 * came (its order's time for rows that predate receipt times).
 */
export const confirmationDueAt = sql<Date>`(coalesce(${purchases.receiptAt}, ${purchases.createdAt}) + make_interval(days => ${BANK_CONFIRMATION_DAYS}))`;

/** The same deadline for a row in hand. */
export const confirmationDueOf = (p: Pick<PurchaseRow, 'receiptAt' | 'createdAt'>) =>
  new Date((p.receiptAt ?? p.createdAt).getTime() + BANK_CONFIRMATION_DAYS * 86_400_000);
export type NewPurchaseRow = typeof purchases.$inferInsert;

export async function insertPurchase(db: Tx, values: NewPurchaseRow) {
  const [row] = await db.insert(purchases).values(values).returning();
  return row!;
}

export interface UserPurchasesQuery {
  limit: number;
  offset: number;
  /** 1 smallest investment first, −1 largest first; newest first when absent. */
  sortPrice?: 1 | -1;
  status?: number;
}

/** A value, or the placeholder a prepared statement fills in. */
type Param<T> = T | Placeholder;

const ofUser = (userId: Param<string>, status: Param<number> | undefined) =>
  and(
    eq(purchases.userId, userId),
    status === undefined ? undefined : eq(purchases.status, status),
  );

/** The account's list size, or a count of the rows the status filter keeps. */
const totalOf = (db: Tx, userId: Param<string>, status: Param<number> | undefined) =>
  status === undefined
    ? listSize('purchases', userId)
    : db.$count(purchases, ofUser(userId, status));

/** A page statement per shape of query (sorting, whether filtered by status). */
const userPage = preparedByShape(
  (q: Pick<UserPurchasesQuery, 'sortPrice' | 'status'>) =>
    `user_purchases_${q.sortPrice ?? 0}_${Number(q.status !== undefined)}`,
  (db, name, q) => {
    const status = q.status === undefined ? undefined : sql.placeholder('status');
    const newest = newestFirst(purchases);
    const order =
      q.sortPrice === undefined
        ? newest
        : [
            q.sortPrice === 1 ? asc(purchases.investmentAmount) : desc(purchases.investmentAmount),
            ...newest,
          ];
    const columns = {
      ...purchaseDtoColumns,
      bankName: banks.bankName,
      total: totalOf(db, sql.placeholder('userId'), status),
    };
    return prepareFlat(db, name, columns, (select) =>
      select
        .from(purchases)
        .leftJoin(banks, eq(banks.id, purchases.bankId))
        .where(ofUser(sql.placeholder('userId'), status))
        .orderBy(...order)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
    );
  },
);

/**
 * One page of a user's purchases with their bank's name and how many there are, in one prepared
 * statement (as the transactions list); the order follows purchases_user_created_idx or
 * purchases_user_amount_idx, with the id as the tie-breaker. Only a page past the end reads its
 * total on its own.
 */
export async function pageUserPurchases(db: Tx, userId: string, q: UserPurchasesQuery) {
  const rows = await userPage(q)(db).execute({ userId, ...q });
  const total =
    rows[0]?.total ?? (q.offset > 0 ? await countUserPurchases(db, userId, q.status) : 0);
  return { rows, total };
}

export const countUserPurchases = (db: Tx, userId: string, status?: number) =>
  readTotal(db, totalOf(db, userId, status));

/** One of the user's purchases with its bank account (404 material when another user's). */
export async function findUserPurchase(db: Tx, userId: string, id: string) {
  const [row] = await db
    .select({ purchase: purchases, bank: banks })
    .from(purchases)
    .leftJoin(banks, eq(banks.id, purchases.bankId))
    .where(and(eq(purchases.id, id), eq(purchases.userId, userId)));
  return row;
}

/**
 * The user's purchase with its bank's name, the purchase's row held until the transaction ends
 * (receipt attach races).
 */
export async function lockUserPurchase(db: Tx, userId: string, id: string) {
  const [row] = await db
    .select({ purchase: purchases, bankName: banks.bankName })
    .from(purchases)
    .leftJoin(banks, eq(banks.id, purchases.bankId))
    .where(and(eq(purchases.id, id), eq(purchases.userId, userId)))
    .for('update', { of: purchases });
  return row;
}

/** The order a buyer's checkout key already made, if any. */
export async function findPurchaseByRequest(db: Tx, userId: string, requestId: string) {
  const [row] = await db
    .select()
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.requestId, requestId)));
  return row;
}

/** Pending and receipt-less only: a second attach (or a race) changes nothing and returns nothing. */
export async function setPurchaseReceipt(
  db: Tx,
  id: string,
  receipt: { receiptKey: string; receiptType: string },
) {
  const [row] = await db
    .update(purchases)
    .set({ ...receipt, receiptAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(purchases.id, id),
        eq(purchases.status, PurchaseStatus.Pending),
        isNull(purchases.receiptKey),
      ),
    )
    .returning();
  return row;
}

/**
 * The buyer's cancel: a Pending order with no receipt, no payment and no transfer held for it
 * becomes Not Accepted, and its open quote closes (Failed), so a later transfer of that amount
 * pays nothing by itself. Returns nothing when the order no longer qualifies.
 */
export async function cancelUnpaidPurchase(db: Tx, id: string) {
  const [row] = await db
    .update(purchases)
    .set({ status: PurchaseStatus.NotAccepted, reviewedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(purchases.id, id),
        eq(purchases.status, PurchaseStatus.Pending),
        isNull(purchases.receiptKey),
        // Paid, ended, or partially paid: money arrived for it.
        sql`not exists (select 1 from ${transactions} where ${transactions.purchaseId} = ${id} and (${transactions.paymentStatus} <> ${PaymentStatus.Pending} or ${transactions.receivedBaseUnits} is not null))`,
        sql`not exists (select 1 from ${unmatchedPayments} where ${unmatchedPayments.purchaseId} = ${id})`,
        // A transfer its buyer claimed for it waits for staff, who may still assign it here.
        sql`not exists (select 1 from ${paymentClaims} c join ${transactions} t on t.id = c.transaction_id where t.purchase_id = ${id})`,
        // A payment for it is on the chain, counting confirmations: it is on its way.
        sql`not exists (select 1 from ${paymentSightings} where ${paymentSightings.purchaseId} = ${id})`,
      ),
    )
    .returning();
  if (row)
    await db
      .update(transactions)
      .set({ paymentStatus: PaymentStatus.Failed })
      .where(
        and(eq(transactions.purchaseId, id), eq(transactions.paymentStatus, PaymentStatus.Pending)),
      );
  return row;
}

/** True when the buyer's own cancel closed this order (its audit row, audit_log_entity_idx). */
export async function cancelledByBuyer(db: Tx, id: string) {
  const [row] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'purchase'),
        eq(auditLog.entityId, id),
        eq(auditLog.action, 'purchase.cancel'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Tokens of the user's accepted purchases and of those whose payment awaits review, summed in the database (purchases_user_created_idx). */
export async function sumUserTokens(db: Tx, userId: string) {
  const [row] = await db
    .select({
      allocated: sql<string>`coalesce(sum(${purchases.tokenAmount}) filter (where ${purchases.status} = ${PurchaseStatus.Accepted}), 0)::text`,
      // Pending review: Pending orders whose payment is in (a bank receipt, a transfer staff
      // hold for it, or part of it: partially paid); unpaid and lapsed orders are not waiting for
      // anyone's review.
      pending: sql<string>`coalesce(sum(${purchases.tokenAmount}) filter (where ${purchases.status} = ${PurchaseStatus.Pending} and (${purchases.receiptKey} is not null or exists (select 1 from ${unmatchedPayments} u where u.purchase_id = ${purchases}.${sql.identifier('id')} and u.status = 'open') or exists (select 1 from ${transactions} t where t.purchase_id = ${purchases}.${sql.identifier('id')} and t.payment_status = ${PaymentStatus.Pending} and t.received_base_units is not null))), 0)::text`,
    })
    .from(purchases)
    .where(eq(purchases.userId, userId));
  return { allocated: row?.allocated ?? '0', pending: row?.pending ?? '0' };
}

/**
 * A buyer's open bank orders: Pending and before their deadline, the receipt's window without a
 * receipt, the confirmation's with one (an order past it has ended, even before the lapse job
 * marks it). purchases_user_open_bank_idx.
 */
export async function countOpenBankOrders(db: Tx, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, userId),
        eq(purchases.status, PurchaseStatus.Pending),
        eq(purchases.paymentMode, PaymentMode.Bank),
        or(
          and(
            isNull(purchases.receiptKey),
            or(isNull(purchases.paymentDueAt), gt(purchases.paymentDueAt, sql`now()`)),
          ),
          and(isNotNull(purchases.receiptKey), gt(confirmationDueAt, sql`now()`)),
        ),
      ),
    );
  return row?.n ?? 0;
}
