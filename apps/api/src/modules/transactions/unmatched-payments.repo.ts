import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { UnmatchedPaymentStatus } from '@tmc/shared';
import type { Tx } from '../../db/client.ts';
import { newestFirst, staffPage } from '../../db/staff-page.ts';
import { purchases, unmatchedPayments } from '../../db/schema/index.ts';

export type UnmatchedPaymentRow = typeof unmatchedPayments.$inferSelect;
export type NewUnmatchedPayment = typeof unmatchedPayments.$inferInsert;

/** The unique key of a transfer: its transaction and, for USDC, its log (ETH has none: -1). */
const isTransfer = (txnHash: string, logIndex: number | null): SQL =>
  and(
    eq(unmatchedPayments.txnHash, txnHash),
    sql`coalesce(${unmatchedPayments.logIndex}, -1) = ${logIndex ?? -1}`,
  )!;

/** The row of the whole transfer (part 0), if it is listed. */
export async function findUnmatchedTransfer(db: Tx, txnHash: string, logIndex: number | null) {
  const [row] = await db
    .select()
    .from(unmatchedPayments)
    .where(and(isTransfer(txnHash, logIndex), eq(unmatchedPayments.part, 0)));
  return row;
}

/** Lists a transfer once, however often the watcher or a buyer comes across it. */
export async function recordUnmatchedPayment(db: Tx, values: Omit<NewUnmatchedPayment, 'part'>) {
  await db
    .insert(unmatchedPayments)
    .values({ ...values, part: 0 })
    .onConflictDoNothing();
}

/** Lists what a credited transfer paid beyond its order, as the transfer's next part. */
export async function recordOverpaidPart(db: Tx, values: Omit<NewUnmatchedPayment, 'part'>) {
  const [row] = await db
    .insert(unmatchedPayments)
    .values({
      ...values,
      reason: 'overpaid',
      part: sql`(select coalesce(max(${unmatchedPayments.part}), 0) + 1 from ${unmatchedPayments} where ${isTransfer(values.txnHash, values.logIndex ?? null)})`,
    })
    .returning();
  return row!;
}

/** What a credited transfer paid beyond its order (parts 1, 2 …), held until the transaction ends. */
export async function lockOverpaidParts(db: Tx, txnHash: string, logIndex: number | null) {
  return db
    .select()
    .from(unmatchedPayments)
    .where(and(isTransfer(txnHash, logIndex), sql`${unmatchedPayments.part} > 0`))
    .for('update');
}

/** Drops the open parts a credit listed beyond its order: the next credit of the transfer lists its own. */
export async function dropOpenOverpaidParts(db: Tx, txnHash: string, logIndex: number | null) {
  await db
    .delete(unmatchedPayments)
    .where(
      and(
        isTransfer(txnHash, logIndex),
        sql`${unmatchedPayments.part} > 0`,
        eq(unmatchedPayments.status, 'open'),
      ),
    );
}

export async function lockUnmatchedPayment(db: Tx, id: string) {
  const [row] = await db
    .select()
    .from(unmatchedPayments)
    .where(eq(unmatchedPayments.id, id))
    .for('update');
  return row;
}

/** Assigned to an order or refunded: who decided, why and when. */
export async function resolveUnmatchedPayment(
  db: Tx,
  id: string,
  resolution: {
    status: Exclude<UnmatchedPaymentStatus, 'open'>;
    purchaseId?: string;
    remark: string;
    resolvedBy: string;
  },
) {
  const [row] = await db
    .update(unmatchedPayments)
    .set({ ...resolution, resolvedAt: sql`now()` })
    .where(eq(unmatchedPayments.id, id))
    .returning();
  return row!;
}

export interface UnmatchedPaymentsQuery {
  offset: number;
  limit: number;
  status: UnmatchedPaymentStatus;
}

/**
 * One page of unmatched payments of a status, newest first (unmatched_payments_status_created_idx),
 * with the reference of their order; the total from list_counts.
 */
export async function listUnmatchedPayments(db: Tx, q: UnmatchedPaymentsQuery) {
  const where = eq(unmatchedPayments.status, q.status);
  return staffPage(
    db,
    db
      .select({ payment: unmatchedPayments, reference: purchases.reference })
      .from(unmatchedPayments)
      .leftJoin(purchases, eq(purchases.id, unmatchedPayments.purchaseId))
      .where(where)
      .orderBy(...newestFirst(unmatchedPayments))
      .limit(q.limit)
      .offset(q.offset),
    { list: 'unmatched_payments', dims: [q.status] },
  );
}

export async function findUnmatchedPayment(db: Tx, id: string) {
  const [row] = await db
    .select({ payment: unmatchedPayments, reference: purchases.reference })
    .from(unmatchedPayments)
    .leftJoin(purchases, eq(purchases.id, unmatchedPayments.purchaseId))
    .where(eq(unmatchedPayments.id, id));
  return row;
}

export async function findUnmatchedById(db: Tx, id: string) {
  const [row] = await db.select().from(unmatchedPayments).where(eq(unmatchedPayments.id, id));
  return row;
}
