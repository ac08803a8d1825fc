import { desc, sql, type AnyColumn, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './client.ts';
import { boundedCount, exactTotal, type Dim, type StaffList } from './list-sizes.ts';

/** Newest first, ties broken by id: the order of every staff list's `(created_at, id)` index. */
export const newestFirst = (table: { createdAt: AnyColumn; id: AnyColumn }) => [
  desc(table.createdAt),
  desc(table.id),
];

/**
 * A staff list's page with its total, read together: the total is exact from list_counts for
 * `dims`, or, under a filter no counter covers, `search` (a select of the matching rows) counted
 * up to COUNT_CAP.
 */
export async function staffPage<Row>(
  db: Tx,
  rows: PromiseLike<Row[]>,
  total: { list: StaffList; dims: readonly Dim[]; search?: SQLWrapper | false },
) {
  const [page, { total: count, estimate }] = await Promise.all([
    rows,
    total.search ? boundedCount(db, total.search) : exactTotal(db, total.list, total.dims),
  ]);
  return { rows: page, total: count, estimate };
}

/**
 * A page of a small staff list filtered by state (no list_counts entry), read with the count of
 * each state: the total is the filtered state's count, or all of them.
 */
export async function pageWithStateCounts<Row, S extends string>(
  db: Tx,
  rows: PromiseLike<Row[]>,
  list: { table: PgTable; state: PgColumn; states: readonly S[]; filter: S | undefined },
) {
  const [page, counts] = await Promise.all([
    rows,
    db
      .select({ state: sql<S>`${list.state}`, n: sql<number>`count(*)::int` })
      .from(list.table)
      .groupBy(list.state),
  ]);
  const byState = Object.fromEntries(list.states.map((s) => [s, 0])) as Record<S, number>;
  for (const c of counts) byState[c.state] = c.n;
  const total = list.filter ? byState[list.filter] : counts.reduce((s, c) => s + c.n, 0);
  return { rows: page, total, counts: byState };
}
