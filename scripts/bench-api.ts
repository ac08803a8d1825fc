// `npm run bench:api`: fills a database with many users, presale requests and transactions, then
// times the list and presale endpoints through the real app. The figures should not grow with the
// table sizes: every list is paginated in the database on an index scoped to the caller.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { migrate, openDatabase } from '../apps/api/src/db/client.ts';
import { seedDatabase } from '../apps/api/src/db/seed.ts';
import { createAccessTokens } from '../apps/api/src/lib/auth.ts';
import { createChainClient } from '../apps/api/src/lib/chain.ts';
import { createMailer } from '../apps/api/src/lib/mailer/mailer.ts';
import { createStorage } from '../apps/api/src/lib/storage/storage.ts';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '2000' },
    'per-user': { type: 'string', default: '50' },
    runs: { type: 'string', default: '200' },
  },
});
const users = Number(values.users);
const perUser = Number(values['per-user']);
const runs = Number(values.runs);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tmc-bench-'));
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.DATABASE_URL,
});
const database = await openDatabase({ databaseUrl: config.databaseUrl });
await migrate(database);
const chainSettings = {
  chainId: 31337,
  companyWallet: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  usdcAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
};
await seedDatabase(database.db, config, chainSettings, true);
const { db } = database;

console.log(`Filling: ${users} users × ${perUser} presale requests and transactions…`);
const started = performance.now();
await db.execute(sql`
  insert into users (name, email, password_hash, email_verified_at)
  select 'Bench ' || i, 'bench' || i || '@example.com', 'x', now() from generate_series(1, ${users}) i`);
await db.execute(sql`
  insert into purchases (user_id, status, payment_mode, reference, investment_amount, token_amount,
    token_price_aud, user_amount, user_currency, rate, created_at)
  select u.id, (i % 5), (i % 2), 'B' || u.email || '-' || i, 50 + (i * 37 % 5000), (50 + (i * 37 % 5000)) / 0.02,
    0.02, 50 + (i * 37 % 5000), 'AUD', 1, now() - make_interval(mins => i)
  from users u cross join generate_series(1, ${perUser}) i`);
await db.execute(sql`
  insert into transactions (user_id, purchase_id, price, currency, token_symbol, token_amount,
    payment_status, payment_mode, created_at)
  select p.user_id, p.id, p.investment_amount, 'AUD', 'TMC', p.token_amount, 0, p.payment_mode, p.created_at
  from purchases p`);
await db.execute(sql`analyze`);
console.log(`Filled in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const [someone] = (
  await db.execute<{ id: string }>(sql`select id from users where email = 'bench1@example.com'`)
).rows;
const token = (
  await createAccessTokens(config).sign({
    id: someone!.id,
    role: 'user',
    sessionVersion: 0,
    secondFactor: false,
  })
).token;
const app = await buildApp({
  config,
  database,
  mailer: createMailer({ config, db, log: () => {} }),
  storage: createStorage(config),
  chain: createChainClient({ rpcUrl: 'http://127.0.0.1:1', chainId: 31337 }),
});
await app.ready();

const filter = (q: object) => `filter[query]=${encodeURIComponent(JSON.stringify(q))}`;
const cases: [string, string, boolean][] = [
  ['presale config', '/v1/presale/config', false],
  ['currency rates', '/v1/currency-rate/getCurrency', false],
  ['my presale requests, page 1', '/v1/purchase/getmypurchase?page=1&limit=10', true],
  [
    'my presale requests, last page',
    `/v1/purchase/getmypurchase?page=${Math.ceil(perUser / 30)}&limit=30`,
    true,
  ],
  ['my presale requests by price', '/v1/purchase/getmypurchase?limit=10&sort[price]=-1', true],
  [
    'my presale requests, Pending',
    `/v1/purchase/getmypurchase?limit=10&${filter({ status: 0 })}`,
    true,
  ],
  ['my transactions, page 1', '/v1/transaction/getUserTransaction?page=1&limit=10', true],
  [
    'my transactions, crypto',
    `/v1/transaction/getUserTransaction?limit=10&${filter({ paymentMode: 1 })}`,
    true,
  ],
];

const ms = (xs: number[], q: number) =>
  xs[Math.min(xs.length - 1, Math.floor(q * xs.length))]!.toFixed(2);
console.log(`\n${'endpoint'.padEnd(36)} ${'median ms'.padStart(10)} ${'p95 ms'.padStart(8)}`);
for (const [name, url, auth] of cases) {
  const headers = auth ? { authorization: `Bearer ${token}` } : {};
  const first = await app.inject({ method: 'GET', url, headers });
  if (first.statusCode !== 200) throw new Error(`${name}: ${first.statusCode} ${first.body}`);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await app.inject({ method: 'GET', url, headers });
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(`${name.padEnd(36)} ${ms(times, 0.5).padStart(10)} ${ms(times, 0.95).padStart(8)}`);
}

await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
