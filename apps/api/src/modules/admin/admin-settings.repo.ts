import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { currencyRates, settings } from '../../db/schema/index.ts';

export type SettingsRow = typeof settings.$inferSelect;
export type SettingsChange = Partial<
  Pick<
    typeof settings.$inferInsert,
    | 'tokenName'
    | 'tokenSymbol'
    | 'tokenPriceAud'
    | 'minPurchaseAud'
    | 'hardCapAud'
    | 'endsAt'
    | 'companyWallet'
    | 'swapWallet'
    | 'minConfirmations'
    | 'quoteTtlMinutes'
    | 'quoteGraceMinutes'
    | 'bankPaymentWindowHours'
    | 'rateMaxAgeMinutes'
    | 'holdDays'
    | 'kycLimitAud'
    | 'kycVerifiedLimitAud'
    | 'whitePaperUrl'
    | 'deliveryStatement'
  >
>;

export async function lockSettings(db: Tx) {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1)).for('update');
  return row;
}

export async function updateSettings(db: Tx, change: SettingsChange) {
  const [row] = await db
    .update(settings)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(settings.id, 1))
    .returning();
  return row!;
}

export const listRateRows = (db: Tx) =>
  db.select().from(currencyRates).orderBy(asc(currencyRates.code));

export const lockRates = (db: Tx, codes: string[]) =>
  db.select().from(currencyRates).where(inArray(currencyRates.code, codes)).for('update');

export async function upsertRates(db: Tx, rates: { code: string; rate: string }[]) {
  return db
    .insert(currencyRates)
    .values(rates)
    .onConflictDoUpdate({
      target: currencyRates.code,
      set: { rate: sql`excluded.rate`, updatedAt: sql`now()` },
    })
    .returning();
}
