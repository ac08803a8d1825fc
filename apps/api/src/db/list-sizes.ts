import { sql, type Placeholder } from 'drizzle-orm';
import { userListSizes } from './schema/index.ts';

/**
 * How many rows the account has in `list`, as the triggers on that table keep it (0 when none):
 * a list's total at the cost of one index lookup, however many rows the account has.
 */
export const listSize = (list: 'purchases' | 'transactions', userId: string | Placeholder) =>
  sql<number>`coalesce((select ${userListSizes.size} from ${userListSizes} where ${userListSizes.userId} = ${userId} and ${userListSizes.list} = ${list}), 0)`;
