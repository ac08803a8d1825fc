import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../src/db/client.ts';
import { listSize } from '../src/db/list-sizes.ts';
import { getPostgresTestDatabase, getTestDatabase, resetDatabase } from './db.ts';

/**
 * A user's list answers its total from user_list_sizes, which triggers keep. Whatever is done to
 * the rows (one at a time or in bulk, moved between accounts, deleted, emptied), and however many
 * writers race, each account's size must be its number of rows.
 */

const USERS = 3;

async function addUsers(db: Db) {
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into users (name, email, password_hash)
    select 'Sizes ' || i, 'sizes-' || i || '-' || gen_random_uuid() || '@example.com', 'x'
    from generate_series(1, ${USERS}) i
    returning id`);
  return rows.map((r) => r.id);
}

/** `count` presale requests, each with its transaction, for each account, in one statement. */
async function addOrders(db: Db, userIds: string[], count: number) {
  await db.execute(sql`
    with p as (
      insert into purchases (user_id, status, payment_mode, reference, investment_amount,
        token_amount, token_price_aud, user_amount, user_currency, rate)
      select u, 0, 0, 'S-' || gen_random_uuid(), 100, 5000, 0.02, 100, 'AUD', 1
      from unnest(array[${sql.join(
        userIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}]) u, generate_series(1, ${count})
      returning id, user_id)
    insert into transactions (user_id, purchase_id, price, currency, token_symbol, token_amount,
      payment_status, payment_mode)
    select user_id, id, 100, 'AUD', 'TMC', 5000, 0, 0 from p`);
}

async function sizesAgree(db: Db, users: string[]) {
  for (const userId of users) {
    for (const list of ['purchases', 'transactions'] as const) {
      const { rows } = await db.execute<{ size: number; counted: string }>(sql`
        select ${listSize(list, userId)} as size,
          (select count(*) from ${sql.identifier(list)} where user_id = ${userId}) as counted`);
      expect(Number(rows[0]!.size), `${list} of ${userId}`).toBe(Number(rows[0]!.counted));
    }
  }
}

type Action =
  | { kind: 'add'; user: number; count: number }
  | { kind: 'remove'; user: number }
  | { kind: 'move'; from: number; to: number }
  | { kind: 'pay'; user: number }
  | { kind: 'empty' };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      user: fc.nat(USERS - 1),
      count: fc.integer({ min: 1, max: 4 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('remove' as const), user: fc.nat(USERS - 1) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      from: fc.nat(USERS - 1),
      to: fc.nat(USERS - 1),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('pay' as const), user: fc.nat(USERS - 1) }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'empty' as const }) },
);

async function run(db: Db, users: string[], step: Action) {
  const owner = (i: number) => users[i]!;
  switch (step.kind) {
    case 'add':
      return addOrders(db, [owner(step.user)], step.count);
    case 'remove':
      // The transaction first (it points at its request), then any request left without one.
      await db.execute(sql`
        delete from transactions where id = (
          select id from transactions where user_id = ${owner(step.user)} limit 1)`);
      return db.execute(sql`
        delete from purchases p where user_id = ${owner(step.user)}
          and not exists (select 1 from transactions t where t.purchase_id = p.id)`);
    case 'move':
      await db.execute(sql`
        update transactions set user_id = ${owner(step.to)} where id = (
          select id from transactions where user_id = ${owner(step.from)} limit 1)`);
      return db.execute(sql`
        update purchases set user_id = ${owner(step.to)} where id = (
          select id from purchases where user_id = ${owner(step.from)} limit 1)`);
    case 'pay':
      return db.execute(sql`
        update transactions set payment_status = 1 where user_id = ${owner(step.user)}`);
    case 'empty':
      return db.execute(sql`truncate transactions, purchases cascade`);
  }
}

describe.each([
  ['PGlite, or the DATABASE_URL server', getTestDatabase],
  ['PostgreSQL', getPostgresTestDatabase],
] as const)('list sizes on %s', (_name, open) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
    await resetDatabase(database);
  });

  it('stay equal to the rows over random sequences of inserts, deletes, moves and emptying', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 12 }), async (steps) => {
        const users = await addUsers(database.db);
        for (const step of steps) await run(database.db, users, step);
        await sizesAgree(database.db, users);
      }),
      { numRuns: 25, seed: 20261125 },
    );
  });
});

describe('list sizes under racing writers (PostgreSQL)', () => {
  it('count every order when one account places many at once, and bulk inserts for several', async () => {
    const database = await getPostgresTestDatabase();
    const db = database.db;
    const users = await addUsers(db);
    await Promise.all([
      ...Array.from({ length: 20 }, () => addOrders(db, [users[0]!], 1)),
      ...users.map((userId) => addOrders(db, [userId], 5)),
      addOrders(db, users, 3),
    ]);
    await sizesAgree(db, users);
    const { rows } = await db.execute<{ size: number }>(
      sql`select ${listSize('transactions', users[0]!)} as size`,
    );
    expect(Number(rows[0]!.size)).toBe(28);
  });
});
