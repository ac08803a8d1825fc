import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import * as schema from '../src/db/schema/index.ts';
import { listPurchasesForReview } from '../src/modules/admin/admin-purchases.repo.ts';
import { pageUserPurchases } from '../src/modules/purchases/purchases.repo.ts';
import { pageUserTransactions } from '../src/modules/transactions/transactions.repo.ts';
import { getPostgresTestDatabase, resetDatabase } from './db.ts';

/**
 * A buyer's list is a named statement: PostgreSQL plans it for the values of its first five runs,
 * then keeps one plan for every account unless that plan looks dearer. Here a few accounts hold
 * thousands of rows each (as the launch bench fills the tables): the list must still be planned
 * once per connection, not again for every page.
 */
let client: pg.Client;
let one: Db;
let buyerId: string;

beforeAll(async () => {
  const database = await getPostgresTestDatabase();
  await resetDatabase(database);
  // A connection of its own: the pool's have run these statements for other tests already.
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  client = new pg.Client({ connectionString: pool.options.connectionString });
  await client.connect();
  one = drizzle(client, { schema, casing: 'snake_case' });
  await one.execute(sql`
    insert into users (name, email, password_hash)
    select 'Whale ' || i, 'whale-' || i || '@example.com', 'x' from generate_series(0, 3) i`);
  await one.execute(sql`
    with p as (
      insert into purchases (user_id, status, payment_mode, reference, investment_amount,
        token_amount, token_price_aud, user_amount, user_currency, rate, created_at)
      select u.id, i % 5, i % 2, 'W-' || u.email || '-' || i, 100, 5000, 0.02, 100, 'AUD', 1,
        now() - make_interval(secs => i)
      from users u, generate_series(1, case when u.email = 'whale-0@example.com' then 20 else 3000 end) i
      returning id, user_id, payment_mode, created_at)
    insert into transactions (user_id, purchase_id, price, currency, token_symbol, token_amount,
      payment_status, payment_mode, created_at)
    select user_id, id, 100, 'AUD', 'TMC', 5000, 0, payment_mode, created_at from p`);
  await one.execute(sql`analyze purchases, transactions`);
  const { rows } = await one.execute<{ id: string }>(
    sql`select id from users where email = 'whale-0@example.com'`,
  );
  buyerId = rows[0]!.id;
}, 60_000);

afterAll(() => client?.end());

/** How often PostgreSQL planned each of this connection's statements named `prefix…`. */
async function plansOf(prefix: string) {
  const { rows } = await one.execute<{ name: string; generic: number; custom: number }>(sql`
    select name, generic_plans::int as generic, custom_plans::int as custom
    from pg_prepared_statements where starts_with(name, ${prefix}) order by name`);
  return rows;
}

it("plans a buyer's list once per connection, however many rows a few accounts hold", async () => {
  const page = { offset: 0, limit: 10, sortPrice: undefined };
  for (let i = 0; i < 12; i++) {
    expect((await pageUserPurchases(one, buyerId, page)).rows).toHaveLength(10);
    expect((await pageUserTransactions(one, buyerId, page)).rows).toHaveLength(10);
  }
  // Planned for their values five times, then one plan reused for every later page.
  expect(await plansOf('user_')).toEqual([
    { name: 'user_purchases_0_0', generic: 7, custom: 5 },
    { name: 'user_transactions_0_00', generic: 7, custom: 5 },
  ]);
});

it("plans the staff queue's first page once per connection, whatever its filter", async () => {
  const first = { offset: 0, limit: 10, sortPrice: undefined };
  const pending = { ...first, status: 0, paymentMode: 0, receipt: false };
  for (let i = 0; i < 6; i++) {
    expect((await listPurchasesForReview(one, first)).rows).toHaveLength(10);
    expect((await listPurchasesForReview(one, pending)).rows).toHaveLength(10);
  }
  // A later page sends its offset, so it is planned for its values: still right, only dearer.
  const later = await listPurchasesForReview(one, { ...pending, offset: 10 });
  expect(later.rows.map((r) => r.purchase.id)).not.toContain(
    (await listPurchasesForReview(one, pending)).rows[0]!.purchase.id,
  );
  expect(await plansOf('review_page_')).toEqual([
    { name: 'review_page_0_0_0_false__false_false_false_10_first', generic: 7, custom: 0 },
    { name: 'review_page_0_0_0_false__false_false_false_10_later', generic: 0, custom: 1 },
    { name: 'review_page_0_____false_false_false_10_first', generic: 6, custom: 0 },
  ]);
});
