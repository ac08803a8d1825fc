import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { PaymentStatus } from '@tmc/shared';
import type { Tx } from '../../db/client.ts';
import { paymentParts, transactions } from '../../db/schema/index.ts';
import { recordUnmatchedPayment } from './unmatched-payments.repo.ts';

export type NewPaymentPart = Omit<typeof paymentParts.$inferInsert, 'id' | 'createdAt'>;

/** The order a transfer counts towards as a part payment, if any. */
export async function findPartTransfer(db: Tx, txnHash: string, logIndex: number | null) {
  const [row] = await db
    .select({ transactionId: paymentParts.transactionId })
    .from(paymentParts)
    .where(
      and(
        eq(paymentParts.txnHash, txnHash),
        sql`coalesce(${paymentParts.logIndex}, -1) = ${logIndex ?? -1}`,
      ),
    )
    .limit(1);
  return row?.transactionId;
}

/**
 * Counts a transfer towards its order (the order's row is locked by the caller) and keeps the
 * order's running total with it; the unique key refuses a transfer counted already.
 */
export async function addPaymentPart(db: Tx, part: NewPaymentPart, total: bigint) {
  await db.insert(paymentParts).values(part);
  const [row] = await db
    .update(transactions)
    .set({ receivedBaseUnits: total.toString() })
    .where(
      and(
        eq(transactions.id, part.transactionId),
        eq(transactions.paymentStatus, PaymentStatus.Pending),
      ),
    )
    .returning();
  return row;
}

/** Takes the newest part out of the parts: it becomes the transaction's own transfer. */
export async function takeNewestPart(db: Tx, transactionId: string) {
  const [newest] = await db
    .select()
    .from(paymentParts)
    .where(eq(paymentParts.transactionId, transactionId))
    .orderBy(desc(paymentParts.blockNumber), desc(paymentParts.createdAt))
    .limit(1);
  if (newest) await db.delete(paymentParts).where(eq(paymentParts.id, newest.id));
  return newest;
}

/**
 * Gives up every part of these orders (nothing of them is credited): the rows are removed and the
 * orders' totals cleared, for the caller to list the transfers for staff.
 */
export async function releasePaymentParts(db: Tx, transactionIds: readonly string[]) {
  if (transactionIds.length === 0) return [];
  const released = await db
    .delete(paymentParts)
    .where(inArray(paymentParts.transactionId, [...transactionIds]))
    .returning();
  await db
    .update(transactions)
    .set({ receivedBaseUnits: null })
    .where(inArray(transactions.id, [...transactionIds]));
  return released;
}

/**
 * The parts of orders that end without a credit (staff reject them, or the hard cap is met at
 * expiry) go to staff, each listed as short for `purchaseId`, to assign or refund: received money
 * always ends credited or listed.
 */
export async function listPartsForStaff(
  db: Tx,
  transactionIds: readonly string[],
  purchaseId: string | null,
  reason: 'short' | 'hardCap' = 'short',
) {
  const released = await releasePaymentParts(db, transactionIds);
  for (const part of released)
    await recordUnmatchedPayment(db, {
      txnHash: part.txnHash,
      logIndex: part.logIndex,
      coin: part.coin,
      fromAddress: part.fromAddress,
      toAddress: part.toAddress,
      amountBaseUnits: part.amountBaseUnits,
      blockNumber: part.blockNumber,
      blockTime: part.blockTime,
      reason,
      purchaseId,
    });
  return released.length;
}
