import { and, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { newestFirst, staffPage } from '../../db/staff-page.ts';
import { purchases, transactions, users } from '../../db/schema/index.ts';
import { byAudValue } from '../transactions/transactions.repo.ts';
import { containing } from './admin-users.repo.ts';

export interface AdminTransactionQuery {
  offset: number;
  limit: number;
  sortPrice: 1 | -1 | undefined;
  paymentStatus?: number;
  paymentMode?: number;
  email?: string;
  txnHash?: string;
}

/**
 * Every payment with its payer and request reference, one page in one query; newest first
 * follows transactions_created_idx (or transactions_status_created_idx), by price the stored AUD
 * value's transactions_aud_value_{asc,desc}_idx (or the status ones). The total is exact from
 * list_counts for the status and mode filters, counted up to COUNT_CAP for a search.
 */
export async function listAllTransactions(db: Tx, q: AdminTransactionQuery) {
  const conditions: SQL[] = [];
  if (q.paymentStatus !== undefined)
    conditions.push(eq(transactions.paymentStatus, q.paymentStatus));
  if (q.paymentMode !== undefined) conditions.push(eq(transactions.paymentMode, q.paymentMode));
  if (q.email) conditions.push(ilike(users.email, containing(q.email)));
  if (q.txnHash) conditions.push(eq(transactions.txnHash, q.txnHash.toLowerCase()));
  const where = conditions.length ? and(...conditions) : undefined;
  const order = q.sortPrice === undefined ? newestFirst(transactions) : byAudValue(q.sortPrice);
  return staffPage(
    db,
    db
      .select({
        transaction: transactions,
        user: { id: users.id, email: users.email, name: users.name },
        reference: purchases.reference,
      })
      .from(transactions)
      .innerJoin(users, eq(users.id, transactions.userId))
      .leftJoin(purchases, eq(purchases.id, transactions.purchaseId))
      .where(where)
      .orderBy(...order)
      .limit(q.limit)
      .offset(q.offset),
    {
      list: 'transactions',
      dims: [q.paymentStatus, q.paymentMode],
      search:
        Boolean(q.email || q.txnHash) &&
        db
          .select({ one: sql`1` })
          .from(transactions)
          .innerJoin(users, eq(users.id, transactions.userId))
          .where(where),
    },
  );
}
