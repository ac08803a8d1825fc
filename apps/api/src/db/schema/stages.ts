import { sql } from 'drizzle-orm';
import {
  check,
  index,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The presale sold in stages: a price and a number of tokens each, one active at a time. `sold`,
 * `reserved` and `unsold` are kept by the trigger purchases_stage_tokens (custom migration), from
 * the orders that name the stage: an open order reserves its tokens, an accepted one sold them.
 * A closed stage's leftover and whatever its orders give back later is `unsold`: it never reopens.
 */
export const stages = pgTable(
  'stages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    priceAud: numeric('price_aud', { precision: 38, scale: 18 }).notNull(),
    tokenCap: numeric('token_cap', { precision: 60, scale: 18 }).notNull(),
    sold: numeric('sold', { precision: 60, scale: 18 }).notNull().default('0'),
    reserved: numeric('reserved', { precision: 60, scale: 18 }).notNull().default('0'),
    unsold: numeric('unsold', { precision: 60, scale: 18 }).notNull().default('0'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    state: text('state', { enum: ['scheduled', 'active', 'closed'] })
      .notNull()
      .default('scheduled'),
    closeReason: text('close_reason', { enum: ['sold_out', 'time', 'staff'] }),
    remark: text('remark'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // At most one stage sells at a time.
    uniqueIndex('stages_one_active_key')
      .on(t.state)
      .where(sql`${t.state} = 'active'`),
    index('stages_scheduled_start_idx')
      .on(t.startsAt)
      .where(sql`${t.state} = 'scheduled'`),
    check('stages_price_positive', sql`${t.priceAud} > 0`),
    check('stages_cap_positive', sql`${t.tokenCap} > 0`),
  ],
);
