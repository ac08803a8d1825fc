import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { banks } from './presale.ts';
import { stages } from './stages.ts';

/** Presale requests. */
export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: smallint('status').notNull().default(0),
    paymentMode: smallint('payment_mode').notNull(),
    bankId: uuid('bank_id').references(() => banks.id),
    reference: text('reference').notNull(),
    investmentAmount: numeric('investment_amount', { precision: 20, scale: 2 }).notNull(),
    tokenAmount: numeric('token_amount', { precision: 60, scale: 18 }).notNull(),
    tokenPriceAud: numeric('token_price_aud', { precision: 38, scale: 18 }).notNull(),
    /** The stage that priced it (null on orders placed before stages); its tokens count there. */
    stageId: uuid('stage_id').references(() => stages.id),
    /** That stage's name, kept with the order (a stage that priced an order is never renamed). */
    stageName: text('stage_name'),
    userAmount: numeric('user_amount', { precision: 60, scale: 18 }).notNull(),
    userCurrency: text('user_currency').notNull(),
    rate: numeric('rate', { precision: 38, scale: 18 }).notNull(),
    /** When the rate used was set (crypto orders; null on orders placed before it was kept). */
    rateAt: timestamp('rate_at', { withTimezone: true }),
    wallet: text('wallet'),
    receiptKey: text('receipt_key'),
    receiptType: text('receipt_type'),
    /** When the receipt was attached: the order's "paid" step (null while awaiting payment). */
    receiptAt: timestamp('receipt_at', { withTimezone: true }),
    /** Bank orders: the receipt must come before this, else the order ends (Not Accepted). */
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true }),
    /** A bank order's receipt that came after the order ended (its window closed): a late payment. */
    lateReceiptAt: timestamp('late_receipt_at', { withTimezone: true }),
    /** The buyer's key for one checkout: a retried order creation answers the order already made. */
    requestId: uuid('request_id'),
    documentKey: text('document_key'),
    documentBackKey: text('document_back_key'),
    documentType: text('document_type'),
    billingDocKey: text('billing_doc_key'),
    billingDocType: text('billing_doc_type'),
    userRemark: text('user_remark'),
    remark: text('remark'),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** When the order was accepted; kept when it is reverted later (statements date the sale by it). */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchases_reference_key').on(t.reference),
    index('purchases_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('purchases_user_amount_idx').on(t.userId, t.investmentAmount),
    index('purchases_status_created_idx').on(t.status, t.createdAt),
    index('purchases_created_idx').on(t.createdAt, t.id),
    index('purchases_stage_status_idx').on(t.stageId, t.status),
    index('purchases_amount_idx').on(t.investmentAmount),
    // The review queue: bank requests awaiting review (Pending, with a receipt).
    index('purchases_review_queue_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 0 and ${t.paymentMode} = 0 and ${t.receiptKey} is not null`),
    // A buyer's statement: their orders accepted in a period.
    index('purchases_user_accepted_idx')
      .on(t.userId, t.acceptedAt)
      .where(sql`${t.acceptedAt} is not null`),
    uniqueIndex('purchases_user_request_key').on(t.userId, t.requestId),
    // What an account bought in 12 months (the buying limit): its open and accepted orders.
    index('purchases_user_limit_idx')
      .on(t.userId, t.createdAt, t.investmentAmount)
      .where(sql`${t.status} in (0, 1)`),
    // The bank orders still waiting for a receipt, by deadline (the lapse job).
    index('purchases_bank_due_idx')
      .on(t.paymentDueAt)
      .where(sql`${t.status} = 0 and ${t.paymentMode} = 0 and ${t.receiptKey} is null`),
    // A buyer's open bank orders, receipt or not (the cap).
    index('purchases_user_open_bank_idx')
      .on(t.userId)
      .where(sql`${t.status} = 0 and ${t.paymentMode} = 0`),
  ],
);

export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    purchaseId: uuid('purchase_id').references(() => purchases.id),
    /** Its order's stage and that stage's name, copied when it is made. */
    stageId: uuid('stage_id').references(() => stages.id),
    stageName: text('stage_name'),
    price: numeric('price', { precision: 60, scale: 18 }).notNull(),
    currency: text('currency').notNull(),
    tokenSymbol: text('token_symbol').notNull(),
    tokenAmount: numeric('token_amount', { precision: 60, scale: 18 }).notNull(),
    userAmount: numeric('user_amount', { precision: 60, scale: 18 }),
    userCurrency: text('user_currency'),
    paymentStatus: smallint('payment_status').notNull().default(0),
    paymentMode: smallint('payment_mode').notNull(),
    walletAddress: text('wallet_address'),
    /** Exact amount due in base units (wei, or USDC's 6 decimals). */
    quoteBaseUnits: numeric('quote_base_units', { precision: 78, scale: 0 }),
    quoteExpiresAt: timestamp('quote_expires_at', { withTimezone: true }),
    txnHash: text('txn_hash'),
    /** The USDC Transfer log that paid it; null for ETH. */
    logIndex: integer('log_index'),
    fromAddress: text('from_address'),
    senderMatchesWallet: boolean('sender_matches_wallet'),
    paidBaseUnits: numeric('paid_base_units', { precision: 78, scale: 0 }),
    blockNumber: bigint('block_number', { mode: 'bigint' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Staff's reason for crediting the whole order with less than it was due. */
    creditOverride: text('credit_override'),
    /**
     * An open crypto order paid in part: the sum of its payment_parts (base units), kept under the
     * row's lock with them; null while nothing was received. It stays once the order is credited.
     */
    receivedBaseUnits: numeric('received_base_units', { precision: 78, scale: 0 }),
    /**
     * What sort[price] orders by (API.md): the request's investment_amount, else the price when in
     * AUD. Computed by the trigger transactions_aud_value (migration 0015), never by code.
     */
    audValue: numeric('aud_value', { precision: 60, scale: 18 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One transfer credits one order; one transaction may carry several transfers.
    uniqueIndex('transactions_transfer_key')
      .on(t.txnHash, sql`coalesce(${t.logIndex}, -1)`)
      .where(sql`${t.txnHash} is not null`),
    index('transactions_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('transactions_user_price_idx').on(t.userId, t.price),
    index('transactions_purchase_idx').on(t.purchaseId),
    index('transactions_created_idx').on(t.createdAt, t.id),
    index('transactions_status_created_idx').on(t.paymentStatus, t.createdAt, t.id),
    // Sorted by price, ties newest first, each direction, with and without the status filter.
    index('transactions_aud_value_asc_idx').on(
      t.audValue.asc().nullsLast(),
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('transactions_aud_value_desc_idx').on(
      t.audValue.desc().nullsLast(),
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('transactions_status_aud_value_asc_idx').on(
      t.paymentStatus,
      t.audValue.asc().nullsLast(),
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('transactions_status_aud_value_desc_idx').on(
      t.paymentStatus,
      t.audValue.desc().nullsLast(),
      t.createdAt.desc(),
      t.id.desc(),
    ),
    // An open crypto order's exact amount is its own: a payment of it can only be for that order.
    uniqueIndex('transactions_open_quote_key')
      .on(t.tokenSymbol, t.quoteBaseUnits)
      .where(sql`${t.paymentStatus} = 0 and ${t.paymentMode} = 1`),
    index('transactions_user_open_quote_idx')
      .on(t.userId, t.quoteExpiresAt)
      .where(sql`${t.paymentStatus} = 0 and ${t.paymentMode} = 1`),
    // Closed crypto orders whose quote has not expired keep it (exact-quote.repo).
    index('transactions_closed_quote_expiry_idx')
      .on(t.quoteExpiresAt)
      .where(sql`${t.paymentStatus} = 2 and ${t.paymentMode} = 1`),
    // Open crypto orders by quote expiry (the lapse job).
    index('transactions_open_quote_expiry_idx')
      .on(t.quoteExpiresAt)
      .where(sql`${t.paymentStatus} = 0 and ${t.paymentMode} = 1`),
  ],
);

/**
 * How many presale requests and transactions each account has (`list` names the table), kept by
 * triggers on those tables: a list's total is read here instead of counting the account's rows.
 */
export const userListSizes = pgTable(
  'user_list_sizes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list', { enum: ['purchases', 'transactions'] }).notNull(),
    size: integer('size').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.list] })],
);

/**
 * The staff lists' totals: rows of `list` (a table) per the values its filters take (`dims`, in
 * list_dims' order), kept by triggers that append each statement's net change; a list's total is
 * the sum of its matching rows (see staffListTotal).
 */
export const listCounts = pgTable(
  'list_counts',
  {
    list: text('list', {
      enum: ['purchases', 'transactions', 'users', 'audit_log', 'unmatched_payments'],
    }).notNull(),
    dims: text('dims').array().notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [index('list_counts_list_idx').on(t.list)],
);

/**
 * One settled transfer to a company wallet: an ETH transaction (log_index null) or a USDC
 * Transfer log. A function, so each table gets its own column builders.
 */
const transferColumns = () => ({
  txnHash: text('txn_hash').notNull(),
  logIndex: integer('log_index'),
  coin: text('coin', { enum: ['ETH', 'USDC'] }).notNull(),
  fromAddress: text('from_address').notNull(),
  toAddress: text('to_address').notNull(),
  amountBaseUnits: numeric('amount_base_units', { precision: 78, scale: 0 }).notNull(),
  blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
  blockTime: timestamp('block_time', { withTimezone: true }).notNull(),
});

/**
 * Transfers to the company wallet that credited no order by themselves (short, excess, late,
 * unknown, over the hard cap), for staff to assign to an order or refund. One row per transfer:
 * an ETH transaction (log_index null) or a USDC Transfer log.
 */
export const unmatchedPayments = pgTable(
  'unmatched_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...transferColumns(),
    /**
     * 'internal': ETH that reached the wallet through a contract in block `blockNumber`; it has no
     * transaction of its own, so `txnHash` holds that block's hash and `fromAddress` the zero
     * address (the sender is unknown).
     */
    reason: text('reason', {
      enum: ['short', 'excess', 'late', 'unknown', 'hardCap', 'overpaid', 'conflict', 'internal'],
    }).notNull(),
    /** 0: the whole transfer; 1, 2, …: what it paid beyond the order it credited. */
    part: smallint('part').notNull().default(0),
    status: text('status', { enum: ['open', 'assigned', 'refunded'] })
      .notNull()
      .default('open'),
    /** The order its exact amount or proven sender points to, then the order staff assigned it to. */
    purchaseId: uuid('purchase_id').references(() => purchases.id),
    remark: text('remark'),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('unmatched_payments_transfer_key').on(
      t.txnHash,
      sql`coalesce(${t.logIndex}, -1)`,
      t.part,
    ),
    index('unmatched_payments_status_created_idx').on(t.status, t.createdAt),
    index('unmatched_payments_purchase_idx').on(t.purchaseId),
  ],
);

/**
 * The earlier transfers of an order paid in more than one (BTCPay's "partially paid"): a short
 * transfer whose evidence names an open crypto order leaves it open until its quote expires and
 * is kept here; the transfer that completes it (or, at expiry, the newest part, moved out of
 * here) is the transaction's own `txn_hash`. One row per transfer, so a transfer counts once.
 */
export const paymentParts = pgTable(
  'payment_parts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    ...transferColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_parts_transfer_key').on(t.txnHash, sql`coalesce(${t.logIndex}, -1)`),
    index('payment_parts_transaction_idx').on(t.transactionId, t.blockNumber),
  ],
);

/**
 * A transfer to a watched wallet that the payment watcher saw in a block without enough
 * confirmations yet, for the order its evidence names: the buyer sees it coming, nothing is
 * credited. Removed once the transfer is settled or a re-read no longer finds it (reorg, dropped).
 */
export const paymentSightings = pgTable(
  'payment_sightings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    txnHash: text('txn_hash').notNull(),
    logIndex: integer('log_index'),
    coin: text('coin', { enum: ['ETH', 'USDC'] }).notNull(),
    amountBaseUnits: numeric('amount_base_units', { precision: 78, scale: 0 }).notNull(),
    fromAddress: text('from_address').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    blockHash: text('block_hash').notNull(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_sightings_transfer_key').on(t.txnHash, sql`coalesce(${t.logIndex}, -1)`),
    index('payment_sightings_purchase_idx').on(t.purchaseId, t.blockNumber),
    index('payment_sightings_block_idx').on(t.blockNumber),
  ],
);

/**
 * Every claim a buyer made that a transfer pays an order (the verify button): kept, never
 * credited by itself, shown to staff with the transfer.
 */
export const paymentClaims = pgTable(
  'payment_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    txnHash: text('txn_hash').notNull(),
    logIndex: integer('log_index'),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    senderAddress: text('sender_address').notNull(),
    /** The sender is a wallet the claiming account proved before the transfer's block. */
    senderProven: boolean('sender_proven').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_claims_transfer_order_key').on(
      t.txnHash,
      sql`coalesce(${t.logIndex}, -1)`,
      t.transactionId,
    ),
    index('payment_claims_transaction_idx').on(t.transactionId),
  ],
);

/**
 * Money going back out: one record per refund, of an order or of a listed transfer, from the
 * request to the proof it was paid. Crypto refunds go only to the transfer's sender or a wallet
 * the buyer proved, and are paid when the watcher sees the company wallet send exactly `amount`
 * there (evidence: the transaction hash and, for USDC, the log); bank refunds by staff with the
 * bank's reference.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseId: uuid('purchase_id').references(() => purchases.id),
    // A requested refund of an overpaid part goes with the part when a re-credit lists it again.
    unmatchedPaymentId: uuid('unmatched_payment_id').references(() => unmatchedPayments.id, {
      onDelete: 'cascade',
    }),
    requestedBy: text('requested_by', { enum: ['buyer', 'staff', 'system'] }).notNull(),
    requestedById: uuid('requested_by_id').references(() => users.id),
    reason: text('reason').notNull(),
    coin: text('coin', { enum: ['ETH', 'USDC', 'AUD'] }).notNull(),
    amount: numeric('amount', { precision: 60, scale: 18 }).notNull(),
    /** A wallet (lower-case) for crypto; the account it goes back to for bank. */
    destination: text('destination').notNull(),
    state: text('state', { enum: ['requested', 'approved', 'paid', 'declined'] })
      .notNull()
      .default('requested'),
    declineReason: text('decline_reason'),
    /** The paying transaction's hash (crypto) or the bank's reference. */
    evidence: text('evidence'),
    evidenceLogIndex: integer('evidence_log_index'),
    evidenceBlock: bigint('evidence_block', { mode: 'bigint' }),
    /** What the approval took off the order (its tokens and AUD value); null for a transfer. */
    tokensReduced: numeric('tokens_reduced', { precision: 60, scale: 18 }),
    audReduced: numeric('aud_reduced', { precision: 20, scale: 2 }),
    approvedBy: uuid('approved_by').references(() => users.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    paidBy: uuid('paid_by').references(() => users.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    declinedBy: uuid('declined_by').references(() => users.id),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_state_created_idx').on(t.state, t.createdAt, t.id),
    index('refunds_purchase_idx').on(t.purchaseId, t.createdAt),
    index('refunds_unmatched_idx').on(t.unmatchedPaymentId),
    // One refund in progress per order and per listed transfer: two requests cannot both be paid.
    uniqueIndex('refunds_open_purchase_key')
      .on(t.purchaseId)
      .where(sql`${t.state} in ('requested', 'approved') and ${t.purchaseId} is not null`),
    uniqueIndex('refunds_live_unmatched_key')
      .on(t.unmatchedPaymentId)
      .where(sql`${t.state} <> 'declined' and ${t.unmatchedPaymentId} is not null`),
    // One outgoing transfer pays one refund.
    uniqueIndex('refunds_evidence_key')
      .on(t.evidence, sql`coalesce(${t.evidenceLogIndex}, -1)`)
      .where(sql`${t.coin} <> 'AUD' and ${t.evidence} is not null`),
    index('refunds_approved_crypto_idx')
      .on(t.coin, t.destination)
      .where(sql`${t.state} = 'approved' and ${t.coin} <> 'AUD'`),
  ],
);

/**
 * Staff offer a late bank payment an order at the price of the day; the buyer consents by a
 * single-use e-mail link (only its SHA-256 is kept). `offered` → `accepted` (the order is repriced
 * and Pending again) or `withdrawn` (a newer offer, or a refund, replaced it); an offer past
 * `expiresAt` is answered as expired.
 */
export const lateOffers = pgTable(
  'late_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id),
    tokenHash: text('token_hash').notNull(),
    state: text('state', { enum: ['offered', 'accepted', 'withdrawn'] })
      .notNull()
      .default('offered'),
    stageId: uuid('stage_id')
      .notNull()
      .references(() => stages.id),
    stageName: text('stage_name').notNull(),
    tokenPriceAud: numeric('token_price_aud', { precision: 38, scale: 18 }).notNull(),
    /** The ended order's own price, never used again (shown beside the new one). */
    previousTokenPriceAud: numeric('previous_token_price_aud', {
      precision: 38,
      scale: 18,
    }).notNull(),
    rate: numeric('rate', { precision: 38, scale: 18 }).notNull(),
    investmentAmount: numeric('investment_amount', { precision: 20, scale: 2 }).notNull(),
    tokenAmount: numeric('token_amount', { precision: 60, scale: 18 }).notNull(),
    offeredBy: uuid('offered_by')
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('late_offers_token_key').on(t.tokenHash),
    index('late_offers_purchase_idx').on(t.purchaseId, t.createdAt),
    // One live offer per order: a new one withdraws the last.
    uniqueIndex('late_offers_open_key')
      .on(t.purchaseId)
      .where(sql`${t.state} = 'offered'`),
  ],
);
