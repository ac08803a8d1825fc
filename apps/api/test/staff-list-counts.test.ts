import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../src/db/client.ts';
import {
  COUNT_CAP,
  boundedCount,
  staffListTotal,
  type Dim,
  type StaffList,
} from '../src/db/list-sizes.ts';
import { getPostgresTestDatabase, getTestDatabase, resetDatabase } from './db.ts';

/**
 * The staff lists answer their totals from list_counts, which triggers keep by appending each
 * statement's net change and readers fold. Whatever is done to the rows (one at a time or in
 * bulk, status changes, receipts, deletes, emptying, folds in between), and however many writers
 * race, every filter's total must be the number of rows it keeps.
 */

/** Each list's dims as SQL over its table (list_dims' order) and the values each dim can take. */
const DIMS: Record<StaffList, { columns: string[]; values: string[][] }> = {
  purchases: {
    columns: ['status::text', 'payment_mode::text', '(receipt_key is not null)::text'],
    values: [
      ['0', '1', '2', '3', '4'],
      ['0', '1'],
      ['true', 'false'],
    ],
  },
  transactions: {
    columns: ['payment_status::text', 'payment_mode::text'],
    values: [
      ['0', '1', '2', '3'],
      ['0', '1'],
    ],
  },
  users: {
    columns: ['role', 'is_influencer::text', 'is_affiliated::text'],
    values: [
      ['user', 'admin'],
      ['true', 'false'],
      ['true', 'false'],
    ],
  },
  audit_log: {
    columns: ['entity', 'action'],
    values: [
      ['purchase', 'user'],
      ['accept', 'reject', 'edit'],
    ],
  },
  unmatched_payments: { columns: ['status'], values: [['open', 'assigned', 'refunded']] },
};

/** Every filter a list can be read with: each dim either absent or one of its values. */
function filtersOf(list: StaffList): Dim[][] {
  return DIMS[list].values.reduce<Dim[][]>(
    (acc, values) => acc.flatMap((f) => [[...f, undefined], ...values.map((v) => [...f, v])]),
    [[]],
  );
}

async function countsAgree(db: Db) {
  for (const list of Object.keys(DIMS) as StaffList[]) {
    for (const filter of filtersOf(list)) {
      const where = filter.flatMap((v, i) =>
        v === undefined ? [] : [sql`and ${sql.raw(DIMS[list].columns[i]!)} = ${v}`],
      );
      const { rows } = await db.execute<{ n: string }>(
        sql`select count(*) as n from ${sql.identifier(list)} where true ${sql.join(where, sql` `)}`,
      );
      expect(await staffListTotal(db, list, filter), `${list} ${JSON.stringify(filter)}`).toBe(
        Number(rows[0]!.n),
      );
    }
  }
}

/** A user of its own per call (the rows below need an owner), with random flags. */
async function addUser(db: Db, role: string, influencer: boolean, affiliated: boolean) {
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into users (name, email, password_hash, role, is_influencer, is_affiliated)
    values ('Counts', 'counts-' || gen_random_uuid() || '@example.com', 'x', ${role},
      ${influencer}, ${affiliated})
    returning id`);
  return rows[0]!.id;
}

/** `count` orders (a request and its payment each) of one mode, for a new user, in one statement. */
async function addOrders(db: Db, count: number, mode: number, withReceipt: boolean) {
  const userId = await addUser(db, 'user', false, false);
  await db.execute(sql`
    with p as (
      insert into purchases (user_id, status, payment_mode, reference, investment_amount,
        token_amount, token_price_aud, user_amount, user_currency, rate, receipt_key)
      select ${userId}, 0, ${mode}, 'C-' || gen_random_uuid(), 100, 5000, 0.02, 100, 'AUD', 1,
        case when ${withReceipt} then 'receipts/' || gen_random_uuid() end
      from generate_series(1, ${count})
      returning id, user_id, payment_mode)
    insert into transactions (user_id, purchase_id, price, currency, token_symbol, token_amount,
      payment_status, payment_mode)
    select user_id, id, 100, 'AUD', 'TMC', 5000, 0, payment_mode from p`);
}

type Action =
  | { kind: 'order'; count: number; mode: number; receipt: boolean }
  | { kind: 'review'; status: number; limit: number }
  | { kind: 'receipt' }
  | { kind: 'pay'; status: number; limit: number }
  | { kind: 'remove'; limit: number }
  | { kind: 'user'; role: string; influencer: boolean; affiliated: boolean }
  | { kind: 'flag'; influencer: boolean; affiliated: boolean; limit: number }
  | { kind: 'audit'; entity: string; action: string; count: number }
  | { kind: 'forget'; action: string }
  | { kind: 'transfer'; count: number }
  | { kind: 'resolve'; status: string }
  | { kind: 'fold'; list: StaffList }
  | { kind: 'empty' };

const limit = fc.integer({ min: 1, max: 3 });
const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      count: fc.integer({ min: 1, max: 4 }),
      mode: fc.integer({ min: 0, max: 1 }),
      receipt: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('review' as const),
      status: fc.integer({ min: 0, max: 4 }),
      limit,
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'receipt' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      status: fc.integer({ min: 0, max: 3 }),
      limit,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), limit }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('user' as const),
      role: fc.constantFrom('user', 'admin'),
      influencer: fc.boolean(),
      affiliated: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('flag' as const),
      influencer: fc.boolean(),
      affiliated: fc.boolean(),
      limit,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('audit' as const),
      entity: fc.constantFrom('purchase', 'user'),
      action: fc.constantFrom('accept', 'reject', 'edit'),
      count: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('forget' as const),
      action: fc.constantFrom('accept', 'reject', 'edit'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      count: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('resolve' as const),
      status: fc.constantFrom('assigned', 'refunded', 'open'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('fold' as const),
      list: fc.constantFrom(...(Object.keys(DIMS) as StaffList[])),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'empty' as const }) },
);

async function run(db: Db, step: Action) {
  switch (step.kind) {
    case 'order':
      return addOrders(db, step.count, step.mode, step.receipt);
    case 'review':
      return db.execute(sql`
        update purchases set status = ${step.status}, updated_at = now()
        where id in (select id from purchases order by random() limit ${step.limit})`);
    case 'receipt':
      return db.execute(sql`
        update purchases set receipt_key = 'receipts/' || gen_random_uuid()
        where id = (select id from purchases where receipt_key is null limit 1)`);
    case 'pay':
      return db.execute(sql`
        update transactions set payment_status = ${step.status}
        where id in (select id from transactions order by random() limit ${step.limit})`);
    case 'remove':
      await db.execute(sql`
        delete from transactions where id in (
          select id from transactions order by random() limit ${step.limit})`);
      return db.execute(sql`
        delete from purchases p where not exists (
          select 1 from transactions t where t.purchase_id = p.id)`);
    case 'user':
      return addUser(db, step.role, step.influencer, step.affiliated);
    case 'flag':
      return db.execute(sql`
        update users set is_influencer = ${step.influencer}, is_affiliated = ${step.affiliated}
        where id in (select id from users order by random() limit ${step.limit})`);
    case 'audit':
      return db.execute(sql`
        insert into audit_log (action, entity, entity_id)
        select ${step.action}, ${step.entity}, gen_random_uuid()::text
        from generate_series(1, ${step.count})`);
    case 'forget':
      return db.execute(sql`delete from audit_log where action = ${step.action}`);
    case 'transfer':
      return db.execute(sql`
        insert into unmatched_payments (txn_hash, coin, from_address, to_address,
          amount_base_units, block_number, block_time, reason)
        select '0x' || md5(gen_random_uuid()::text), 'ETH', '0x1', '0x2', 1, 1, now(), 'unknown'
        from generate_series(1, ${step.count})`);
    case 'resolve':
      return db.execute(sql`
        update unmatched_payments set status = ${step.status}
        where id = (select id from unmatched_payments order by random() limit 1)`);
    case 'fold':
      return db.execute(sql`select compact_list_counts(${step.list})`);
    case 'empty':
      return db.execute(
        sql`truncate transactions, purchases, unmatched_payments, audit_log cascade`,
      );
  }
}

describe.each([
  ['PGlite, or the DATABASE_URL server', getTestDatabase],
  ['PostgreSQL', getPostgresTestDatabase],
] as const)('staff list totals on %s', (_name, open) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
    await resetDatabase(database);
  });

  it('stay equal to the rows each filter keeps over random inserts, updates, deletes and folds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 14 }), async (steps) => {
        for (const step of steps) await run(database.db, step);
        await countsAgree(database.db);
      }),
      { numRuns: 20, seed: 20261126 },
    );
  });

  it('fold their deltas once a reader finds many, and still answer the same', async () => {
    for (let i = 0; i < 80; i++) await addOrders(database.db, 1, i % 2, i % 3 === 0);
    const before = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from list_counts where list = 'purchases'`,
    );
    expect(before.rows[0]!.n).toBeGreaterThan(64);
    await countsAgree(database.db);
    const after = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from list_counts where list = 'purchases'`,
    );
    // One row per dims at most: 5 statuses × 2 modes × receipt or not.
    expect(after.rows[0]!.n).toBeLessThanOrEqual(20);
    await countsAgree(database.db);
  });
});

describe('staff list totals under racing writers (PostgreSQL)', () => {
  it('count every write when many writers and folding readers race', async () => {
    const database = await getPostgresTestDatabase();
    const db = database.db;
    await resetDatabase(database);
    await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => addOrders(db, 1 + (i % 3), i % 2, i % 2 === 0)),
      ...Array.from({ length: 10 }, (_, i) =>
        run(db, { kind: 'review', status: 1 + (i % 3), limit: 2 }),
      ),
      ...Array.from({ length: 10 }, () => run(db, { kind: 'pay', status: 1, limit: 2 })),
      ...Array.from({ length: 10 }, () => staffListTotal(db, 'purchases', [])),
      ...Array.from({ length: 5 }, () => run(db, { kind: 'fold', list: 'transactions' })),
    ]);
    await countsAgree(db);
    expect(await staffListTotal(db, 'purchases', [])).toBe(60);
  });
});

describe('a search past the cap (PostgreSQL)', () => {
  it('counts up to the cap and says the total is an estimate', async () => {
    const database = await getPostgresTestDatabase();
    const db = database.db;
    await resetDatabase(database);
    await db.execute(sql`
      insert into users (name, email, password_hash)
      select 'Capped ' || i, 'capped-' || i || '@example.com', 'x'
      from generate_series(1, ${COUNT_CAP + 5}) i`);
    const search = (pattern: string) =>
      boundedCount(db, sql`select 1 from users where email like ${pattern}`);
    expect(await search('capped-%')).toEqual({ total: COUNT_CAP, estimate: true });
    expect(await search('capped-1000%')).toEqual({ total: 7, estimate: false });
    expect(await staffListTotal(db, 'users', [])).toBe(COUNT_CAP + 5);
  });
});
