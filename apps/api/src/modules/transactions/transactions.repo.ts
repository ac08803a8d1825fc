import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { PaymentStatus } from '@tmc/shared';
import type { Tx } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';

export async function findTransaction(db: Tx, id: string) {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
  return row;
}

/** Holds the row until the surrounding transaction ends: one verification of it at a time. */
export async function lockTransaction(db: Tx, id: string) {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).for('update');
  return row;
}

export async function isTxnHashUsed(db: Tx, txnHash: string) {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.txnHash, txnHash))
    .limit(1);
  return row !== undefined;
}

export interface VerifiedPayment {
  txnHash: string;
  fromAddress: string;
  senderMatchesWallet: boolean | null;
  paidBaseUnits: bigint;
  blockNumber: bigint;
}

/** Pending → Success with the proof; the unique index on txn_hash refuses a hash already stored. */
export async function markTransactionPaid(db: Tx, id: string, payment: VerifiedPayment) {
  const [row] = await db
    .update(transactions)
    .set({
      paymentStatus: PaymentStatus.Success,
      txnHash: payment.txnHash,
      fromAddress: payment.fromAddress,
      senderMatchesWallet: payment.senderMatchesWallet,
      paidBaseUnits: payment.paidBaseUnits.toString(),
      blockNumber: payment.blockNumber,
      verifiedAt: sql`now()`,
    })
    .where(and(eq(transactions.id, id), eq(transactions.paymentStatus, PaymentStatus.Pending)))
    .returning();
  return row;
}

export async function insertTransaction(db: Tx, values: typeof transactions.$inferInsert) {
  const [row] = await db.insert(transactions).values(values).returning();
  return row!;
}

export interface UserTransactionsQuery {
  limit: number;
  offset: number;
  /** 1 cheapest first, −1 dearest first; newest first when absent. */
  sortPrice?: 1 | -1;
  paymentStatus?: number;
  paymentMode?: number;
}

const ofUser = (
  userId: string,
  q: Pick<UserTransactionsQuery, 'paymentStatus' | 'paymentMode'>,
) => {
  const conditions: SQL[] = [eq(transactions.userId, userId)];
  if (q.paymentStatus !== undefined)
    conditions.push(eq(transactions.paymentStatus, q.paymentStatus));
  if (q.paymentMode !== undefined) conditions.push(eq(transactions.paymentMode, q.paymentMode));
  return and(...conditions);
};

/** One page of a user's transactions; the order follows transactions_user_created_idx or _user_price_idx, the id breaks ties. */
export function listUserTransactions(db: Tx, userId: string, q: UserTransactionsQuery) {
  const order =
    q.sortPrice === undefined
      ? [desc(transactions.createdAt), desc(transactions.id)]
      : [
          q.sortPrice === 1 ? asc(transactions.price) : desc(transactions.price),
          desc(transactions.createdAt),
          desc(transactions.id),
        ];
  return db
    .select()
    .from(transactions)
    .where(ofUser(userId, q))
    .orderBy(...order)
    .limit(q.limit)
    .offset(q.offset);
}

export async function countUserTransactions(
  db: Tx,
  userId: string,
  q: Pick<UserTransactionsQuery, 'paymentStatus' | 'paymentMode'>,
) {
  const [row] = await db.select({ total: count() }).from(transactions).where(ofUser(userId, q));
  return row?.total ?? 0;
}
