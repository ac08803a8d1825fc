import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** One row (id = 1): the presale settings staff can change. */
export const settings = pgTable(
  'settings',
  {
    id: integer('id').primaryKey().default(1),
    tokenName: text('token_name').notNull(),
    tokenSymbol: text('token_symbol').notNull(),
    tokenPriceAud: numeric('token_price_aud', { precision: 38, scale: 18 }).notNull(),
    minPurchaseAud: numeric('min_purchase_aud', { precision: 20, scale: 2 }).notNull(),
    hardCapAud: numeric('hard_cap_aud', { precision: 20, scale: 2 }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    companyWallet: text('company_wallet').notNull(),
    swapWallet: text('swap_wallet').notNull(),
    usdcAddress: text('usdc_address').notNull(),
    chainId: integer('chain_id').notNull(),
    minConfirmations: integer('min_confirmations').notNull(),
    quoteTtlMinutes: integer('quote_ttl_minutes').notNull().default(60),
    /** How long an expired crypto quote keeps its order open (a payment mined in time may still come). */
    quoteGraceMinutes: integer('quote_grace_minutes').notNull().default(60),
    /** How long a new bank order waits for its receipt before it ends. */
    bankPaymentWindowHours: integer('bank_payment_window_hours').notNull().default(72),
    /** How old an ETH or USDC rate may be and still price a crypto order. */
    rateMaxAgeMinutes: integer('rate_max_age_minutes').notNull().default(1440),
    holdDays: integer('hold_days').notNull().default(7),
    /** AUD one account may buy in 12 months without a verified identity (KYC tiers). */
    kycLimitAud: numeric('kyc_limit_aud', { precision: 20, scale: 2 }).notNull().default('10000'),
    /** The same with a staff-verified identity; null: no limit. */
    kycVerifiedLimitAud: numeric('kyc_verified_limit_aud', { precision: 20, scale: 2 }),
    whitePaperUrl: text('white_paper_url').notNull(),
    /** How and when tokens reach buyers, as staff word it; null shows the default statement. */
    deliveryStatement: text('delivery_statement'),
    /** Running totals kept by the accept/revert step, so the home page never sums purchases. */
    raisedAud: numeric('raised_aud', { precision: 20, scale: 2 }).notNull().default('0'),
    tokensSold: numeric('tokens_sold', { precision: 60, scale: 18 }).notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('settings_single_row', sql`${t.id} = 1`)],
);

/** Units of each currency per 1 AUD. */
export const currencyRates = pgTable('currency_rates', {
  code: text('code').primaryKey(),
  rate: numeric('rate', { precision: 38, scale: 18 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const banks = pgTable(
  'banks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    currency: text('currency').notNull(),
    bankName: text('bank_name').notNull(),
    accountHolder: text('account_holder').notNull(),
    bic: text('bic').notNull(),
    routingNumber: text('routing_number'),
    accountNumber: text('account_number'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('banks_currency_active_idx').on(t.currency, t.active)],
);
