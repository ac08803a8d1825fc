import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  jsonb,
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
import { purchases } from './purchases.ts';

export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tier: smallint('tier').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    total: numeric('total', { precision: 20, scale: 2 }).notNull(),
    status: text('status', { enum: ['created', 'paid'] })
      .notNull()
      .default('created'),
    reference: text('reference'),
    createdBy: uuid('created_by').references(() => users.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payouts_created_idx').on(t.createdAt)],
);

/**
 * The commission ledger. "approved" is derived (pending and past the hold period), never stored.
 * A clawback is a negative row recorded when a paid earning's purchase is reverted.
 */
export const affiliateEarnings = pgTable(
  'affiliate_earnings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => users.id),
    referredUserId: uuid('referred_user_id')
      .notNull()
      .references(() => users.id),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id),
    kind: text('kind', { enum: ['commission', 'clawback'] })
      .notNull()
      .default('commission'),
    tier: smallint('tier').notNull(),
    rate: numeric('rate', { precision: 6, scale: 4 }).notNull(),
    baseAmount: numeric('base_amount', { precision: 20, scale: 2 }).notNull(),
    investmentAmount: numeric('investment_amount', { precision: 20, scale: 2 }).notNull(),
    affiliateEarning: numeric('affiliate_earning', { precision: 20, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('AUD'),
    status: text('status', { enum: ['pending', 'paid', 'void'] })
      .notNull()
      .default('pending'),
    paymentMode: smallint('payment_mode').notNull(),
    payoutId: uuid('payout_id').references(() => payouts.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('affiliate_earnings_once_key').on(t.purchaseId, t.affiliateId, t.tier, t.kind),
    index('affiliate_earnings_affiliate_created_idx').on(t.affiliateId, t.createdAt),
    index('affiliate_earnings_status_created_idx').on(t.status, t.createdAt),
  ],
);

export const referralClicks = pgTable(
  'referral_clicks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => users.id),
    landingPath: text('landing_path').notNull(),
    ipHash: text('ip_hash').notNull(),
    day: date('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // At most one click per visitor per affiliate per day.
  (t) => [
    uniqueIndex('referral_clicks_daily_key').on(t.affiliateId, t.ipHash, t.day),
    index('referral_clicks_day_idx').on(t.day),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_action_created_idx').on(t.action, t.createdAt),
    index('audit_log_entity_created_idx').on(t.entity, t.createdAt),
  ],
);

/**
 * Where an affiliate's commissions are paid: a bank account in AUD or a wallet. A payout line
 * without one is held (never marked paid, no "paid" e-mail).
 */
export const payoutDestinations = pgTable(
  'payout_destinations',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['bank', 'wallet'] }).notNull(),
    accountName: text('account_name'),
    bsb: text('bsb'),
    accountNumber: text('account_number'),
    walletAddress: text('wallet_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'payout_destinations_kind_check',
      sql`(${t.kind} = 'bank' AND ${t.accountName} IS NOT NULL AND ${t.bsb} IS NOT NULL AND ${t.accountNumber} IS NOT NULL AND ${t.walletAddress} IS NULL) OR (${t.kind} = 'wallet' AND ${t.walletAddress} IS NOT NULL AND ${t.accountName} IS NULL AND ${t.bsb} IS NULL AND ${t.accountNumber} IS NULL)`,
    ),
  ],
);

/**
 * The destination each affiliate of a batch is paid to, copied when the batch is made: the
 * transfer file and "Mark paid" use this copy, so a later change of the affiliate's destination
 * never redirects a batch staff already approved.
 */
export const payoutLines = pgTable(
  'payout_lines',
  {
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id, { onDelete: 'cascade' }),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['bank', 'wallet'] }).notNull(),
    accountName: text('account_name'),
    bsb: text('bsb'),
    accountNumber: text('account_number'),
    walletAddress: text('wallet_address'),
    /** When the affiliate last changed the destination copied here. */
    destinationUpdatedAt: timestamp('destination_updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.payoutId, t.affiliateId] }),
    check(
      'payout_lines_kind_check',
      sql`(${t.kind} = 'bank' AND ${t.accountName} IS NOT NULL AND ${t.bsb} IS NOT NULL AND ${t.accountNumber} IS NOT NULL AND ${t.walletAddress} IS NULL) OR (${t.kind} = 'wallet' AND ${t.walletAddress} IS NOT NULL AND ${t.accountName} IS NULL AND ${t.bsb} IS NULL AND ${t.accountNumber} IS NULL)`,
    ),
  ],
);
