import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Hex } from 'viem';
import { proofBytes, proofNodes } from '../../lib/stored-proof.ts';
import { users } from './users.ts';

export const DISTRIBUTION_STATUSES = [
  'draft',
  'proposed',
  'accepted',
  'cancelled',
  'superseded',
] as const;
export type DistributionStatus = (typeof DISTRIBUTION_STATUSES)[number];

/** A held buyer: tokens they bought that no leaf carries, and why. */
export interface DistributionHold {
  userId: string;
  email: string;
  /** TMC, decimal string. */
  tokens: string;
  reason: 'no_proven_wallet' | 'no_delivery_wallet';
}

/** One changed address against the last accepted root; amounts in TMC (read from both roots' leaves). */
export interface DistributionDiffRow {
  address: string;
  email: string | null;
  change: 'new' | 'increased' | 'decreased' | 'removed';
  previous: string;
  next: string;
}

export interface DistributionDiff {
  previousEpoch: number | null;
  previousTotal: string;
  total: string;
  counts: {
    new: number;
    increased: number;
    decreased: number;
    removed: number;
    unchanged: number;
    held: number;
  };
}

/**
 * One Merkle root for the distributor at `distributorAddress`: built by staff as a draft, then
 * proposed, accepted (or cancelled) on chain, as the distributor reader sees it.
 */
export const distributions = pgTable(
  'distributions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chainId: integer('chain_id').notNull(),
    distributorAddress: text('distributor_address').notNull(),
    epoch: integer('epoch').notNull(),
    root: text('root').notNull(),
    /** Σ cumulative of the leaves, in base units. */
    totalBaseUnits: numeric('total_base_units', { precision: 78, scale: 0 }).notNull(),
    leafCount: integer('leaf_count').notNull(),
    status: text('status', { enum: DISTRIBUTION_STATUSES }).notNull().default('draft'),
    /** Lowers an unclaimed amount: proposed with freezeClaims so claims cannot race it. */
    freezeClaims: boolean('freeze_claims').notNull().default(false),
    /** Base units the distributor lacked at build time (total − claimed − balance, at least 0). */
    fundingNeededBaseUnits: numeric('funding_needed_base_units', {
      precision: 78,
      scale: 0,
    }).notNull(),
    holds: jsonb('holds').$type<DistributionHold[]>().notNull(),
    diff: jsonb('diff').$type<DistributionDiff>().notNull(),
    builtBy: uuid('built_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    proposedTx: text('proposed_tx'),
    acceptedTx: text('accepted_tx'),
    acceptedBlock: bigint('accepted_block', { mode: 'bigint' }),
    /** Set when the buyers in it were sent their proofs (once). */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // At most one draft or proposal at a time: a second build is refused (409).
    uniqueIndex('distributions_open_key')
      .on(t.distributorAddress)
      .where(sql`${t.status} in ('draft', 'proposed')`),
    index('distributions_distributor_created_idx').on(t.distributorAddress, t.createdAt),
  ],
);

/** A proof's nodes as bytes: half the size of their hex, and nothing for the database to parse. */
const proofColumn = customType<{ data: Hex[]; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: proofBytes,
  fromDriver: proofNodes,
});

/** A leaf of a distribution, with its proof stored so buyers' reads never rebuild the tree. */
export const distributionLeaves = pgTable(
  'distribution_leaves',
  {
    distributionId: uuid('distribution_id')
      .notNull()
      .references(() => distributions.id, { onDelete: 'cascade' }),
    /** Lower-case. */
    address: text('address').notNull(),
    // No foreign key: a leaf's buyer has an accepted order, and accounts with orders are never
    // deleted; checking (and locking) 100,000 buyers' rows took a fifth of a large draft's time.
    userId: uuid('user_id').notNull(),
    cumulativeBaseUnits: numeric('cumulative_base_units', { precision: 78, scale: 0 }).notNull(),
    proof: proofColumn('proof').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.distributionId, t.address] }),
    index('distribution_leaves_user_idx').on(t.userId, t.distributionId),
  ],
);

/** A Claimed log of the distributor, stored once confirmed. */
export const tokenClaims = pgTable(
  'token_claims',
  {
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    distributorAddress: text('distributor_address').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    /** Lower-case. */
    address: text('address').notNull(),
    amountBaseUnits: numeric('amount_base_units', { precision: 78, scale: 0 }).notNull(),
    cumulativeClaimedBaseUnits: numeric('cumulative_claimed_base_units', {
      precision: 78,
      scale: 0,
    }).notNull(),
    epoch: integer('epoch').notNull(),
    blockTime: timestamp('block_time', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.txHash, t.logIndex] }),
    index('token_claims_address_idx').on(t.address, t.blockNumber),
  ],
);

/**
 * What each distributor has paid out, as its stored Claimed logs add up: kept by the reader in
 * the transaction that stores them, so the System page and metrics never sum the claims table.
 */
export const distributorTotals = pgTable('distributor_totals', {
  distributorAddress: text('distributor_address').primaryKey(),
  claimedBaseUnits: numeric('claimed_base_units', { precision: 78, scale: 0 }).notNull(),
  claims: integer('claims').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
