import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { userListSizes } from './schema/index.ts';

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
