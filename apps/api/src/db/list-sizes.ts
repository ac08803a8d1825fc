import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { listCounts, userListSizes } from './schema/index.ts';

/**
 * How many rows the account has in `list`, as the triggers on that table keep it (0 when none):
 * a list's total at the cost of one index lookup, however many rows the account has.
 */
export const listSize = (list: 'purchases' | 'transactions', userId: string | Placeholder) =>
  sql<number>`coalesce((select ${userListSizes.size} from ${userListSizes} where ${userListSizes.userId} = ${userId} and ${userListSizes.list} = ${list}), 0)`;

/** A list's total read on its own, for a page past the end (which has no row to carry it). */
export async function readTotal(db: Tx, total: SQL<number>) {
  const { rows } = await db.execute<{ total: number | string }>(sql`select ${total} as total`);
  return Number(rows[0]!.total);
}

export type StaffList = (typeof listCounts.list.enumValues)[number];

/** A filter's value on one of a list's dims (see list_dims), undefined when the list is not filtered on it. */
export type Dim = string | number | boolean | undefined;

/** Deltas a total reads before it folds them into one row per dims. */
const COMPACT_AFTER = 64;

/**
 * The exact number of rows of a staff list whose dims match `dims` (in list_dims' order), from
 * list_counts: one index lookup and a sum of at most a few dozen rows, however large the table.
 * When writers have appended many deltas since, this reader folds them (one reader at a time; the
 * others read on).
 */
export async function staffListTotal(db: Tx, list: StaffList, dims: readonly Dim[]) {
  const matching = dims.flatMap((value, i) =>
    value === undefined
      ? []
      : [sql`and ${listCounts.dims}[${sql.raw(String(i + 1))}] = ${String(value)}`],
  );
  const { rows } = await db.execute<{ total: string; entries: number }>(sql`
    select coalesce(sum(${listCounts.n}), 0) as total,
      (select count(*)::int from ${listCounts} where ${listCounts.list} = ${list}) as entries
    from ${listCounts} where ${listCounts.list} = ${list} ${sql.join(matching, sql` `)}`);
  if (rows[0]!.entries > COMPACT_AFTER)
    await db.execute(
      sql`select compact_list_counts(${list}) where pg_try_advisory_xact_lock(hashtext(${`list_counts:${list}`}))`,
    );
  return Number(rows[0]!.total);
}

/** A staff list's total as a page states it, exact (as boundedCount states a search's). */
export const exactTotal = async (db: Tx, list: StaffList, dims: readonly Dim[]) => ({
  total: await staffListTotal(db, list, dims),
  estimate: false,
});

/** Where a filter no counter covers (a search) stops counting; the answer then says its total is approximate. */
export const COUNT_CAP = 10_000;

/**
 * How many rows `matching` (a select of the filtered rows) has, counted up to COUNT_CAP + 1 only,
 * so a broad search costs at most that many index entries; past the cap the total is COUNT_CAP
 * and `estimate` is true.
 */
export async function boundedCount(db: Tx, matching: SQLWrapper) {
  const { rows } = await db.execute<{ n: string }>(
    sql`select count(*) as n from (${matching} limit ${COUNT_CAP + 1}) matching`,
  );
  return boundedTotal(Number(rows[0]!.n));
}

/** A count of at most COUNT_CAP + 1 matches as a page states it. */
export const boundedTotal = (n: number) =>
  n > COUNT_CAP ? { total: COUNT_CAP, estimate: true } : { total: n, estimate: false };
