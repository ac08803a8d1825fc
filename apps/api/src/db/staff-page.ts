import { desc, type AnyColumn, type SQLWrapper } from 'drizzle-orm';
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
