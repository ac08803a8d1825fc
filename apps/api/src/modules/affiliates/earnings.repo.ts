import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PurchaseStatus } from '@tmc/shared';
import type { Tx } from '../../db/client.ts';
import {
  affiliateEarnings,
  purchases,
  referralClicks,
  settings,
  users,
} from '../../db/schema/index.ts';
import type { ReferralChain } from './earnings-plan.ts';

export type EarningRow = typeof affiliateEarnings.$inferSelect;
export type EarningStatus = 'pending' | 'approved' | 'paid' | 'void';

const holdDays = sql`(select ${settings.holdDays} from ${settings} where ${settings.id} = 1)`;

/** True for a commission past the hold period of the settings: "approved" is never stored. */
export const isApproved = sql<boolean>`(${affiliateEarnings.status} = 'pending' and ${affiliateEarnings.kind} = 'commission' and ${affiliateEarnings.createdAt} <= now() - make_interval(days => ${holdDays}))`;

/** The status an affiliate sees: pending, approved (derived), paid or void. */
export const earningStatus = sql<EarningStatus>`(case when ${isApproved} then 'approved' else ${affiliateEarnings.status} end)`;

const affiliate = alias(users, 'affiliate');
const introducer = alias(users, 'introducer');

/**
 * The buyer, whoever referred them and whoever referred that affiliate. The two affiliates' rows
 * are read under a share lock: a dismissal committing meanwhile is either seen here, or waits and
 * then voids the earnings made here.
 */
export async function findReferralChain(db: Tx, buyerId: string): Promise<ReferralChain> {
  const [ids] = await db
    .select({ affiliateId: affiliate.id, introducerId: introducer.id })
    .from(users)
    .leftJoin(affiliate, eq(affiliate.id, users.referredBy))
    .leftJoin(introducer, eq(introducer.id, affiliate.referredBy))
    .where(eq(users.id, buyerId));
  const memberIds = [ids?.affiliateId, ids?.introducerId].filter((id): id is string => !!id);
  const members =
    memberIds.length === 0
      ? []
      : await db
          .select({
            id: users.id,
            email: users.email,
            name: users.name,
            isAffiliated: users.isAffiliated,
            isInfluencer: users.isInfluencer,
          })
          .from(users)
          .where(inArray(users.id, memberIds))
          .for('share');
  const member = (id: string | null | undefined) => members.find((m) => m.id === id) ?? null;
  return { buyerId, affiliate: member(ids?.affiliateId), introducer: member(ids?.introducerId) };
}

/** Inserts what is not there yet (unique per purchase, affiliate, tier and kind); answers only the new rows. */
export const insertEarningsOnce = (db: Tx, rows: (typeof affiliateEarnings.$inferInsert)[]) =>
  rows.length === 0
    ? Promise.resolve([])
    : db.insert(affiliateEarnings).values(rows).onConflictDoNothing().returning();

/**
 * Clawbacks of paid commissions, each holding the whole amount taken back so far: a later refund
 * of the same order raises the one not yet settled instead of adding a second.
 */
export const upsertClawbacks = (db: Tx, rows: (typeof affiliateEarnings.$inferInsert)[]) =>
  rows.length === 0
    ? Promise.resolve([])
    : db
        .insert(affiliateEarnings)
        .values(rows)
        .onConflictDoUpdate({
          target: [
            affiliateEarnings.purchaseId,
            affiliateEarnings.affiliateId,
            affiliateEarnings.tier,
            affiliateEarnings.kind,
          ],
          set: { affiliateEarning: sql`excluded.affiliate_earning` },
          setWhere: sql`${affiliateEarnings.status} = 'pending'`,
        })
        .returning();

/** A pending commission's figures after a partial refund of its order. */
export async function scaleCommission(
  db: Tx,
  id: string,
  figures: { baseAmount: string; investmentAmount: string; affiliateEarning: string },
) {
  await db.update(affiliateEarnings).set(figures).where(eq(affiliateEarnings.id, id));
}

/** Every earning of a purchase, locked until the transaction ends. */
export const lockEarningsOfPurchase = (db: Tx, purchaseId: string) =>
  db
    .select()
    .from(affiliateEarnings)
    .where(eq(affiliateEarnings.purchaseId, purchaseId))
    .orderBy(asc(affiliateEarnings.tier))
    .for('update');

/** An affiliate's commissions not paid yet (in a batch or not), locked until the transaction ends. */
export const lockUnpaidCommissionsOf = (db: Tx, affiliateId: string) =>
  db
    .select()
    .from(affiliateEarnings)
    .where(
      and(
        eq(affiliateEarnings.affiliateId, affiliateId),
        eq(affiliateEarnings.kind, 'commission'),
        eq(affiliateEarnings.status, 'pending'),
      ),
    )
    .for('update');

/** Voids earnings and takes them out of any batch they were in. */
export async function voidEarnings(db: Tx, ids: string[]) {
  if (ids.length === 0) return;
  await db
    .update(affiliateEarnings)
    .set({ status: 'void', voidedAt: sql`now()`, payoutId: null })
    .where(inArray(affiliateEarnings.id, ids));
}

export interface EarningListQuery {
  offset: number;
  limit: number;
  sortPrice: 1 | -1 | undefined;
  status?: EarningStatus;
  tier?: 1 | 2;
}

/** One page of an affiliate's ledger with the person each row is about, and the count. */
export async function listEarningsOfAffiliate(db: Tx, affiliateId: string, q: EarningListQuery) {
  const conditions: SQL[] = [eq(affiliateEarnings.affiliateId, affiliateId)];
  if (q.status) conditions.push(sql`${earningStatus} = ${q.status}`);
  if (q.tier) conditions.push(eq(affiliateEarnings.tier, q.tier));
  const where = and(...conditions);
  const newest = [desc(affiliateEarnings.createdAt), desc(affiliateEarnings.id)];
  const order =
    q.sortPrice === undefined
      ? newest
      : [
          q.sortPrice === 1
            ? asc(affiliateEarnings.affiliateEarning)
            : desc(affiliateEarnings.affiliateEarning),
          ...newest,
        ];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        earning: affiliateEarnings,
        status: earningStatus,
        referredTo: { email: users.email, name: users.name },
      })
      .from(affiliateEarnings)
      .innerJoin(users, eq(users.id, affiliateEarnings.referredUserId))
      .where(where)
      .orderBy(...order)
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(affiliateEarnings).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Ledger totals of one affiliate by derived status (AUD decimal strings). */
export async function earningTotalsOfAffiliate(db: Tx, affiliateId: string) {
  const sum = (condition: SQL) =>
    sql<string>`coalesce(sum(${affiliateEarnings.affiliateEarning}) filter (where ${condition}), 0)::text`;
  const [row] = await db
    .select({
      pending: sum(sql`${affiliateEarnings.kind} = 'commission' and ${earningStatus} = 'pending'`),
      approved: sum(sql`${earningStatus} = 'approved'`),
      paid: sum(sql`${affiliateEarnings.status} = 'paid'`),
      adjustments: sum(
        sql`${affiliateEarnings.kind} = 'clawback' and ${affiliateEarnings.status} = 'pending'`,
      ),
    })
    .from(affiliateEarnings)
    .where(eq(affiliateEarnings.affiliateId, affiliateId));
  return row ?? { pending: '0', approved: '0', paid: '0', adjustments: '0' };
}

/** Clicks → sign-ups → verified → buyers of one affiliate. */
export async function referralFunnelOf(db: Tx, affiliateId: string) {
  const [row] = await db
    .select({
      clicks: sql<number>`(select count(*) from ${referralClicks} where ${referralClicks.affiliateId} = ${affiliateId})::int`,
      signUps: sql<number>`count(*)::int`,
      verified: sql<number>`(count(*) filter (where ${users.emailVerifiedAt} is not null))::int`,
      buyers: sql<number>`(select count(distinct ${purchases.userId}) from ${purchases} inner join ${users} as buyer on buyer.id = ${purchases.userId} where buyer.referred_by = ${affiliateId} and ${purchases.status} = ${PurchaseStatus.Accepted})::int`,
    })
    .from(users)
    .where(eq(users.referredBy, affiliateId));
  return row ?? { clicks: 0, signUps: 0, verified: 0, buyers: 0 };
}

/** Commission earned (not void) per UTC week (Monday start), the last `weeks` weeks, empty weeks included. */
export async function earningsByWeekOf(db: Tx, affiliateId: string, weeks: number) {
  const { rows } = await db.execute<{ weekStart: string; amount: string }>(sql`
    with week as (
      select generate_series(
        date_trunc('week', now() at time zone 'UTC') - make_interval(weeks => ${weeks - 1}),
        date_trunc('week', now() at time zone 'UTC'),
        interval '1 week'
      ) as start
    )
    select to_char(week.start, 'YYYY-MM-DD') as "weekStart",
           coalesce(sum(${affiliateEarnings.affiliateEarning}), 0)::text as "amount"
    from week
    left join ${affiliateEarnings}
      on ${affiliateEarnings.affiliateId} = ${affiliateId}
     and ${affiliateEarnings.kind} = 'commission'
     and ${affiliateEarnings.status} <> 'void'
     and date_trunc('week', ${affiliateEarnings.createdAt} at time zone 'UTC') = week.start
    group by week.start
    order by week.start`);
  return rows;
}

/** At most one row per affiliate, visitor and UTC day; true when this one was new. */
export async function insertReferralClickOnce(
  db: Tx,
  click: { affiliateId: string; ipHash: string; landingPath: string },
) {
  const rows = await db
    .insert(referralClicks)
    .values({ ...click, day: sql`(now() at time zone 'UTC')::date` })
    .onConflictDoNothing()
    .returning({ id: referralClicks.id });
  return rows.length > 0;
}
