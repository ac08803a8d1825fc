import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { banks } from '../../db/schema/index.ts';

export type BankRow = typeof banks.$inferSelect;

export async function listBanks(
  db: Tx,
  q: { offset: number; limit: number; currency?: string; active?: boolean },
) {
  const conditions: SQL[] = [];
  if (q.currency) conditions.push(eq(banks.currency, q.currency));
  if (q.active !== undefined) conditions.push(eq(banks.active, q.active));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(banks)
      .where(where)
      .orderBy(asc(banks.currency), asc(banks.bankName), asc(banks.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(banks).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function lockBank(db: Tx, id: string) {
  const [row] = await db.select().from(banks).where(eq(banks.id, id)).for('update');
  return row;
}

export async function insertBank(db: Tx, values: typeof banks.$inferInsert) {
  const [row] = await db.insert(banks).values(values).returning();
  return row!;
}

export async function updateBank(db: Tx, id: string, values: Partial<typeof banks.$inferInsert>) {
  const [row] = await db.update(banks).set(values).where(eq(banks.id, id)).returning();
  return row!;
}
