import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { IDENTITY_REVIEW_STATES, PurchaseStatus, type IdentityReviewState } from '@tmc/shared';
import type { Tx } from '../../db/client.ts';
import { newestFirst, pageWithStateCounts } from '../../db/staff-page.ts';
import { identityReviews, purchases, users } from '../../db/schema/index.ts';

export type IdentityReviewRow = typeof identityReviews.$inferSelect;

/** The orders that count against the buying limit: open (Pending) and Accepted ones. */
const COUNTED = [PurchaseStatus.Pending, PurchaseStatus.Accepted];

/**
 * AUD an account bought in the 12 months before now: its open and accepted orders, by the time
 * they were placed (purchases_user_limit_idx holds exactly these rows with their amounts).
 */
export async function sumBoughtInYear(db: Tx, userId: string) {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${purchases.investmentAmount}), 0)::text`,
    })
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, userId),
        inArray(purchases.status, COUNTED),
        sql`${purchases.createdAt} > now() - interval '12 months'`,
      ),
    );
  return row?.total ?? '0';
}

/** True once staff approved any identity review of the account (approval is for good). */
export async function isIdentityVerified(db: Tx, userId: string) {
  const [row] = await db
    .select({ id: identityReviews.id })
    .from(identityReviews)
    .where(and(eq(identityReviews.userId, userId), eq(identityReviews.state, 'approved')))
    .limit(1);
  return row !== undefined;
}

/** The account's latest review; an approved one wins over any later (there is none after it). */
export async function latestReview(db: Tx, userId: string) {
  const [row] = await db
    .select()
    .from(identityReviews)
    .where(eq(identityReviews.userId, userId))
    .orderBy(sql`(${identityReviews.state} = 'approved') desc`, ...newestFirst(identityReviews))
    .limit(1);
  return row;
}

export async function insertReview(db: Tx, values: typeof identityReviews.$inferInsert) {
  const [row] = await db.insert(identityReviews).values(values).returning();
  return row!;
}

/** Decides a pending review; undefined when it is not pending (decided already, or unknown). */
export async function decidePendingReview(
  db: Tx,
  id: string,
  decision: { state: 'approved' | 'rejected'; reason: string | null; decidedBy: string },
) {
  const [row] = await db
    .update(identityReviews)
    .set({ ...decision, decidedAt: sql`now()` })
    .where(and(eq(identityReviews.id, id), eq(identityReviews.state, 'pending')))
    .returning();
  return row;
}

export async function findReview(db: Tx, id: string) {
  const [row] = await db.select().from(identityReviews).where(eq(identityReviews.id, id));
  return row;
}

const decider = alias(users, 'decider');

/** One page of reviews, oldest pending first, else newest first; with the count of each state. */
export async function listReviews(
  db: Tx,
  q: { offset: number; limit: number; state?: IdentityReviewState },
) {
  const where: SQL | undefined = q.state ? eq(identityReviews.state, q.state) : undefined;
  const order =
    q.state === 'pending'
      ? [identityReviews.createdAt, identityReviews.id]
      : newestFirst(identityReviews);
  return pageWithStateCounts(
    db,
    db
      .select({
        review: identityReviews,
        name: users.name,
        email: users.email,
        decidedByEmail: decider.email,
      })
      .from(identityReviews)
      .innerJoin(users, eq(users.id, identityReviews.userId))
      .leftJoin(decider, eq(decider.id, identityReviews.decidedBy))
      .where(where)
      .orderBy(...order)
      .limit(q.limit)
      .offset(q.offset),
    {
      table: identityReviews,
      state: identityReviews.state,
      states: IDENTITY_REVIEW_STATES,
      filter: q.state,
    },
  );
}

/** AUD each of these accounts bought in the last 12 months (one query for a page of reviews). */
export async function sumsBoughtInYear(db: Tx, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({
      userId: purchases.userId,
      total: sql<string>`coalesce(sum(${purchases.investmentAmount}), 0)::text`,
    })
    .from(purchases)
    .where(
      and(
        inArray(purchases.userId, userIds),
        inArray(purchases.status, COUNTED),
        sql`${purchases.createdAt} > now() - interval '12 months'`,
      ),
    )
    .groupBy(purchases.userId);
  return new Map(rows.map((r) => [r.userId, r.total]));
}
