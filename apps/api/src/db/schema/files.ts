import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * An upload slot made by the server; claimed by one user and one purchase or one identity review
 * at most.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    ownerId: uuid('owner_id').references(() => users.id),
    purchaseId: uuid('purchase_id'),
    identityReviewId: uuid('identity_review_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('files_key_key').on(t.key),
    index('files_owner_idx').on(t.ownerId),
    index('files_unclaimed_created_idx')
      .on(t.createdAt)
      .where(sql`${t.purchaseId} is null and ${t.identityReviewId} is null`),
  ],
);
