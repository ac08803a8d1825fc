import { and, count, desc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  affiliateEarnings,
  payoutDestinations,
  payoutLines,
  payouts,
  users,
} from '../../db/schema/index.ts';

export type PayoutRow = typeof payouts.$inferSelect;

/** Distinct from the migration lock (727001): one batch run per tier at a time, on every copy of the API. */
const PAYOUT_LOCK_BASE = 727100;

export async function lockPayoutRuns(db: Tx, tier: 1 | 2) {
  await db.execute(sql`select pg_advisory_xact_lock(${PAYOUT_LOCK_BASE + tier})`);
}

/**
 * What the next batch of a tier takes: commissions approved by `approvedBy` (created before it
 * less the hold period) and every adjustment (clawback) still to be taken off, none in a batch yet.
 */
const dueForBatch = (tier: 1 | 2, approvedBy: Date) =>
  and(
    eq(affiliateEarnings.tier, tier),
    eq(affiliateEarnings.status, 'pending'),
    isNull(affiliateEarnings.payoutId),
    or(
      and(eq(affiliateEarnings.kind, 'commission'), lte(affiliateEarnings.createdAt, approvedBy)),
      eq(affiliateEarnings.kind, 'clawback'),
    ),
  );

/** Per affiliate: commissions, adjustments and their sum (AUD strings). */
const amountColumns = {
  affiliateId: affiliateEarnings.affiliateId,
  name: users.name,
  email: users.email,
  walletAddress: users.walletAddress,
  earnings: sql<string>`coalesce(sum(${affiliateEarnings.affiliateEarning}) filter (where ${affiliateEarnings.kind} = 'commission'), 0)::text`,
  adjustments: sql<string>`coalesce(sum(${affiliateEarnings.affiliateEarning}) filter (where ${affiliateEarnings.kind} = 'clawback'), 0)::text`,
  amount: sql<string>`coalesce(sum(${affiliateEarnings.affiliateEarning}), 0)::text`,
  earningsCount: sql<number>`count(*)::int`,
};

/** Lines still to batch: the affiliate's destination as it stands now. */
export const dueLines = (db: Tx, tier: 1 | 2, approvedBy: Date) =>
  db
    .select({
      ...amountColumns,
      destinationKind: payoutDestinations.kind,
      destinationAccountName: payoutDestinations.accountName,
      destinationBsb: payoutDestinations.bsb,
      destinationAccountNumber: payoutDestinations.accountNumber,
      destinationWallet: payoutDestinations.walletAddress,
      destinationUpdatedAt: payoutDestinations.updatedAt,
      destinationCreatedAt: payoutDestinations.createdAt,
    })
    .from(affiliateEarnings)
    .innerJoin(users, eq(users.id, affiliateEarnings.affiliateId))
    .leftJoin(payoutDestinations, eq(payoutDestinations.userId, affiliateEarnings.affiliateId))
    .where(dueForBatch(tier, approvedBy))
    .groupBy(affiliateEarnings.affiliateId, users.id, payoutDestinations.userId)
    .orderBy(users.email);

export type PayoutLineRow = Awaited<ReturnType<typeof dueLines>>[number];

/** Lines of a batch: the destination copied when the batch was made, never the current one. */
export const linesOfPayout = (db: Tx, payoutId: string): Promise<PayoutLineRow[]> =>
  db
    .select({
      ...amountColumns,
      destinationKind: payoutLines.kind,
      destinationAccountName: payoutLines.accountName,
      destinationBsb: payoutLines.bsb,
      destinationAccountNumber: payoutLines.accountNumber,
      destinationWallet: payoutLines.walletAddress,
      destinationUpdatedAt: payoutLines.destinationUpdatedAt,
      destinationCreatedAt: sql<Date | null>`null`,
    })
    .from(affiliateEarnings)
    .innerJoin(users, eq(users.id, affiliateEarnings.affiliateId))
    .leftJoin(
      payoutLines,
      and(
        eq(payoutLines.payoutId, affiliateEarnings.payoutId),
        eq(payoutLines.affiliateId, affiliateEarnings.affiliateId),
      ),
    )
    .where(eq(affiliateEarnings.payoutId, payoutId))
    .groupBy(affiliateEarnings.affiliateId, users.id, payoutLines.payoutId, payoutLines.affiliateId)
    .orderBy(users.email);

/** Copies the destination each line was approved with into the batch. */
export async function insertPayoutLines(db: Tx, payoutId: string, lines: PayoutLineRow[]) {
  const rows = lines.flatMap((l) =>
    l.destinationKind && l.destinationUpdatedAt
      ? [
          {
            payoutId,
            affiliateId: l.affiliateId,
            kind: l.destinationKind,
            accountName: l.destinationAccountName,
            bsb: l.destinationBsb,
            accountNumber: l.destinationAccountNumber,
            walletAddress: l.destinationWallet,
            destinationUpdatedAt: l.destinationUpdatedAt,
          },
        ]
      : [],
  );
  if (rows.length > 0) await db.insert(payoutLines).values(rows);
}

export async function findPayoutForPeriod(db: Tx, tier: 1 | 2, periodEnd: Date) {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.tier, tier), eq(payouts.periodEnd, periodEnd)));
  return row;
}

export async function findPayout(db: Tx, id: string) {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
  return row;
}

export async function lockPayout(db: Tx, id: string) {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id)).for('update');
  return row;
}

export async function insertPayout(db: Tx, values: typeof payouts.$inferInsert) {
  const [row] = await db.insert(payouts).values(values).returning();
  return row!;
}

/** Puts the due rows of these affiliates into the batch. */
export async function attachDueEarnings(
  db: Tx,
  payoutId: string,
  due: { tier: 1 | 2; approvedBy: Date; affiliateIds: string[] },
) {
  await db
    .update(affiliateEarnings)
    .set({ payoutId })
    .where(
      and(
        dueForBatch(due.tier, due.approvedBy),
        inArray(affiliateEarnings.affiliateId, due.affiliateIds),
      ),
    );
}

const payoutIdList = (ids: string[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;

/** A batch's total is the sum of the rows in it, never kept apart from them. */
const totalOfRowsInPayout = sql`(select coalesce(sum(e.affiliate_earning), 0) from ${affiliateEarnings} e where e.payout_id = ${payouts.id})`;

/**
 * Takes out of an unpaid batch the affiliates whose rows no longer add up to a payment (after a
 * revert voided a commission in it): their adjustments wait for the next batch. Then the total
 * is summed again from what stays in.
 */
export async function settleUnpaidPayouts(db: Tx, payoutIds: string[]) {
  if (payoutIds.length === 0) return;
  await db.execute(sql`
    update ${affiliateEarnings} set payout_id = null
    where ${affiliateEarnings.payoutId} in ${payoutIdList(payoutIds)}
      and (${affiliateEarnings.payoutId}, ${affiliateEarnings.affiliateId}) in (
        select payout_id, affiliate_id from ${affiliateEarnings}
        where payout_id in ${payoutIdList(payoutIds)}
        group by payout_id, affiliate_id
        having sum(affiliate_earning) <= 0
      )`);
  await db
    .update(payouts)
    .set({ total: totalOfRowsInPayout })
    .where(and(inArray(payouts.id, payoutIds), eq(payouts.status, 'created')));
}

/** The batch total from the rows in it (guards against a row added by a concurrent revert). */
export async function refreshPayoutTotal(db: Tx, payoutId: string) {
  const [row] = await db
    .update(payouts)
    .set({ total: totalOfRowsInPayout })
    .where(eq(payouts.id, payoutId))
    .returning();
  return row!;
}

export async function markPayoutPaid(db: Tx, id: string, reference: string) {
  const [row] = await db
    .update(payouts)
    .set({ status: 'paid', reference, paidAt: sql`now()` })
    .where(and(eq(payouts.id, id), eq(payouts.status, 'created')))
    .returning();
  return row;
}

export async function markEarningsOfPayoutPaid(db: Tx, payoutId: string) {
  await db
    .update(affiliateEarnings)
    .set({ status: 'paid', paidAt: sql`now()` })
    .where(and(eq(affiliateEarnings.payoutId, payoutId), eq(affiliateEarnings.status, 'pending')));
}

export interface PayoutListQuery {
  offset: number;
  limit: number;
  tier?: 1 | 2;
  status?: 'created' | 'paid';
}

export async function listPayouts(db: Tx, q: PayoutListQuery) {
  const conditions: SQL[] = [];
  if (q.tier) conditions.push(eq(payouts.tier, q.tier));
  if (q.status) conditions.push(eq(payouts.status, q.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        payout: payouts,
        // Qualified by hand: in a select drizzle writes a bare "id", which would be e.id here.
        affiliates: sql<number>`(select count(distinct e.affiliate_id) from ${affiliateEarnings} e where e.payout_id = ${payouts}.${sql.identifier('id')})::int`,
      })
      .from(payouts)
      .where(where)
      .orderBy(desc(payouts.periodEnd), desc(payouts.createdAt))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(payouts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
