import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Role } from '@tmc/shared';
import type { Tx } from '../../db/client.ts';
import { newestFirst, staffPage } from '../../db/staff-page.ts';
import { users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

/** `%text%` for ILIKE, with the user's own % and _ taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface UserListQuery {
  offset: number;
  limit: number;
  search?: string;
  role?: Role;
  isInfluencer?: boolean;
  isAffiliated?: boolean;
  referredBy?: string;
  id?: string;
}

const referrer = alias(users, 'referrer');

/**
 * Users with whoever introduced them and how many they introduced, in one query; newest first
 * follows users_created_at_idx (users_role_created_idx for a role). The total is exact from
 * list_counts for the role and flag filters, counted up to COUNT_CAP for a search, a referrer
 * or an id.
 */
export async function listUsers(db: Tx, q: UserListQuery) {
  const conditions: SQL[] = [];
  if (q.search) {
    const pattern = containing(q.search);
    conditions.push(
      or(
        ilike(users.email, pattern),
        ilike(users.name, pattern),
        ilike(users.affiliateCode, pattern),
      )!,
    );
  }
  if (q.role) conditions.push(eq(users.role, q.role));
  if (q.isInfluencer !== undefined) conditions.push(eq(users.isInfluencer, q.isInfluencer));
  if (q.isAffiliated !== undefined) conditions.push(eq(users.isAffiliated, q.isAffiliated));
  if (q.referredBy) conditions.push(eq(users.referredBy, q.referredBy));
  if (q.id) conditions.push(eq(users.id, q.id));
  const where = conditions.length ? and(...conditions) : undefined;
  return staffPage(
    db,
    db
      .select({
        user: users,
        referrer: { id: referrer.id, email: referrer.email, name: referrer.name },
        referrals: sql<number>`(select count(*) from ${users} as referral where referral.referred_by = ${users.id})::int`,
      })
      .from(users)
      .leftJoin(referrer, eq(referrer.id, users.referredBy))
      .where(where)
      .orderBy(...newestFirst(users))
      .limit(q.limit)
      .offset(q.offset),
    {
      list: 'users',
      dims: [q.role, q.isInfluencer, q.isAffiliated],
      search:
        Boolean(q.search || q.referredBy || q.id) &&
        db
          .select({ one: sql`1` })
          .from(users)
          .where(where),
    },
  );
}

export async function lockUser(db: Tx, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function updateUserFlags(
  db: Tx,
  id: string,
  change: { isInfluencer?: boolean; role?: Role },
) {
  const [row] = await db.update(users).set(change).where(eq(users.id, id)).returning();
  return row!;
}

/**
 * Ends the affiliate relationship. The code stays on the row so old links and earnings remain
 * traceable; with `is_affiliated` false it is no longer accepted and earns nothing. An influencer
 * mark only means something for an affiliate, so it goes too.
 */
export async function dismissAffiliate(db: Tx, id: string) {
  const [row] = await db
    .update(users)
    .set({ isAffiliated: false, isInfluencer: false, affiliateDismissedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row!;
}
