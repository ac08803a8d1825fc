import { desc, eq, or, sql } from 'drizzle-orm';
import { formatUnits } from 'viem';
import { z } from 'zod';
import {
  DECIMALS,
  PAYMENT_STATES,
  PaymentMode,
  PaymentStatus,
  PurchaseStatus,
  type PaymentProgress,
} from '@tmc/shared';
import type { Tx } from '../../db/client.ts';
import { paymentClaims, transactions, unmatchedPayments } from '../../db/schema/index.ts';
import { fixed, plain } from '../../lib/money.ts';
import {
  findSightingOfPurchase,
  type PaymentSightingRow,
} from '../transactions/payment-sightings.repo.ts';
import type { PurchaseRow } from './purchases.repo.ts';
import { receivedFigures } from '../transactions/transaction-dto.ts';

/** The `payment` field of GET /v1/purchase/:id. */
export const paymentProgressSchema = z.object({
  state: z.enum(PAYMENT_STATES),
  txnHash: z.string().nullable(),
  amount: z.string().nullable(),
  coin: z.string().nullable(),
  blockNumber: z.string().nullable(),
  quoted: z.string().nullable(),
  overridden: z.boolean(),
  confirmations: z.number().int().nullable(),
  confirmationsRequired: z.number().int().nullable(),
  missing: z.string().nullable(),
  dueBy: z.string().nullable(),
  tokens: z.string().nullable(),
  live: z.boolean(),
});

type TransactionRow = typeof transactions.$inferSelect;
type TransferRow = typeof unmatchedPayments.$inferSelect;

/** What the database knows about an order's money: its newest payment and the transfers linked to it. */
export interface PaymentEvidence {
  transaction: TransactionRow | undefined;
  /** Transfers staff hold that name this order or that its buyer claimed for it, newest first. */
  transfers: TransferRow[];
  /** A transfer for the order the watcher saw before it had enough confirmations. */
  sighting?: SightingEvidence;
}

export interface SightingEvidence {
  sighting: PaymentSightingRow;
  /** The chain head the watcher read last; null before its first poll. */
  headBlock: bigint | null;
  /** The confirmations a payment needs (the settings). */
  required: number | null;
}

/**
 * The newest payment of the order and the transfers staff hold for it: named by their evidence
 * or by staff, or claimed by its buyer (a claim credits nothing, but the buyer sees it arrived).
 */
export async function readPaymentEvidence(db: Tx, purchaseId: string): Promise<PaymentEvidence> {
  const [transaction, transfers, sighting] = await Promise.all([
    db
      .select()
      .from(transactions)
      .where(eq(transactions.purchaseId, purchaseId))
      .orderBy(desc(transactions.createdAt))
      .limit(1)
      .then((rows) => rows[0]),
    db
      .select()
      .from(unmatchedPayments)
      .where(
        or(
          eq(unmatchedPayments.purchaseId, purchaseId),
          sql`(${unmatchedPayments.txnHash}, coalesce(${unmatchedPayments.logIndex}, -1)) in (
            select c.txn_hash, coalesce(c.log_index, -1) from ${paymentClaims} c
            join ${transactions} t on t.id = c.transaction_id
            where t.purchase_id = ${purchaseId})`,
        ),
      )
      .orderBy(desc(unmatchedPayments.createdAt))
      .limit(5),
    findSightingOfPurchase(db, purchaseId),
  ]);
  return { transaction, transfers, sighting };
}

const unquoted = {
  quoted: null,
  overridden: false,
  confirmations: null,
  confirmationsRequired: null,
  missing: null,
  dueBy: null,
  tokens: null,
};
const none = { txnHash: null, amount: null, coin: null, blockNumber: null, ...unquoted };

const transferFigures = (t: TransferRow) => ({
  txnHash: t.txnHash,
  amount: formatUnits(BigInt(t.amountBaseUnits), DECIMALS[t.coin]),
  coin: t.coin,
  blockNumber: t.blockNumber.toString(),
  ...unquoted,
});

/** A sighting's figures: k of M confirmations, counted from the head the watcher read last. */
function seenFigures({ sighting, headBlock, required }: SightingEvidence) {
  const needed = Math.max(1, required ?? 1);
  const behind = headBlock === null ? 0n : headBlock - sighting.blockNumber;
  const confirmations = behind < 0n ? 1 : Math.min(Number(behind) + 1, needed);
  return {
    txnHash: sighting.txnHash,
    amount: formatUnits(BigInt(sighting.amountBaseUnits), DECIMALS[sighting.coin]),
    coin: sighting.coin,
    blockNumber: sighting.blockNumber.toString(),
    quoted: null,
    overridden: false,
    confirmations,
    confirmationsRequired: needed,
    missing: null,
    dueBy: null,
    tokens: null,
  };
}

/** An open crypto order's part payments so far: what arrived, of what, what is missing, by when. */
function partialFigures(transaction: TransactionRow) {
  const { received, missing } = receivedFigures(transaction);
  const decimals = DECIMALS[transaction.tokenSymbol as 'ETH' | 'USDC'] ?? 18;
  return {
    amount: received,
    coin: transaction.tokenSymbol,
    quoted: transaction.quoteBaseUnits
      ? formatUnits(BigInt(transaction.quoteBaseUnits), decimals)
      : null,
    missing,
    dueBy: transaction.quoteExpiresAt?.toISOString() ?? null,
    tokens: null,
  };
}

/**
 * The one place that says where an order's money is. Verified payments win, then an open order
 * paid in part (partially paid, or seen when the next transfer is on its way), then a transfer
 * staff hold for the order (received, or refunded), then the order's own state, where a
 * transfer seen on the chain without enough confirmations yet comes before awaiting or expired.
 */
export function paymentProgress(
  purchase: PurchaseRow,
  { transaction, transfers, sighting }: PaymentEvidence,
  now: Date = new Date(),
): PaymentProgress {
  const paid = transaction?.paymentStatus === PaymentStatus.Success && transaction.txnHash !== null;
  if (purchase.status === PurchaseStatus.Accepted || paid) {
    const crypto = purchase.paymentMode === PaymentMode.Crypto && transaction?.txnHash;
    const decimals = DECIMALS[transaction?.tokenSymbol as 'ETH' | 'USDC'] ?? 18;
    return {
      state: 'verified',
      live: false,
      ...(crypto && transaction
        ? {
            txnHash: transaction.txnHash,
            amount: transaction.paidBaseUnits
              ? formatUnits(BigInt(transaction.paidBaseUnits), decimals)
              : plain(transaction.price),
            coin: transaction.tokenSymbol,
            blockNumber: transaction.blockNumber?.toString() ?? null,
            quoted: transaction.quoteBaseUnits
              ? formatUnits(BigInt(transaction.quoteBaseUnits), decimals)
              : plain(transaction.price),
            overridden: transaction.creditOverride !== null,
            confirmations: null,
            confirmationsRequired: null,
            missing: receivedFigures(transaction).missing,
            dueBy: null,
            tokens: fixed(purchase.tokenAmount, DECIMALS.TOKEN),
          }
        : none),
    };
  }
  const partial =
    purchase.status === PurchaseStatus.Pending &&
    transaction?.paymentStatus === PaymentStatus.Pending &&
    transaction.receivedBaseUnits !== null
      ? partialFigures(transaction)
      : undefined;
  // Another transfer on its way to a partially paid order: its confirmations, with what is missing.
  if (partial && sighting)
    return {
      state: 'seen',
      live: true,
      ...seenFigures(sighting),
      missing: partial.missing,
      dueBy: partial.dueBy,
    };
  if (partial)
    return {
      state: 'partiallyPaid',
      live: true,
      txnHash: null,
      blockNumber: null,
      overridden: false,
      confirmations: null,
      confirmationsRequired: null,
      ...partial,
    };
  const held =
    transfers.find((t) => t.status === 'open') ?? transfers.find((t) => t.status === 'assigned');
  if (held) return { state: 'received', live: true, ...transferFigures(held) };
  const refunded = transfers.find((t) => t.status === 'refunded');
  if (refunded) return { state: 'refunded', live: false, ...transferFigures(refunded) };
  if (purchase.status !== PurchaseStatus.Pending) return { state: 'closed', live: false, ...none };
  if (purchase.paymentMode === PaymentMode.Bank)
    return purchase.receiptKey
      ? { state: 'receiptInReview', live: true, ...none }
      : { state: 'awaitingPayment', live: true, ...none };
  if (sighting) return { state: 'seen', live: true, ...seenFigures(sighting) };
  const expiresAt = transaction?.quoteExpiresAt;
  // A late transfer can still arrive and be held for the order, so the page keeps following it.
  if (expiresAt && expiresAt <= now) return { state: 'expired', live: true, ...none };
  return { state: 'awaitingPayment', live: true, ...none };
}
