import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Pool } from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { staffListTotal } from '../src/db/list-sizes.ts';
import * as schema from '../src/db/schema/index.ts';
import { listPurchasesForReview } from '../src/modules/admin/admin-purchases.repo.ts';
import { listAllTransactions } from '../src/modules/admin/admin-transactions.repo.ts';
import { listUsers } from '../src/modules/admin/admin-users.repo.ts';
import { listAuditLog } from '../src/modules/admin/audit-log.repo.ts';
import { pageUserPurchases } from '../src/modules/purchases/purchases.repo.ts';
import { pageUserTransactions } from '../src/modules/transactions/transactions.repo.ts';
import { listUnmatchedPayments } from '../src/modules/transactions/unmatched-payments.repo.ts';
import { getPostgresTestDatabase, resetDatabase } from './db.ts';

/**
 * The lists' own statements, as their repos send them, run under EXPLAIN ANALYZE over tables large
 * enough that a whole-table scan would be chosen if it were the cheaper plan: each page must read
 * an index in its order and stop near its limit, and no total may count the table.
 */

const BIG = ['purchases', 'transactions', 'users', 'audit_log', 'unmatched_payments'];

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

let pool: Pool;
/** The same database, through a handle that records every statement it sends. */
let logged: Db;
let sent: { query: string; params: unknown[] }[] = [];
let buyerId: string;

beforeAll(async () => {
  const database = await getPostgresTestDatabase();
  await resetDatabase(database);
  pool = (database.db as unknown as { $client: Pool }).$client;
  logged = drizzle(pool, {
    schema,
    casing: 'snake_case',
    logger: { logQuery: (query, params) => sent.push({ query, params }) },
  });
  await database.db.execute(sql`
    insert into users (name, email, password_hash, created_at)
    select 'Plan ' || i, 'plan-' || i || '@example.com', 'x', now() - make_interval(secs => i)
    from generate_series(1, 20000) i`);
  await database.db.execute(sql`
    with p as (
      insert into purchases (user_id, status, payment_mode, reference, investment_amount,
        token_amount, token_price_aud, user_amount, user_currency, rate, created_at)
      select u.ids[1 + i % 20000], i % 5, i % 2, 'P-' || i, 50 + i % 5000, 1000, 0.02, 50, 'AUD', 1,
        now() - make_interval(secs => i)
      from generate_series(1, 50000) i, (select array_agg(id) ids from users) u
      returning id, user_id, payment_mode, created_at)
    insert into transactions (user_id, purchase_id, price, currency, token_symbol, token_amount,
      payment_status, payment_mode, created_at)
    select user_id, id, 100, 'AUD', 'TMC', 1000, 0, payment_mode, created_at from p`);
  await database.db.execute(sql`
    insert into audit_log (action, entity, entity_id, created_at)
    select (array['accept', 'reject', 'edit'])[1 + i % 3], 'purchase', i::text,
      now() - make_interval(secs => i)
    from generate_series(1, 50000) i`);
  await database.db.execute(sql`
    insert into unmatched_payments (txn_hash, coin, from_address, to_address, amount_base_units,
      block_number, block_time, reason, status, created_at)
    select '0x' || i, 'ETH', '0x1', '0x2', 1, i, now(), 'unknown',
      (array['open', 'assigned', 'refunded'])[1 + i % 3], now() - make_interval(secs => i)
    from generate_series(1, 15000) i`);
  await database.db.execute(sql`analyze`);
  const { rows } = await database.db.execute<{ id: string }>(
    sql`select user_id as id from purchases limit 1`,
  );
  buyerId = rows[0]!.id;
}, 120_000);

/** Runs `read` through the recording handle and EXPLAINs every statement it sent. */
async function plansOf(read: (db: Db) => Promise<unknown>) {
  sent = [];
  await read(logged);
  return Promise.all(
    sent.map(async ({ query, params }) => {
      const { rows } = await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `explain (analyze, format json) ${query}`,
        params,
      );
      return { query, plan: rows[0]!['QUERY PLAN'][0].Plan };
    }),
  );
}

/**
 * Every statement `read` sends reads no big table whole and touches at most `bound` of its rows
 * (those returned and those an index scan filtered out, over all loops), however large it is.
 */
async function expectIndexedPage(read: (db: Db) => Promise<unknown>, bound = 1_000) {
  const plans = await plansOf(read);
  expect(plans.length).toBeGreaterThan(0);
  for (const { query, plan } of plans) {
    const explained = `${query}\n${JSON.stringify(plan, null, 1)}`;
    const reads = nodes(plan).filter((n) => BIG.includes(n['Relation Name'] ?? ''));
    expect(
      reads.filter((n) => n['Node Type'] === 'Seq Scan'),
      explained,
    ).toEqual([]);
    for (const n of reads) {
      const touched = (n['Actual Rows']! + (n['Rows Removed by Filter'] ?? 0)) * n['Actual Loops']!;
      expect(touched, explained).toBeLessThanOrEqual(bound);
    }
  }
}

const page = { offset: 0, limit: 10, sortPrice: undefined };

describe('list plans on PostgreSQL (50,000 rows a table)', () => {
  it("a buyer's presale requests and transactions: the owner's index, the total from user_list_sizes", async () => {
    await expectIndexedPage((db) => pageUserPurchases(db, buyerId, page));
    await expectIndexedPage((db) => pageUserPurchases(db, buyerId, { ...page, status: 0 }));
    await expectIndexedPage((db) => pageUserTransactions(db, buyerId, page));
  });

  it('the review queue: newest first, by status, by amount', async () => {
    await expectIndexedPage((db) => listPurchasesForReview(db, page));
    await expectIndexedPage((db) => listPurchasesForReview(db, { ...page, status: 0 }));
    await expectIndexedPage((db) => listPurchasesForReview(db, { ...page, sortPrice: -1 }));
    await expectIndexedPage((db) =>
      listPurchasesForReview(db, { ...page, status: 0, paymentMode: 0, receipt: false }),
    );
    const awaitingReview = await plansOf((db) =>
      listPurchasesForReview(db, { ...page, status: 0, paymentMode: 0, receipt: true }),
    );
    expect(awaitingReview.flatMap(({ plan }) => nodes(plan).map((n) => n['Index Name']))).toContain(
      'purchases_review_queue_idx',
    );
    await expectIndexedPage((db) => listPurchasesForReview(db, { ...page, reference: 'P-17' }));
  });

  it('the staff transactions, users, audit log and unmatched payments', async () => {
    await expectIndexedPage((db) => listAllTransactions(db, page));
    await expectIndexedPage((db) => listAllTransactions(db, { ...page, paymentStatus: 0 }));
    await expectIndexedPage((db) => listUsers(db, page));
    await expectIndexedPage((db) => listUsers(db, { ...page, role: 'admin' }));
    await expectIndexedPage((db) => listAuditLog(db, page));
    await expectIndexedPage((db) => listAuditLog(db, { ...page, action: 'edit' }));
    await expectIndexedPage((db) => listUnmatchedPayments(db, { ...page, status: 'open' }));
  });

  it('the staff transactions sorted by price: an index in that order, no sort of the rows the filter keeps', async () => {
    // The bulk insert above (requests and payments in one statement) stored each one's AUD value.
    const { rows } = await pool.query<{ n: number }>(
      `select count(*)::int as n from transactions t join purchases p on p.id = t.purchase_id
       where t.aud_value is distinct from p.investment_amount`,
    );
    expect(rows[0]!.n).toBe(0);
    const filters = [
      {},
      { paymentStatus: 0 },
      { paymentMode: 1 },
      { paymentStatus: 0, paymentMode: 1 },
    ];
    for (const sortPrice of [1, -1] as const)
      for (const filter of filters)
        for (const offset of [0, 500]) {
          const q = { ...page, offset, sortPrice, ...filter };
          await expectIndexedPage((db) => listAllTransactions(db, q), offset + 1_000);
          const pages = (await plansOf((db) => listAllTransactions(db, q))).filter(({ plan }) =>
            nodes(plan).some((n) => n['Relation Name'] === 'transactions'),
          );
          expect(pages).toHaveLength(1);
          const plan = pages[0]!.plan;
          const explained = JSON.stringify(plan, null, 1);
          const kinds = nodes(plan).map((n) => n['Node Type']);
          expect(kinds, explained).not.toContain('Sort');
          expect(kinds, explained).not.toContain('Incremental Sort');
          const direction = sortPrice === 1 ? 'asc' : 'desc';
          const index =
            'paymentStatus' in filter
              ? `transactions_status_aud_value_${direction}_idx`
              : `transactions_aud_value_${direction}_idx`;
          expect(
            nodes(plan).map((n) => n['Index Name']),
            explained,
          ).toContain(index);
        }
  });

  it('totals read list_counts, not the tables', async () => {
    const plans = await plansOf((db) => staffListTotal(db, 'purchases', [0, undefined, false]));
    const relations = plans.flatMap(({ plan }) => nodes(plan).map((n) => n['Relation Name']));
    expect(relations).toContain('list_counts');
    expect(relations.filter((r) => r && BIG.includes(r))).toEqual([]);
  });
});
