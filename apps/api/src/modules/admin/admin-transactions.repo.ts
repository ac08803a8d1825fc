import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
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

/** Every payment with its payer and request reference, one page in one query. */
export async function listAllTransactions(db: Tx, q: AdminTransactionQuery) {
  const conditions: SQL[] = [];
  if (q.paymentStatus !== undefined)
    conditions.push(eq(transactions.paymentStatus, q.paymentStatus));
  if (q.paymentMode !== undefined) conditions.push(eq(transactions.paymentMode, q.paymentMode));
  if (q.email) conditions.push(ilike(users.email, containing(q.email)));
  if (q.txnHash) conditions.push(eq(transactions.txnHash, q.txnHash.toLowerCase()));
  const where = conditions.length ? and(...conditions) : undefined;
  const newest = [desc(transactions.createdAt), desc(transactions.id)];
  const order = q.sortPrice === undefined ? newest : byAudValue(q.sortPrice);
  const [rows, [total]] = await Promise.all([
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
    db
      .select({ n: count() })
      .from(transactions)
      .innerJoin(users, eq(users.id, transactions.userId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
