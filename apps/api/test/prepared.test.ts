import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { prepareFlat } from '../src/db/prepared.ts';
import { banks, purchases, users } from '../src/db/schema/index.ts';
import { purchaseDtoColumns } from '../src/modules/purchases/purchase-dto.ts';
import { getTestDatabase, resetDatabase } from './db.ts';

let db: Db;

beforeAll(async () => {
  const database = await getTestDatabase();
  await resetDatabase(database);
  db = database.db;
  const [bank] = await db
    .insert(banks)
    .values({
      currency: 'AUD',
      bankName: 'Harbour Bank',
      accountHolder: 'TMC',
      bic: 'HARBAU2S',
      accountNumber: '123456789',
    })
    .returning();
  const [buyer] = await db
    .insert(users)
    .values({ name: 'Flat', email: 'flat@example.com', passwordHash: 'x' })
    .returning();
  // Every kind of value a list reads: numerics, timestamps, nulls, text, a joined row or none.
  await db.insert(purchases).values([
    {
      userId: buyer!.id,
      status: 1,
      paymentMode: 0,
      bankId: bank!.id,
      reference: 'TMC-FLAT01',
      investmentAmount: '1234.5',
      tokenAmount: '61725.000000000000000001',
      tokenPriceAud: '0.02',
      userAmount: '800.12',
      userCurrency: 'EUR',
      rate: '1.54',
      receiptKey: 'receipts/flat',
      receiptType: 'application/pdf',
      receiptAt: new Date('2026-11-20T01:02:03.456Z'),
      reviewedAt: new Date('2026-11-21T00:00:00Z'),
      paymentDueAt: new Date('2026-11-23T00:00:00Z'),
      remark: 'Thanks',
    },
    {
      userId: buyer!.id,
      status: 0,
      paymentMode: 1,
      reference: 'TMC-FLAT02',
      investmentAmount: '50',
      tokenAmount: '2500',
      tokenPriceAud: '0.02',
      userAmount: '0.012345678901234567',
      userCurrency: 'ETH',
      rate: '4050.5',
      wallet: `0x${'ab'.repeat(20)}`,
    },
  ]);
});

it("makes the rows Drizzle's own mapping makes, for every kind of value", async () => {
  const columns = {
    ...purchaseDtoColumns,
    bankName: banks.bankName,
    total: sql<number>`count(*) over ()`.mapWith(Number),
    label: sql<string>`'n:' || ${purchases.reference}`.as('label'),
  };
  const query = (select: ReturnType<typeof db.select<typeof columns>>) =>
    select
      .from(purchases)
      .leftJoin(banks, eq(banks.id, purchases.bankId))
      .where(eq(purchases.userId, sql.placeholder('userId')))
      .orderBy(purchases.reference);
  const userId = (await db.select({ id: users.id }).from(users))[0]!.id;
  const drizzles = await query(db.select(columns)).prepare('flat_reference').execute({ userId });
  const flat = await prepareFlat(db, 'flat_under_test', columns, query).execute({ userId });

  expect(flat).toHaveLength(2);
  expect(flat).toEqual(drizzles);
  expect(flat[0]!.createdAt).toBeInstanceOf(Date);
  expect(flat[0]!.total).toBe(2);
  expect(flat[1]!.bankName).toBeNull();
  expect(flat[1]!.userAmount).toBe('0.012345678901234567');
});
