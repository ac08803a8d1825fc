import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { PurchaseStatus, type StageCloseReason } from '@tmc/shared';
import type { Tx } from '../../db/client.ts';
import { purchases, settings, stages } from '../../db/schema/index.ts';

export type StageRow = typeof stages.$inferSelect;

/** The stage selling now, unlocked (pricing and the public config). */
export async function findActiveStage(db: Tx) {
  const [row] = await db.select().from(stages).where(eq(stages.state, 'active'));
  return row;
}

/**
 * The stage selling now, held until the transaction ends: every order that reserves tokens in it,
 * and every step that closes it, queues here, so what is left is read and taken by one at a time.
 */
export async function lockActiveStage(db: Tx) {
  const [row] = await db.select().from(stages).where(eq(stages.state, 'active')).for('update');
  return row;
}

export async function lockStage(db: Tx, id: string) {
  const [row] = await db.select().from(stages).where(eq(stages.id, id)).for('update');
  return row;
}

/** Pending orders priced by each listed stage (purchases_stage_status_idx). */
const openOrders = sql<number>`(select count(*)::int from "purchases" p where p."stage_id" = "stages"."id" and p."status" = ${PurchaseStatus.Pending})`;

/** Every stage in selling order, with its open orders. Stages are few: no paging. */
export async function listStages(db: Tx) {
  return db
    .select({ stage: stages, openOrders })
    .from(stages)
    .orderBy(asc(stages.startsAt), asc(stages.createdAt));
}

export async function countOpenOrders(db: Tx, stageId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(purchases)
    .where(and(eq(purchases.stageId, stageId), eq(purchases.status, PurchaseStatus.Pending)));
  return row?.n ?? 0;
}

export type NewStage = Pick<
  typeof stages.$inferInsert,
  'name' | 'priceAud' | 'tokenCap' | 'startsAt' | 'endsAt'
>;

export async function insertStage(db: Tx, values: NewStage) {
  const [row] = await db.insert(stages).values(values).returning();
  return row!;
}

/** Changes a stage only while it is scheduled: nothing returned once it opened. */
export async function updateScheduledStage(db: Tx, id: string, change: Partial<NewStage>) {
  const [row] = await db
    .update(stages)
    .set({ ...change, updatedAt: sql`now()` })
    .where(and(eq(stages.id, id), eq(stages.state, 'scheduled')))
    .returning();
  return row;
}

/**
 * Active or scheduled → closed: what is left becomes unsold, for good. Nothing returned when it
 * was closed already.
 */
export async function closeStage(
  db: Tx,
  id: string,
  reason: StageCloseReason,
  remark: string | null,
) {
  const [row] = await db
    .update(stages)
    .set({
      state: 'closed',
      closeReason: reason,
      remark,
      closedAt: sql`now()`,
      unsold: sql`${stages.unsold} + greatest(${stages.tokenCap} - ${stages.sold} - ${stages.reserved}, 0)`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(stages.id, id), sql`${stages.state} <> 'closed'`))
    .returning();
  return row;
}

/**
 * The next scheduled stage whose start has come (earliest first) becomes active, and the
 * settings' token price follows it. Nothing when none is due. Call with no stage active.
 */
export async function openNextStage(db: Tx) {
  const [next] = await db
    .select({ id: stages.id })
    .from(stages)
    .where(
      and(
        eq(stages.state, 'scheduled'),
        lte(stages.startsAt, sql`now()`),
        or(isNull(stages.endsAt), gt(stages.endsAt, sql`now()`)),
      ),
    )
    .orderBy(asc(stages.startsAt), asc(stages.createdAt))
    .limit(1)
    .for('update');
  if (!next) return undefined;
  const [row] = await db
    .update(stages)
    .set({ state: 'active', updatedAt: sql`now()` })
    .where(and(eq(stages.id, next.id), eq(stages.state, 'scheduled')))
    .returning();
  if (row)
    await db
      .update(settings)
      .set({ tokenPriceAud: row.priceAud, updatedAt: sql`now()` })
      .where(eq(settings.id, 1));
  return row;
}

/** Scheduled stages whose end came before they opened: closed as timed out, never sold. */
export async function closeMissedStages(db: Tx) {
  return db
    .update(stages)
    .set({
      state: 'closed',
      closeReason: 'time',
      closedAt: sql`now()`,
      unsold: stages.tokenCap,
      updatedAt: sql`now()`,
    })
    .where(and(eq(stages.state, 'scheduled'), lte(stages.endsAt, sql`now()`)))
    .returning({ id: stages.id });
}

export async function hasStages(db: Tx) {
  const [row] = await db.select({ id: stages.id }).from(stages).limit(1);
  return row !== undefined;
}
