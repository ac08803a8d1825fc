import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { banks, purchases } from '../../db/schema/index.ts';

export type PurchaseRow = typeof purchases.$inferSelect;
export type NewPurchaseRow = typeof purchases.$inferInsert;

export async function insertPurchase(db: Tx, values: NewPurchaseRow) {
  const [row] = await db.insert(purchases).values(values).returning();
  return row!;
}

export interface UserPurchasesQuery {
  limit: number;
  offset: number;
  /** 1 smallest investment first, −1 largest first; newest first when absent. */
  sortPrice?: 1 | -1;
  status?: number;
}

const ofUser = (userId: string, status: number | undefined) => {
  const conditions: SQL[] = [eq(purchases.userId, userId)];
  if (status !== undefined) conditions.push(eq(purchases.status, status));
  return and(...conditions);
};

/**
 * One page of a user's purchases with their bank's name and how many there are, in one statement;
 * the order follows purchases_user_created_idx or purchases_user_amount_idx, with the id as the
 * tie-breaker. Only a page past the end costs a second count.
 */
export async function pageUserPurchases(db: Tx, userId: string, q: UserPurchasesQuery) {
  const order =
    q.sortPrice === undefined
      ? [desc(purchases.createdAt), desc(purchases.id)]
      : [
          q.sortPrice === 1 ? asc(purchases.investmentAmount) : desc(purchases.investmentAmount),
          desc(purchases.createdAt),
          desc(purchases.id),
        ];
  const where = ofUser(userId, q.status);
  const rows = await db
    .select({
      purchase: purchases,
      bankName: banks.bankName,
      total: db.$count(purchases, where),
    })
    .from(purchases)
    .leftJoin(banks, eq(banks.id, purchases.bankId))
    .where(where)
    .orderBy(...order)
    .limit(q.limit)
    .offset(q.offset);
  const total =
    rows[0]?.total ?? (q.offset > 0 ? await countUserPurchases(db, userId, q.status) : 0);
  return { rows, total };
}

export async function countUserPurchases(db: Tx, userId: string, status?: number) {
  const [row] = await db.select({ total: count() }).from(purchases).where(ofUser(userId, status));
  return row?.total ?? 0;
}
