import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** A small text file attached to an e-mail. */
export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

/** Fixed-window counters shared by every copy of the API. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/** Every e-mail goes through here so a failing mail server never loses or blocks one. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    /** The template's kind; kept after a body holding a code is cleared. */
    kind: text('kind'),
    /** The body holds a one-time code: it is cleared once sent (or given up). */
    secret: boolean('secret').notNull().default(false),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Files sent with the message (a buyer's delivery proof), as nodemailer takes them. */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
    index('mail_outbox_sent_idx')
      .on(t.sentAt)
      .where(sql`${t.sentAt} is not null`),
  ],
);

/**
 * Where the payment watcher is on the chain, and which copy of the API holds the lease to run
 * it: a copy polls only while its lease is unexpired, and renews it on every poll.
 */
export const chainWatchers = pgTable('chain_watchers', {
  name: text('name').primaryKey(),
  /** The next block to read. */
  nextBlock: bigint('next_block', { mode: 'bigint' }).notNull(),
  holder: text('holder'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  /** The chain head the last poll read: how many confirmations a payment sighting has. */
  headBlock: bigint('head_block', { mode: 'bigint' }),
  /** The time of the last block read as confirmed: no payment mined before it is still unread. */
  readThroughTime: timestamp('read_through_time', { withTimezone: true }),
  /** When a poll last finished without an error (a copy that read nothing new also counts). */
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
