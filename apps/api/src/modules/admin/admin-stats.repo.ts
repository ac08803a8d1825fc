import { eq, sql } from 'drizzle-orm';
import { PaymentMode, PaymentStatus, PurchaseStatus } from '@tmc/shared';
import type { Tx } from '../../db/client.ts';
import {
  affiliateEarnings,
  purchases,
  referralClicks,
  settings,
  transactions,
  users,
} from '../../db/schema/index.ts';
import { isApproved } from '../affiliates/earnings.repo.ts';

const startOfUtcDay = sql`(date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')`;

/** The dashboard's figures in one row. */
export async function presaleStats(db: Tx) {
  const commission = (condition: ReturnType<typeof sql>) =>
    sql<string>`(select coalesce(sum(${affiliateEarnings.affiliateEarning}), 0)::text from ${affiliateEarnings} where ${affiliateEarnings.kind} = 'commission' and ${condition})`;
  const [row] = await db
    .select({
      raisedAud: settings.raisedAud,
      hardCapAud: settings.hardCapAud,
      tokensSold: settings.tokensSold,
      tokenSymbol: settings.tokenSymbol,
      // What the review queue opens on: Pending bank requests whose receipt is in.
      pendingReviews: sql<number>`(select count(*) from ${purchases} where ${purchases.status} = ${PurchaseStatus.Pending} and ${purchases.paymentMode} = ${PaymentMode.Bank} and ${purchases.receiptKey} is not null)::int`,
      awaitingBankPayment: sql<number>`(select count(*) from ${purchases} where ${purchases.status} = ${PurchaseStatus.Pending} and ${purchases.paymentMode} = ${PaymentMode.Bank} and ${purchases.receiptKey} is null)::int`,
      awaitingCryptoPayment: sql<number>`(select count(*) from ${purchases} where ${purchases.status} = ${PurchaseStatus.Pending} and ${purchases.paymentMode} = ${PaymentMode.Crypto})::int`,
      verifiedCryptoToday: sql<number>`(select count(*) from ${transactions} where ${transactions.paymentMode} = ${PaymentMode.Crypto} and ${transactions.paymentStatus} = ${PaymentStatus.Success} and ${transactions.verifiedAt} >= ${startOfUtcDay})::int`,
      users: sql<number>`(select count(*) from ${users})::int`,
      affiliates: sql<number>`(select count(*) from ${users} where ${users.isAffiliated})::int`,
      influencers: sql<number>`(select count(*) from ${users} where ${users.isInfluencer})::int`,
      pendingCommission: commission(
        sql`${affiliateEarnings.status} = 'pending' and not ${isApproved}`,
      ),
      approvedCommission: commission(isApproved),
      paidCommission: commission(sql`${affiliateEarnings.status} = 'paid'`),
    })
    .from(settings)
    .where(eq(settings.id, 1));
  return row;
}

export const purchaseCountsByStatus = (db: Tx) =>
  db
    .select({ status: purchases.status, count: sql<number>`count(*)::int` })
    .from(purchases)
    .groupBy(purchases.status);

/**
 * Accepted sales per UTC day of the last `days` days by method (bank, ETH, USDC), with the raised
 * total at the end of each day (everything accepted before the window included). Empty days are
 * rows of zeros, so a chart's axis has no gaps.
 */
export async function salesByDay(db: Tx, days: number) {
  const accepted = sql`${purchases.status} = ${PurchaseStatus.Accepted}`;
  const soldOn = sql`((coalesce(${purchases.reviewedAt}, ${purchases.createdAt}) at time zone 'UTC')::date)`;
  const method = sql`(case when ${purchases.paymentMode} = ${PaymentMode.Bank} then 'bank' else upper(${purchases.userCurrency}) end)`;
  const { rows } = await db.execute<{
    day: string;
    bank: string;
    eth: string;
    usdc: string;
    sales: number;
    raised: string;
  }>(sql`
    with days as (
      select d::date as day
      from generate_series((now() at time zone 'UTC')::date - ${days - 1}::int, (now() at time zone 'UTC')::date, interval '1 day') d
    ),
    sold as (
      select ${soldOn} as day, ${method} as method, ${purchases.investmentAmount} as amount
      from ${purchases}
      where ${accepted} and ${purchases.createdAt} >= now() - make_interval(days => ${days + 31}::int)
    ),
    before as (
      select coalesce(sum(${purchases.investmentAmount}), 0) as amount
      from ${purchases}
      where ${accepted} and ${soldOn} < (now() at time zone 'UTC')::date - ${days - 1}::int
    ),
    per_day as (
      select days.day,
        coalesce(sum(sold.amount) filter (where sold.method = 'bank'), 0) as bank,
        coalesce(sum(sold.amount) filter (where sold.method = 'ETH'), 0) as eth,
        coalesce(sum(sold.amount) filter (where sold.method = 'USDC'), 0) as usdc,
        coalesce(sum(sold.amount), 0) as total,
        count(sold.amount)::int as sales
      from days left join sold on sold.day = days.day
      group by days.day
    )
    select to_char(day, 'YYYY-MM-DD') as day, bank::text, eth::text, usdc::text, sales,
      ((select amount from before) + sum(total) over (order by day))::text as raised
    from per_day
    order by day`);
  return rows;
}

/**
 * The affiliate funnel per ISO week (Monday, UTC) of the last `weeks` weeks: referral clicks,
 * sign-ups that came through a referral, and referred buyers counted in the week of their first
 * accepted purchase.
 */
export async function funnelByWeek(db: Tx, weeks: number) {
  const { rows } = await db.execute<{
    week: string;
    clicks: number;
    signups: number;
    buyers: number;
  }>(sql`
    with weeks as (
      select w::date as week
      from generate_series(date_trunc('week', now() at time zone 'UTC')::date - ${(weeks - 1) * 7}::int,
        date_trunc('week', now() at time zone 'UTC')::date, interval '1 week') w
    ),
    since as (select min(week) as start from weeks),
    clicks as (
      select date_trunc('week', ${referralClicks.day})::date as week, count(*)::int as n
      from ${referralClicks}, since where ${referralClicks.day} >= since.start group by 1
    ),
    signups as (
      select date_trunc('week', ${users.createdAt} at time zone 'UTC')::date as week, count(*)::int as n
      from ${users}, since
      where ${users.referredBy} is not null and ${users.createdAt} >= since.start::timestamp at time zone 'UTC'
      group by 1
    ),
    buyers as (
      select date_trunc('week', first_sale at time zone 'UTC')::date as week, count(*)::int as n
      from (
        select ${purchases.userId}, min(coalesce(${purchases.reviewedAt}, ${purchases.createdAt})) as first_sale
        from ${purchases} join ${users} on ${users.id} = ${purchases.userId}
        where ${purchases.status} = ${PurchaseStatus.Accepted} and ${users.referredBy} is not null
        group by ${purchases.userId}
      ) firsts, since
      where first_sale >= since.start::timestamp at time zone 'UTC'
      group by 1
    )
    select to_char(weeks.week, 'YYYY-MM-DD') as week,
      coalesce(clicks.n, 0) as clicks, coalesce(signups.n, 0) as signups, coalesce(buyers.n, 0) as buyers
    from weeks
      left join clicks on clicks.week = weeks.week
      left join signups on signups.week = weeks.week
      left join buyers on buyers.week = weeks.week
    order by weeks.week`);
  return rows;
}
