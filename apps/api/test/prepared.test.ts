import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, migrate, openDatabase, type Db } from '../src/db/client.ts';
import { prepareFlat } from '../src/db/prepared.ts';
import { banks, purchases, users } from '../src/db/schema/index.ts';
import { purchaseDtoColumns } from '../src/modules/purchases/purchase-dto.ts';
import { getPostgresTestDatabase, getTestDatabase, resetDatabase } from './db.ts';
import { startThrowawayPostgres } from './throwaway-postgres.ts';

/** Purchases of every kind of value a list reads: numerics, timestamps, nulls, text, a joined row or none. */
async function seed(db: Db) {
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
  return buyer!.id;
}

const columns = {
  ...purchaseDtoColumns,
  bankName: banks.bankName,
  total: sql<number>`count(*) over ()`.mapWith(Number),
  label: sql<string>`'n:' || ${purchases.reference}`.as('label'),
  // Values only node-postgres' type parsers turn into JS (Drizzle passes them on as they come).
  hasReceipt: sql<boolean>`${purchases.receiptKey} is not null`,
  extra: sql<{ n: number }>`json_build_object('n', 1)`,
};

const selectColumns = (db: Db) => db.select(columns);

/** The query both ways run: a buyer's purchases with their bank's name. */
const ofBuyer = (select: ReturnType<typeof selectColumns>) =>
  select
    .from(purchases)
    .leftJoin(banks, eq(banks.id, purchases.bankId))
    .where(eq(purchases.userId, sql.placeholder('userId')))
    .orderBy(purchases.reference);

const flatStatement = (db: Db, name: string) => prepareFlat(db, name, columns, ofBuyer);

describe.each([
  ['the embedded database', getTestDatabase],
  ['PostgreSQL', getPostgresTestDatabase],
])('on %s', (_, open) => {
  let db: Db;
  let userId: string;

  beforeAll(async () => {
    const database = await open();
    await resetDatabase(database);
    db = database.db;
    userId = await seed(db);
  });

  it("makes the rows Drizzle's own mapping makes, for every kind of value, run after run", async () => {
    const drizzles = await ofBuyer(selectColumns(db)).prepare('flat_drizzle').execute({ userId });
    const statement = flatStatement(db, 'flat_under_test');
    // Enough runs, some at once, to use fresh pool connections and ones that know the statement.
    for (let round = 0; round < 3; round++) {
      const runs = await Promise.all(
        Array.from({ length: 12 }, () => statement.execute({ userId })),
      );
      for (const flat of runs) expect(flat).toEqual(drizzles);
    }
    const [first, second] = await statement.execute({ userId });
    expect(first!.createdAt).toBeInstanceOf(Date);
    expect(first!.total).toBe(2);
    expect(first!.hasReceipt).toBe(true);
    expect(first!.extra).toEqual({ n: 1 });
    expect(first!.tokenAmount).toBe('61725.000000000000000001');
    expect(second!.bankName).toBeNull();
    expect(second!.userAmount).toBe('0.012345678901234567');
    expect(await statement.execute({ userId: '00000000-0000-4000-8000-000000000000' })).toEqual([]);
  });

  it('fails a run the database refuses, and the next run works', async () => {
    const statement = flatStatement(db, 'flat_refused');
    await statement.execute({ userId });
    await expect(statement.execute({ userId: 'not-a-uuid' })).rejects.toThrow(/uuid/);
    expect(await statement.execute({ userId })).toHaveLength(2);
  });
});

it('answers again once a restarted PostgreSQL is back, having failed as unavailable meanwhile', async () => {
  const cluster = await startThrowawayPostgres();
  const database = await openDatabase({ databaseUrl: cluster.url });
  try {
    await migrate(database);
    const userId = await seed(database.db);
    const statement = flatStatement(database.db, 'flat_restart');
    expect(await statement.execute({ userId })).toHaveLength(2);
    expect(await statement.execute({ userId })).toHaveLength(2);
    await cluster.pause();
    const failure = await statement.execute({ userId }).catch((err: unknown) => err);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    await cluster.resume();
    expect(await statement.execute({ userId })).toHaveLength(2);
  } finally {
    await database.close();
    await cluster.stop();
  }
}, 60_000);
