import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { banks } from '../../db/schema/index.ts';

export const listActiveBanks = (db: Tx, currency: string) =>
  db
    .select()
    .from(banks)
    .where(and(eq(banks.currency, currency), eq(banks.active, true)))
    .orderBy(asc(banks.bankName));

export async function findActiveBank(db: Tx, id: string) {
  const [row] = await db
    .select()
    .from(banks)
    .where(and(eq(banks.id, id), eq(banks.active, true)));
  return row;
}

/** The currencies at least one active bank account takes. */
export async function listActiveCurrencies(db: Tx) {
  const rows = await db
    .selectDistinct({ currency: banks.currency })
    .from(banks)
    .where(eq(banks.active, true));
  return rows.map((r) => r.currency);
}
