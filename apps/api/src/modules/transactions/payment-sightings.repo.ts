import { and, asc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { chainWatchers, paymentSightings, settings } from '../../db/schema/index.ts';
import { WATCHER_NAME } from './payment-watcher.repo.ts';

export type PaymentSightingRow = typeof paymentSightings.$inferSelect;
export type NewPaymentSighting = Omit<typeof paymentSightings.$inferInsert, 'id' | 'seenAt'>;

/** A transfer's key: its transaction and, for USDC, its log (ETH has none: -1). */
interface TransferKey {
  txnHash: string;
  logIndex?: number | null;
}

const isTransfer = ({ txnHash, logIndex }: TransferKey): SQL =>
  and(
    eq(paymentSightings.txnHash, txnHash),
    sql`coalesce(${paymentSightings.logIndex}, -1) = ${logIndex ?? -1}`,
  )!;

/**
 * Keeps a sighting current: a transfer seen again is moved to the block and order it has now
 * (after a reorg, or when its evidence changed) and keeps the time it was first seen.
 */
export async function saveSighting(db: Tx, values: NewPaymentSighting) {
  const { txnHash, logIndex, ...now } = values;
  const moved = await db
    .update(paymentSightings)
    .set(now)
    .where(isTransfer({ txnHash, logIndex }))
    .returning({ id: paymentSightings.id });
  if (moved.length === 0) await db.insert(paymentSightings).values(values).onConflictDoNothing();
}

/**
 * Forgets what the watcher no longer sees: sightings in blocks up to `settledThrough` (read as
 * confirmed, so settled or gone) and those from block `fromBlock` on that are not in `found`
 * (reorged away or dropped; a block past the head no longer exists).
 */
export async function dropSightings(
  db: Tx,
  {
    settledThrough,
    fromBlock,
    found,
  }: { settledThrough: bigint; fromBlock: bigint; found: TransferKey[] },
) {
  const keys = found.map((t) => sql`(${t.txnHash}::text, ${t.logIndex ?? -1}::integer)`);
  const unseen = keys.length
    ? and(
        gte(paymentSightings.blockNumber, fromBlock),
        sql`(${paymentSightings.txnHash}, coalesce(${paymentSightings.logIndex}, -1)) not in (${sql.join(keys, sql`, `)})`,
      )
    : gte(paymentSightings.blockNumber, fromBlock);
  await db
    .delete(paymentSightings)
    .where(or(lte(paymentSightings.blockNumber, settledThrough), unseen));
}

/** A settled transfer (credited or listed) is no longer a sighting. */
export async function removeSighting(db: Tx, key: TransferKey) {
  await db.delete(paymentSightings).where(isTransfer(key));
}

/**
 * The order's sighting with the most confirmations (payment_sightings_purchase_idx), with the
 * chain head the watcher read last and the confirmations a payment needs.
 */
export async function findSightingOfPurchase(db: Tx, purchaseId: string) {
  const [row] = await db
    .select({
      sighting: paymentSightings,
      headBlock: chainWatchers.headBlock,
      required: settings.minConfirmations,
    })
    .from(paymentSightings)
    .leftJoin(chainWatchers, eq(chainWatchers.name, WATCHER_NAME))
    .leftJoin(settings, eq(settings.id, 1))
    .where(eq(paymentSightings.purchaseId, purchaseId))
    .orderBy(asc(paymentSightings.blockNumber))
    .limit(1);
  return row;
}
