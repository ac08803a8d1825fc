import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { listAllTransactions } from '../src/modules/admin/admin-transactions.repo.ts';
import { getTestDatabase, resetDatabase } from './db.ts';

/**
 * Sorting the transactions by price reads the stored AUD value (transactions.aud_value, kept by a
 * trigger). Whatever is written, and however (a request and its payment in one statement or
 * apart, payments without a request, in AUD or a coin, a request's amount changed when a short
 * payment credits it, a payment moved to another request or repriced), the staff list sorted by
 * price must come in the order the value computed at read time gave: the request's
 * investment_amount, else the price when in AUD, those with neither last, ties newest first.
 */

let db: Db;
const users: string[] = [];

beforeAll(async () => {
  const database = await getTestDatabase();
  await resetDatabase(database);
  db = database.db;
  for (let i = 0; i < 3; i++) {
    const { rows } = await db.execute<{ id: string }>(sql`
      insert into users (name, email, password_hash)
      values ('Price ' || ${i}, 'price-' || ${i} || '@example.com', 'x') returning id`);
    users.push(rows[0]!.id);
  }
});

/** The order sort[price] gave before the value was stored: computed per row at read time. */
async function computedOrder(direction: 1 | -1, filter: { status?: number; mode?: number }) {
  const value = sql`coalesce((select p.investment_amount from purchases p where p.id = t.purchase_id), case when t.currency = 'AUD' then t.price end)`;
  const { rows } = await db.execute<{ id: string }>(sql`
    select t.id from transactions t
    where (${filter.status ?? null}::smallint is null or t.payment_status = ${filter.status ?? null})
      and (${filter.mode ?? null}::smallint is null or t.payment_mode = ${filter.mode ?? null})
    order by ${value} ${sql.raw(direction === 1 ? 'asc' : 'desc')} nulls last,
      t.created_at desc, t.id desc`);
  return rows.map((r) => r.id);
}

/** Amounts from a small set, so that ties (and ties of time) are common. */
const amount = fc.constantFrom('50', '75.5', '100', '100.00', '0.01', '2500', '99.99');
const currency = fc.constantFrom('AUD', 'ETH', 'USDC');
const minute = fc.integer({ min: 0, max: 5 });

type Action =
  | { kind: 'order'; aud: string; currency: string; price: string; at: number; together: boolean }
  | { kind: 'loose'; currency: string; price: string; at: number }
  | { kind: 'credit'; pick: number; aud: string }
  | { kind: 'move'; pick: number; to: number }
  | { kind: 'reprice'; pick: number; currency: string; price: string }
  | { kind: 'status'; pick: number; status: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant('order' as const),
    aud: amount,
    currency,
    price: amount,
    at: minute,
    together: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('loose' as const), currency, price: amount, at: minute }),
  fc.record({ kind: fc.constant('credit' as const), pick: fc.nat(), aud: amount }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), to: fc.nat() }),
  fc.record({
    kind: fc.constant('reprice' as const),
    pick: fc.nat(),
    currency,
    price: amount,
  }),
  fc.record({
    kind: fc.constant('status' as const),
    pick: fc.nat(),
    status: fc.integer({ min: 0, max: 3 }),
  }),
);

async function ids(table: 'purchases' | 'transactions') {
  const { rows } = await db.execute<{ id: string }>(
    sql`select id from ${sql.identifier(table)} order by id`,
  );
  return rows.map((r) => r.id);
}

async function apply(a: Action, n: number) {
  const user = users[n % users.length]!;
  const at = sql`timestamptz '2026-11-01T00:00:00Z' + make_interval(mins => ${'at' in a ? a.at : 0})`;
  if (a.kind === 'order') {
    const mode = a.currency === 'AUD' ? 0 : 1;
    const purchase = sql`insert into purchases (user_id, status, payment_mode, reference,
        investment_amount, token_amount, token_price_aud, user_amount, user_currency, rate, created_at)
      values (${user}, 0, ${mode}, 'PO-' || gen_random_uuid(), ${a.aud}, 1000, 0.02, ${a.price},
        ${a.currency}, 1, ${at})`;
    if (a.together)
      await db.execute(sql`
        with p as (${purchase} returning id)
        insert into transactions (user_id, purchase_id, price, currency, token_symbol,
          token_amount, payment_status, payment_mode, created_at)
        select ${user}, id, ${a.price}, ${a.currency}, ${a.currency === 'AUD' ? 'TMC' : a.currency},
          1000, 0, ${mode}, ${at} from p`);
    else {
      const { rows } = await db.execute<{ id: string }>(sql`${purchase} returning id`);
      await db.execute(sql`
        insert into transactions (user_id, purchase_id, price, currency, token_symbol,
          token_amount, payment_status, payment_mode, created_at)
        values (${user}, ${rows[0]!.id}, ${a.price}, ${a.currency}, 'TMC', 1000, 0, ${mode}, ${at})`);
    }
  } else if (a.kind === 'loose') {
    await db.execute(sql`
      insert into transactions (user_id, price, currency, token_symbol, token_amount,
        payment_status, payment_mode, created_at)
      values (${user}, ${a.price}, ${a.currency}, 'TMC', 1000, 1, ${a.currency === 'AUD' ? 0 : 1}, ${at})`);
  } else if (a.kind === 'credit') {
    const all = await ids('purchases');
    if (all.length)
      // What setPurchaseFigures does when a short payment credits the order.
      await db.execute(
        sql`update purchases set investment_amount = ${a.aud} where id = ${all[a.pick % all.length]!}`,
      );
  } else if (a.kind === 'move') {
    const [all, requests] = [await ids('transactions'), await ids('purchases')];
    // One of the requests, or none.
    const target = a.to % (requests.length + 1);
    const purchaseId = target === requests.length ? null : requests[target]!;
    if (all.length)
      await db.execute(sql`update transactions set purchase_id = ${purchaseId}
        where id = ${all[a.pick % all.length]!}`);
  } else if (a.kind === 'reprice') {
    const all = await ids('transactions');
    if (all.length)
      await db.execute(sql`update transactions set price = ${a.price}, currency = ${a.currency}
        where id = ${all[a.pick % all.length]!}`);
  } else {
    const all = await ids('transactions');
    if (all.length)
      await db.execute(sql`update transactions set payment_status = ${a.status}
        where id = ${all[a.pick % all.length]!}`);
  }
}

async function listed(sortPrice: 1 | -1, filter: { status?: number; mode?: number }) {
  const { rows } = await listAllTransactions(db, {
    offset: 0,
    limit: 1_000,
    sortPrice,
    paymentStatus: filter.status,
    paymentMode: filter.mode,
  });
  return rows.map((r) => r.transaction.id);
}

describe('staff transactions sorted by price', () => {
  it('come in the order the AUD value computed at read time gives, whatever was written', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 25 }), async (actions) => {
        await db.execute(sql`truncate transactions, purchases cascade`);
        for (const [n, a] of actions.entries()) await apply(a, n);
        for (const sortPrice of [1, -1] as const)
          for (const filter of [{}, { status: 0 }, { status: 1 }, { mode: 1 }]) {
            expect(await listed(sortPrice, filter), JSON.stringify({ sortPrice, filter })).toEqual(
              await computedOrder(sortPrice, filter),
            );
          }
        // The stored figure is the one the console shows: the request's amount, exactly.
        const { rows } = await db.execute<{ n: number }>(sql`
          select count(*)::int as n from transactions t
          where t.aud_value is distinct from coalesce(
            (select p.investment_amount from purchases p where p.id = t.purchase_id),
            case when t.currency = 'AUD' then t.price end)`);
        expect(rows[0]!.n).toBe(0);
      }),
      { numRuns: 40 },
    );
  });

  it('a page past the first continues the same order', async () => {
    await db.execute(sql`truncate transactions, purchases cascade`);
    for (let n = 0; n < 30; n++)
      await apply(
        {
          kind: 'order',
          aud: ['50', '100', '75.5'][n % 3]!,
          currency: 'AUD',
          price: '1',
          at: n % 4,
          together: n % 2 === 0,
        },
        n,
      );
    const whole = await computedOrder(-1, {});
    const pages: string[] = [];
    for (let offset = 0; offset < 30; offset += 7) {
      const { rows } = await listAllTransactions(db, { offset, limit: 7, sortPrice: -1 });
      pages.push(...rows.map((r) => r.transaction.id));
    }
    expect(pages).toEqual(whole);
  });
});
