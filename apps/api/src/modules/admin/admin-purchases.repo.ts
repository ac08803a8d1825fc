import { and, asc, desc, eq, ilike, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PaymentStatus } from '@tmc/shared';
import type { Tx } from '../../db/client.ts';
import { boundedTotal, COUNT_CAP, exactTotal } from '../../db/list-sizes.ts';
import { preparedByShape } from '../../db/prepared.ts';
import { banks, purchases, transactions, users } from '../../db/schema/index.ts';
import { newestFirst } from '../../db/staff-page.ts';
import { containing } from './admin-users.repo.ts';
import { listPartsForStaff } from '../transactions/payment-parts.repo.ts';

const buyer = alias(users, 'buyer');
const affiliate = alias(users, 'affiliate');
const introducer = alias(users, 'introducer');
const reviewer = alias(users, 'reviewer');

/** The fields of a person the review screen and its fraud signals use (one list per alias, for Drizzle's join types). */
const buyerColumns = {
  id: buyer.id,
  email: buyer.email,
  name: buyer.name,
  walletAddress: buyer.walletAddress,
  signupIpHash: buyer.signupIpHash,
  isInfluencer: buyer.isInfluencer,
};
const affiliateColumns = {
  id: affiliate.id,
  email: affiliate.email,
  name: affiliate.name,
  walletAddress: affiliate.walletAddress,
  signupIpHash: affiliate.signupIpHash,
  isInfluencer: affiliate.isInfluencer,
};
const introducerColumns = {
  id: introducer.id,
  email: introducer.email,
  name: introducer.name,
  walletAddress: introducer.walletAddress,
  signupIpHash: introducer.signupIpHash,
  isInfluencer: introducer.isInfluencer,
};

export interface AdminPurchaseQuery {
  offset: number;
  limit: number;
  sortPrice: 1 | -1 | undefined;
  status?: number;
  paymentMode?: number;
  /** true: a receipt is attached; false: none yet (a bank order awaiting payment). */
  receipt?: boolean;
  /** true: a late payment (a receipt that came after the order ended); false: not one. */
  late?: boolean;
  email?: string;
  reference?: string;
  id?: string;
}

/**
 * A whole number written into a statement instead of sent as a parameter. The queue's statement
 * for a first page, with its status, payment mode and page size written in, has no parameter
 * left, so PostgreSQL plans it once per connection and uses the partial index of its filter.
 * With `LIMIT $n` a reusable plan must assume a tenth of the table, so every page was planned
 * anew: about 1 ms, more as the table grows, five times the page's own run. Only validated enum
 * values and page sizes are written in, so the statements stay few.
 */
function literal(n: number) {
  if (!Number.isSafeInteger(n)) throw new Error(`Not a whole number: ${n}`);
  return sql.raw(String(n));
}

/** Drizzle writes any SQL chunk as the limit; its type names only numbers and placeholders. */
const literalLimit = (n: number) => literal(n) as unknown as number;

/** The filter's part of a statement's name: the values of its enum filters, which searches it uses. */
const filterShapeOf = (q: AdminPurchaseQuery) =>
  [
    q.status ?? '',
    q.paymentMode ?? '',
    q.receipt ?? '',
    q.late ?? '',
    Boolean(q.email),
    Boolean(q.reference),
    Boolean(q.id),
  ].join('_');

/** The filter: enum values written in (see `literal`), searches as placeholders. */
function whereOf(q: AdminPurchaseQuery) {
  const conditions: SQL[] = [];
  if (q.status !== undefined) conditions.push(sql`${purchases.status} = ${literal(q.status)}`);
  if (q.paymentMode !== undefined)
    conditions.push(sql`${purchases.paymentMode} = ${literal(q.paymentMode)}`);
  if (q.receipt !== undefined)
    conditions.push(q.receipt ? isNotNull(purchases.receiptKey) : isNull(purchases.receiptKey));
  if (q.late !== undefined)
    conditions.push(q.late ? isNotNull(purchases.lateReceiptAt) : isNull(purchases.lateReceiptAt));
  if (q.email) conditions.push(ilike(buyer.email, sql.placeholder('emailPattern')));
  if (q.reference) conditions.push(eq(purchases.reference, sql.placeholder('reference')));
  if (q.id) conditions.push(eq(purchases.id, sql.placeholder('id')));
  return conditions.length ? and(...conditions) : undefined;
}

/** The values of a query's placeholders. */
const valuesOf = (q: AdminPurchaseQuery) => ({
  offset: q.offset,
  emailPattern: q.email ? containing(q.email) : undefined,
  reference: q.reference?.toUpperCase(),
  id: q.id,
});

const reviewPage = preparedByShape(
  (q: AdminPurchaseQuery) =>
    `review_page_${q.sortPrice ?? 0}_${filterShapeOf(q)}_${q.limit}_${q.offset === 0 ? 'first' : 'later'}`,
  (db, name, q) => {
    const latest = db
      .select({
        id: transactions.id,
        paymentStatus: transactions.paymentStatus,
        paymentMode: transactions.paymentMode,
        price: transactions.price,
        currency: transactions.currency,
        tokenSymbol: transactions.tokenSymbol,
        txnHash: transactions.txnHash,
        fromAddress: transactions.fromAddress,
        senderMatchesWallet: transactions.senderMatchesWallet,
        walletAddress: transactions.walletAddress,
        verifiedAt: transactions.verifiedAt,
        paidBaseUnits: transactions.paidBaseUnits,
        quoteBaseUnits: transactions.quoteBaseUnits,
        receivedBaseUnits: transactions.receivedBaseUnits,
        creditOverride: transactions.creditOverride,
      })
      .from(transactions)
      .where(sql`${transactions.purchaseId} = ${purchases.id}`)
      .orderBy(desc(transactions.createdAt))
      .limit(literalLimit(1))
      .as('latest_transaction');
    const newest = newestFirst(purchases);
    const order =
      q.sortPrice === undefined
        ? newest
        : [
            q.sortPrice === 1 ? asc(purchases.investmentAmount) : desc(purchases.investmentAmount),
            ...newest,
          ];
    return db
      .select({
        purchase: purchases,
        bankName: banks.bankName,
        buyer: buyerColumns,
        buyerEmailVerifiedAt: buyer.emailVerifiedAt,
        affiliate: affiliateColumns,
        introducer: introducerColumns,
        reviewer: { id: reviewer.id, email: reviewer.email },
        transaction: {
          id: latest.id,
          paymentStatus: latest.paymentStatus,
          paymentMode: latest.paymentMode,
          price: latest.price,
          currency: latest.currency,
          tokenSymbol: latest.tokenSymbol,
          txnHash: latest.txnHash,
          fromAddress: latest.fromAddress,
          senderMatchesWallet: latest.senderMatchesWallet,
          walletAddress: latest.walletAddress,
          verifiedAt: latest.verifiedAt,
          paidBaseUnits: latest.paidBaseUnits,
          quoteBaseUnits: latest.quoteBaseUnits,
          receivedBaseUnits: latest.receivedBaseUnits,
          creditOverride: latest.creditOverride,
        },
      })
      .from(purchases)
      .innerJoin(buyer, eq(buyer.id, purchases.userId))
      .leftJoin(affiliate, eq(affiliate.id, buyer.referredBy))
      .leftJoin(introducer, eq(introducer.id, affiliate.referredBy))
      .leftJoin(banks, eq(banks.id, purchases.bankId))
      .leftJoin(reviewer, eq(reviewer.id, purchases.reviewedBy))
      .leftJoinLateral(latest, sql`true`)
      .where(whereOf(q))
      .orderBy(...order)
      .limit(literalLimit(q.limit))
      .offset(q.offset === 0 ? 0 : sql.placeholder('offset'))
      .prepare(name);
  },
);

/**
 * How many requests the filter keeps: exact from list_counts when it filters only on status,
 * payment mode and receipt; a search (e-mail, reference, id) is counted up to COUNT_CAP.
 */
const searchCount = preparedByShape(
  (q: AdminPurchaseQuery) => `review_count_${filterShapeOf(q)}`,
  (db, name, q) =>
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(
        db
          .select({ one: sql`1` })
          .from(purchases)
          .innerJoin(buyer, eq(buyer.id, purchases.userId))
          .where(whereOf(q))
          .limit(COUNT_CAP + 1)
          .as('matching'),
      )
      .prepare(name),
);

async function totalOf(db: Tx, q: AdminPurchaseQuery) {
  // Late payments are few and have no kept count: counted as a search is.
  if (!(q.email || q.reference || q.id || q.late !== undefined))
    return exactTotal(db, 'purchases', [q.status, q.paymentMode, q.receipt]);
  const [{ total }] = (await searchCount(q)(db).execute(valuesOf(q))) as [{ total: number }];
  return boundedTotal(total);
}

/**
 * One page of presale requests with everything the review screen shows, in one prepared
 * statement per shape of query: buyer, their affiliate and that affiliate's introducer (for the
 * fraud signals), bank, latest payment and reviewer. Newest first follows purchases_created_idx
 * (or purchases_status_created_idx), by amount purchases_amount_idx; the total costs the same
 * however many rows there are.
 */
export async function listPurchasesForReview(db: Tx, q: AdminPurchaseQuery) {
  const [rows, { total, estimate }] = await Promise.all([
    reviewPage(q)(db).execute(valuesOf(q)),
    totalOf(db, q),
  ]);
  return { rows, total, estimate };
}

export type ReviewRow = Awaited<ReturnType<typeof listPurchasesForReview>>['rows'][number];

export async function lockPurchase(db: Tx, id: string) {
  const [row] = await db.select().from(purchases).where(eq(purchases.id, id)).for('update');
  return row;
}

export async function findBuyerContact(db: Tx, userId: string) {
  const [row] = await db
    .select({ email: users.email, name: users.name, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The staff decision on a request: status, remark, who and when. */
export async function recordReview(
  db: Tx,
  id: string,
  review: { status: number; remark: string | null; reviewedBy: string },
) {
  const [row] = await db
    .update(purchases)
    .set({ ...review, reviewedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(purchases.id, id))
    .returning();
  return row!;
}

/** A payment that can no longer complete (the request was rejected): Pending → Failed. */
export async function failPendingTransactions(db: Tx, purchaseId: string) {
  const failed = await db
    .update(transactions)
    .set({ paymentStatus: PaymentStatus.Failed })
    .where(
      and(
        eq(transactions.purchaseId, purchaseId),
        eq(transactions.paymentStatus, PaymentStatus.Pending),
      ),
    )
    .returning({ id: transactions.id });
  // What a partially paid order received is not credited: it goes to staff, to assign or refund.
  await listPartsForStaff(
    db,
    failed.map((t) => t.id),
    purchaseId,
  );
}

export { refundTransactions, subtractFromPresaleTotals } from '../orders/revert-purchase.repo.ts';

/**
 * The base units the chain has paid (as the distributor reader stored its Claimed logs) to the
 * addresses of `userId`'s leaves in the accepted root: what a revert can no longer take back.
 */
export async function deliveredBaseUnitsOf(db: Tx, userId: string): Promise<bigint> {
  const result = await db.execute<{ delivered: string | null }>(sql`
    select coalesce(sum(claimed.amount), 0)::text as delivered
    from distribution_leaves leaf
    join distributions d on d.id = leaf.distribution_id and d.status = 'accepted'
    cross join lateral (
      select max(c.cumulative_claimed_base_units) as amount
      from token_claims c
      where c.address = leaf.address and c.distributor_address = d.distributor_address
    ) claimed
    where leaf.user_id = ${userId}`);
  return BigInt(result.rows[0]?.delivered ?? '0');
}

/** The TMC of `userId`'s accepted requests other than `exceptId`. */
export async function acceptedTokensBesides(db: Tx, userId: string, exceptId: string) {
  const [row] = await db
    .select({ tokens: sql<string>`coalesce(sum(${purchases.tokenAmount}), 0)::text` })
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, userId),
        eq(purchases.status, 1),
        sql`${purchases.id} <> ${exceptId}`,
      ),
    );
  return row?.tokens ?? '0';
}
