import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A buyer's identity documents and staff's decision on them. The documents are claimed uploads
 * (files.identity_review_id); their keys are kept here for as long as the review exists, so the
 * retention job never sweeps them.
 */
export const identityReviews = pgTable(
  'identity_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    state: text('state', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    documentKey: text('document_key').notNull(),
    documentType: text('document_type').notNull(),
    secondDocumentKey: text('second_document_key').notNull(),
    secondDocumentType: text('second_document_type').notNull(),
    /** Why staff rejected it, as the buyer reads it. */
    reason: text('reason'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('identity_reviews_state', sql`${t.state} in ('pending', 'approved', 'rejected')`),
    // One review waiting at a time per buyer.
    uniqueIndex('identity_reviews_one_pending_key')
      .on(t.userId)
      .where(sql`${t.state} = 'pending'`),
    index('identity_reviews_user_created_idx').on(t.userId, t.createdAt),
    index('identity_reviews_state_created_idx').on(t.state, t.createdAt, t.id),
    index('identity_reviews_created_idx').on(t.createdAt, t.id),
  ],
);
