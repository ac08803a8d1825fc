import { and, asc, desc, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import { formatUnits } from 'viem';
import { money } from '../../lib/money.ts';
import { PurchaseStatus, REFUND_STATES, type RefundState } from '@tmc/shared';
import type { Tx } from '../../db/client.ts';
import { newestFirst, pageWithStateCounts } from '../../db/staff-page.ts';
import {
  distributionLeaves,
  purchases,
  refunds,
  tokenClaims,
  transactions,
  unmatchedPayments,
  users,
} from '../../db/schema/index.ts';

export type RefundRow = typeof refunds.$inferSelect;
export type NewRefund = typeof refunds.$inferInsert;

/** A new refund; null when one is already in progress for its order or transfer (unique keys). */
export async function insertRefund(db: Tx, values: NewRefund) {
  const [row] = await db.insert(refunds).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** The refund, held until the decision commits: two staff deciding at once, one wins. */
export async function lockRefund(db: Tx, id: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id)).for('update');
  return row;
}

/** Moves a refund on from `from` only; null when it had already moved (a retry or a race). */
export async function moveRefund(
  db: Tx,
  id: string,
  from: RefundState,
  set: Partial<Omit<NewRefund, 'id'>>,
) {
  const [row] = await db
    .update(refunds)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(refunds.id, id), eq(refunds.state, from)))
    .returning();
  return row ?? null;
}

/** An order's refunds, oldest first (its timeline). */
export const refundsOfPurchase = (db: Tx, purchaseId: string) =>
  db
    .select()
    .from(refunds)
    .where(eq(refunds.purchaseId, purchaseId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));

/** The refunds of listed transfers that point to an order (its overpaid parts). */
export const refundsOfTransfersFor = (db: Tx, purchaseId: string) =>
  db
    .select({ refund: refunds })
    .from(refunds)
    .innerJoin(unmatchedPayments, eq(unmatchedPayments.id, refunds.unmatchedPaymentId))
    .where(eq(unmatchedPayments.purchaseId, purchaseId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));

/** What refunds of an order, not declined, add up to in `coin` (a decimal string). */
export async function refundedOfPurchase(db: Tx, purchaseId: string, coin: string) {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${refunds.amount}), 0)::text` })
    .from(refunds)
    .where(
      and(
        eq(refunds.purchaseId, purchaseId),
        eq(refunds.coin, coin as 'AUD'),
        ne(refunds.state, 'declined'),
      ),
    );
  return row?.total ?? '0';
}

export interface RefundListQuery {
  offset: number;
  limit: number;
  state?: RefundState;
}

/** One page of refunds, newest first, with their order and buyer; the count of each state. */
export async function listRefunds(db: Tx, q: RefundListQuery) {
  const where: SQL | undefined = q.state ? eq(refunds.state, q.state) : undefined;
  return pageWithStateCounts(
    db,
    db
      .select({
        refund: refunds,
        reference: purchases.reference,
        buyerEmail: users.email,
      })
      .from(refunds)
      .leftJoin(purchases, eq(purchases.id, refunds.purchaseId))
      .leftJoin(users, eq(users.id, purchases.userId))
      .where(where)
      .orderBy(...newestFirst(refunds))
      .limit(q.limit)
      .offset(q.offset),
    { table: refunds, state: refunds.state, states: REFUND_STATES, filter: q.state },
  );
}

export async function findRefundWithOrder(db: Tx, id: string) {
  const [row] = await db
    .select({ refund: refunds, reference: purchases.reference, buyerEmail: users.email })
    .from(refunds)
    .leftJoin(purchases, eq(purchases.id, refunds.purchaseId))
    .leftJoin(users, eq(users.id, purchases.userId))
    .where(eq(refunds.id, id));
  return row;
}

/** Approved crypto refunds waiting for their transfer, for the watcher to match. */
export const approvedCryptoRefunds = (db: Tx) =>
  db
    .select()
    .from(refunds)
    .where(and(eq(refunds.state, 'approved'), inArray(refunds.coin, ['ETH', 'USDC'])))
    .orderBy(asc(refunds.approvedAt), asc(refunds.id));

/** TMC (base units) claimed so far by the addresses a buyer was given in any distribution. */
export async function tokensClaimedBy(db: Tx, userId: string) {
  const { rows } = await db.execute<{ claimed: string }>(sql`
    select coalesce(sum(c.amount_base_units), 0)::text as claimed
    from ${tokenClaims} c
    where c.address in (select distinct l.address from ${distributionLeaves} l where l.user_id = ${userId})`);
  return BigInt(rows[0]?.claimed ?? '0');
}

/** A buyer's accepted TMC (decimal string). */
export async function acceptedTokensOfBuyer(db: Tx, userId: string) {
  const [row] = await db
    .select({ tokens: sql<string>`coalesce(sum(${purchases.tokenAmount}), 0)::text` })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.status, PurchaseStatus.Accepted)));
  return row?.tokens ?? '0';
}

/** The transfer that credited a crypto order (its sender is where a refund goes). */
export async function creditedTransferOf(db: Tx, purchaseId: string) {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.purchaseId, purchaseId), isNotNull(transactions.txnHash)))
    .orderBy(desc(transactions.verifiedAt))
    .limit(1);
  return row;
}

/** An order's refunds asked for but not approved yet (not yet off its figures). */
export async function requestedOfPurchase(db: Tx, purchaseId: string) {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${refunds.amount}), 0)::text` })
    .from(refunds)
    .where(and(eq(refunds.purchaseId, purchaseId), eq(refunds.state, 'requested')));
  return row?.total ?? '0';
}

/** The refund of what a credited transfer paid beyond its order: exactly that, to its sender. */
export async function offerOverpaidRefund(
  db: Tx,
  part: Pick<
    typeof unmatchedPayments.$inferSelect,
    'id' | 'coin' | 'amountBaseUnits' | 'fromAddress'
  >,
) {
  if (/^0x0{40}$/i.test(part.fromAddress)) return null;
  const decimals = part.coin === 'ETH' ? 18 : 6;
  return insertRefund(db, {
    unmatchedPaymentId: part.id,
    requestedBy: 'system',
    reason: 'Paid more than the order was due: the excess goes back',
    coin: part.coin,
    amount: formatUnits(BigInt(part.amountBaseUnits), decimals),
    destination: part.fromAddress.toLowerCase(),
  });
}

/** Whether a refund of the order is requested or approved and not yet paid. */
export async function hasOpenRefund(db: Tx, purchaseId: string) {
  const [row] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(eq(refunds.purchaseId, purchaseId), inArray(refunds.state, ['requested', 'approved'])),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * A staff revert sends the whole order back: its refund record, approved at once, for what is
 * left of the order (bank: its AUD; crypto: what its transfer paid less earlier refunds, to the
 * sender). Nothing when a refund of it is already in progress (that one carries on).
 */
export async function recordRevertRefund(
  db: Tx,
  order: Pick<
    typeof purchases.$inferSelect,
    'id' | 'paymentMode' | 'investmentAmount' | 'tokenAmount' | 'reference'
  >,
  review: { actorId: string; reason: string },
) {
  const now = new Date();
  const common = {
    purchaseId: order.id,
    requestedBy: 'staff' as const,
    requestedById: review.actorId,
    reason: review.reason,
    state: 'approved' as const,
    approvedBy: review.actorId,
    approvedAt: now,
    tokensReduced: order.tokenAmount,
    audReduced: order.investmentAmount,
  };
  if (order.paymentMode === 0)
    return insertRefund(db, {
      ...common,
      coin: 'AUD',
      amount: order.investmentAmount,
      destination: `The bank account that paid order ${order.reference}`,
    });
  const credited = await creditedTransferOf(db, order.id);
  const coin = credited?.tokenSymbol;
  if (!credited?.paidBaseUnits || !credited.fromAddress || (coin !== 'ETH' && coin !== 'USDC'))
    return null;
  if (/^0x0{40}$/i.test(credited.fromAddress)) return null;
  const paid = formatUnits(BigInt(credited.paidBaseUnits), coin === 'ETH' ? 18 : 6);
  const [left] = await db
    .select({ amount: sql<string>`(${paid}::numeric - coalesce(sum(${refunds.amount}), 0))::text` })
    .from(refunds)
    .where(and(eq(refunds.purchaseId, order.id), ne(refunds.state, 'declined')));
  if (!left || money(left.amount).lte(0)) return null;
  return insertRefund(db, {
    ...common,
    coin,
    amount: left.amount,
    destination: credited.fromAddress.toLowerCase(),
  });
}

/** Whether an outgoing transfer already paid a refund (a re-read of the same blocks). */
export async function isRefundEvidence(db: Tx, txnHash: string, logIndex: number | null) {
  const [row] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.evidence, txnHash),
        sql`coalesce(${refunds.evidenceLogIndex}, -1) = ${logIndex ?? -1}`,
        ne(refunds.coin, 'AUD'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * A buyer's refunds across their orders, newest first: those of their orders and those of the
 * listed transfers that point to them (overpaid parts), with the order's reference; one page
 * and the total, in the database (refunds_purchase_idx, refunds_unmatched_idx).
 */
export async function pageBuyerRefunds(
  db: Tx,
  userId: string,
  page: { limit: number; offset: number },
) {
  const order = sql`coalesce(${refunds.purchaseId}, ${unmatchedPayments.purchaseId})`;
  const mine = and(eq(purchases.userId, userId));
  const [rows, [count]] = await Promise.all([
    db
      .select({ refund: refunds, purchaseId: purchases.id, reference: purchases.reference })
      .from(refunds)
      .leftJoin(unmatchedPayments, eq(unmatchedPayments.id, refunds.unmatchedPaymentId))
      .innerJoin(purchases, eq(purchases.id, order))
      .where(mine)
      .orderBy(...newestFirst(refunds))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(refunds)
      .leftJoin(unmatchedPayments, eq(unmatchedPayments.id, refunds.unmatchedPaymentId))
      .innerJoin(purchases, eq(purchases.id, order))
      .where(mine),
  ]);
  return { rows, total: count?.n ?? 0 };
}
