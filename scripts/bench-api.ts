// `npm run bench:api`: the API under load, side by side with what it cannot beat on this machine.
// A bare Fastify 5 app answering a small JSON and raw argon2id verifications (2 at a time) are
// measured in the same run, each in two halves around the product's route it is the baseline of,
// so a busy machine slows both alike; each ratio is the median of its rounds. The product runs as
// `npm start` runs it in production, on a throwaway PostgreSQL cluster (or BENCH_DATABASE_URL),
// loaded by autocannon with 50 connections. The user's two lists (transactions and presale
// requests) are measured for a user with 20 rows and one with 2,000, and the staff review queue
// (newest first, and its pending-with-receipt filter), first in small tables and then in tables
// of 1,000,000 rows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { verify } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { createAccessTokens } from '../apps/api/src/lib/auth.ts';
import { hashPassword } from '../apps/api/src/lib/password.ts';
import { freePort } from '../apps/api/test/throwaway-postgres.ts';
import { JWT_SECRET, startProcess, stopProcesses } from './bench-processes.ts';
import { startThrowawayPostgres } from '../apps/web/e2e/postgres.ts';
import { CLK_TCK, cpuSnapshot as readCpu, descendants, postgresProcesses } from './proc-cpu.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    'big-table': { type: 'string', default: '1000000' },
    workers: { type: 'string', default: '1' },
  },
});
const duration = Number(values.duration);
const rounds = Number(values.rounds);
const connections = Number(values.connections);
const bigTable = Number(values['big-table']);
const bigLabel = `${bigTable.toLocaleString('en')}-row table`;

const PASSWORD = 'correct horse battery staple';

/** PostgreSQL from Debian's binaries in a temporary directory, as the browser suite starts it. */
async function startPostgres() {
  if (process.env.BENCH_DATABASE_URL)
    return {
      url: process.env.BENCH_DATABASE_URL,
      version: 'BENCH_DATABASE_URL',
      port: undefined,
      stop() {},
    };
  const versions = fs.existsSync('/usr/lib/postgresql')
    ? fs.readdirSync('/usr/lib/postgresql')
    : [];
  const port = await freePort();
  const pg = startThrowawayPostgres(port);
  return {
    ...pg,
    port,
    version: `PostgreSQL ${versions.sort((x, y) => Number(y) - Number(x))[0]}`,
  };
}

// `/answer` sends the bytes and headers of the product's config answer (ANSWER, taken from the
// product at start), with a fresh request id as the product makes one: what the answer itself
// costs to send on this machine, whatever code makes it.
const BARE_FASTIFY = `
import Fastify from 'fastify';
import { randomUUID } from 'node:crypto';
const app = Fastify();
app.get('/json', async () => ({ hello: 'world' }));
const answer = JSON.parse(process.env.ANSWER);
const body = Buffer.from(answer.body, 'base64');
app.get('/answer', (req, reply) => {
  reply.headers(answer.headers).header('x-request-id', randomUUID()).send(body);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

/** The product's answer as bare Fastify replays it: its headers but those every server adds. */
async function recordAnswer(url: string) {
  const res = await fetch(url);
  const skip = new Set(['date', 'connection', 'keep-alive', 'content-length', 'x-request-id']);
  return JSON.stringify({
    headers: Object.fromEntries([...res.headers].filter(([name]) => !skip.has(name))),
    body: Buffer.from(await res.arrayBuffer()).toString('base64'),
  });
}

/** Whose CPU a measurement counts: the product, PostgreSQL, bare Fastify and this process. */
const cpuGroups = ['server', 'PostgreSQL', 'bare Fastify', 'load generator', 'rest'] as const;
type CpuGroup = (typeof cpuGroups)[number];
const watched: { server?: number; bare?: number; pgPort?: number } = {};

const none = new Set<number>();
const cpuSnapshot = () =>
  readCpu((procs) => {
    const tree = (pid: number | undefined) => (pid === undefined ? none : descendants(procs, pid));
    return {
      server: tree(watched.server),
      PostgreSQL: watched.pgPort === undefined ? none : postgresProcesses(procs, watched.pgPort),
      'bare Fastify': tree(watched.bare),
      'load generator': new Set([process.pid]),
    };
  });

/** CPU microseconds per request of each group between two snapshots. */
function cpuPerRequest(
  before: ReturnType<typeof cpuSnapshot>,
  after: ReturnType<typeof cpuSnapshot>,
  requests: number,
): Record<CpuGroup, number> {
  const us = (ticks: number) => ((ticks / CLK_TCK) * 1e6) / Math.max(1, requests);
  const named = Object.fromEntries(
    Object.entries(after.groups).map(([g, t]) => [
      g,
      us(t - before.groups[g as keyof typeof before.groups]),
    ]),
  ) as Record<Exclude<CpuGroup, 'rest'>, number>;
  const total = us(after.machine - before.machine);
  const rest = total - Object.values(named).reduce((a, b) => a + b, 0);
  return { ...named, rest: Math.max(0, rest) };
}

const cpuText = (cpu: Record<CpuGroup, number>) =>
  cpuGroups
    .filter((g) => cpu[g] >= 0.5)
    .map((g) => `${g} ${Math.round(cpu[g])}`)
    .join(', ');

/** Inserts `count` transactions (and their purchases) for the user with this e-mail. */
async function addRows(database: Database, email: string, count: number) {
  await database.db.execute(sql`
    with u as (select id from users where email = ${email}),
    p as (
      insert into purchases (user_id, status, payment_mode, reference, investment_amount, token_amount,
        token_price_aud, user_amount, user_currency, rate, created_at)
      select u.id, (i % 5), (i % 2), 'B-' || md5(random()::text || i), 50 + (i * 37 % 5000),
        (50 + (i * 37 % 5000)) / 0.02, 0.02, 50 + (i * 37 % 5000), 'AUD', 1,
        now() - make_interval(secs => i)
      from u cross join generate_series(1, ${count}) i
      returning id, user_id, investment_amount, token_amount, payment_mode, created_at)
    insert into transactions (user_id, purchase_id, price, currency, token_symbol, token_amount,
      payment_status, payment_mode, created_at)
    select user_id, id, investment_amount, 'AUD', 'TMC', token_amount, 0, payment_mode, created_at from p`);
}

async function addUsers(database: Database, prefix: string, count: number, passwordHash: string) {
  await database.db.execute(sql`
    insert into users (name, email, password_hash, email_verified_at)
    select 'Bench ' || i, ${prefix} || i || '@example.com', ${passwordHash}, now()
    from generate_series(1, ${count}) i`);
}

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** CPU microseconds per request of each process group. */
  cpu?: Record<CpuGroup, number>;
}

/**
 * Autocannon for `duration` seconds (or `seconds`). Logins come from many addresses
 * (TRUST_PROXY=1), so their requests are built one by one; every other request is built once, as
 * autocannon does by default, so the load generator takes as little as it can of the cores it
 * shares.
 */
async function load(
  url: string,
  opts: {
    method?: 'POST';
    body?: string;
    headers?: Record<string, string>;
    manyAddresses?: boolean;
    seconds?: number;
  } = {},
): Promise<Measure> {
  let n = 0;
  const before = cpuSnapshot();
  const result = await autocannon({
    url,
    connections,
    duration: opts.seconds ?? duration,
    method: opts.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...opts.headers },
    body: opts.body,
    requests: opts.manyAddresses
      ? [
          {
            setupRequest: (req) => {
              n += 1;
              return {
                ...req,
                headers: {
                  ...req.headers,
                  'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
                },
              };
            },
          },
        ]
      : undefined,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    cpu: cpuPerRequest(before, cpuSnapshot(), result.requests.total),
  };
}

/** Raw argon2id verifications, two at a time (the login's floor), for `seconds`. */
async function argon2Rate(hash: string, seconds: number): Promise<Measure> {
  const end = performance.now() + seconds * 1000;
  const times: number[] = [];
  const worker = async () => {
    while (performance.now() < end) {
      const t = performance.now();
      if (!(await verify(hash, PASSWORD))) throw new Error('argon2 verify failed');
      times.push(performance.now() - t);
    }
  };
  const before = cpuSnapshot();
  const start = performance.now();
  await Promise.all([worker(), worker()]);
  const elapsed = (performance.now() - start) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return {
    rps: times.length / elapsed,
    p50: Math.round(at(0.5)),
    p99: Math.round(at(0.99)),
    non2xx: 0,
    cpu: cpuPerRequest(before, cpuSnapshot(), times.length),
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function main() {
  const pg = await startPostgres();
  const databaseUrl = pg.url;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tmc-bench-'));
  const [apiPort, barePort] = [await freePort(), await freePort()];
  const api = `http://127.0.0.1:${apiPort}`;
  const bare = `http://127.0.0.1:${barePort}`;
  try {
    const env = {
      NODE_ENV: 'production',
      PORT: String(apiPort),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET,
      SMTP_URL: 'smtp://127.0.0.1:9',
      CHAIN_RPC_URL: 'http://127.0.0.1:9',
      CHAIN_ID: '1',
      COMPANY_WALLET: `0x${'1'.repeat(40)}`,
      USDC_ADDRESS: `0x${'2'.repeat(40)}`,
      PAYMENT_WATCHER_INTERVAL_SECONDS: '0',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'info',
      WEB_CONCURRENCY: values.workers,
    };
    console.log(
      `Starting ${pg.version}, the product (${values.workers} worker(s)) and bare Fastify…`,
    );
    const server = await startProcess(
      'the API',
      ['--max-semi-space-size=32', '--import', 'tsx', 'src/server.ts'],
      env,
      `${api}/readyz`,
    );
    const bareServer = await startProcess(
      'bare Fastify',
      ['--input-type=module', '-e', BARE_FASTIFY],
      { PORT: String(barePort), ANSWER: await recordAnswer(`${api}/v1/presale/config`) },
      `${bare}/json`,
    );
    Object.assign(watched, { server: server.pid, bare: bareServer.pid, pgPort: pg.port });

    const database = await openDatabase({ databaseUrl });
    const passwordHash = await hashPassword(PASSWORD);
    await addUsers(database, 'bench-login', 1, passwordHash);
    await addUsers(database, 'bench-few', 1, 'x');
    await addUsers(database, 'bench-many', 1, 'x');
    await addUsers(database, 'bench-staff', 1, 'x');
    await database.db.execute(
      sql`update users set role = 'admin' where email = 'bench-staff1@example.com'`,
    );
    await addRows(database, 'bench-few1@example.com', 20);
    await addRows(database, 'bench-many1@example.com', 2_000);
    await database.db.execute(sql`
      update purchases set receipt_key = 'receipts/' || id
      where status = 0 and payment_mode = 0 and (hashtext(reference) % 10) = 0`);
    await database.db.execute(sql`vacuum analyze`);
    const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET });
    const ids = Object.fromEntries(
      (
        await database.db.execute<{ id: string; email: string }>(
          sql`select id, email from users where email like 'bench-%'`,
        )
      ).rows.map((r) => [r.email, r.id]),
    );
    const bearer = async (email: string, role: 'user' | 'admin' = 'user') => ({
      authorization: `Bearer ${createAccessTokens(config).sign({ id: ids[email]!, role, sessionVersion: 0, secondFactor: role === 'admin' }).token}`,
    });
    const LIST = '/v1/transaction/getUserTransaction?page=1&limit=10';
    const REQUESTS = '/v1/purchase/getmypurchase?page=1&limit=10';
    const QUEUE = '/v1/admin/purchases?page=1&limit=10';
    const PENDING_QUEUE = '/v1/admin/purchases?status=0&paymentMode=0&receipt=true&page=1&limit=10';

    const results = new Map<string, Measure[]>();
    const record = (name: string, m: Measure) => {
      results.set(name, [...(results.get(name) ?? []), m]);
      console.log(
        `  ${name.padEnd(44)} ${Math.round(m.rps).toString().padStart(7)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms${m.non2xx ? `  (${m.non2xx} not 2xx)` : ''}${m.cpu ? `  CPU µs/request: ${cpuText(m.cpu)}` : ''}`,
      );
    };
    /**
     * The target measured between two halves of its baseline, recorded as their mean: the
     * machine's speed drifts within a round (its cores are shared), and a baseline taken on one
     * side only would put the whole drift into the ratio.
     */
    const bracketed = async (
      baseName: string,
      base: (seconds: number) => Promise<Measure>,
      [name, target]: [string, () => Promise<Measure>],
    ) => {
      const before = await base(duration / 2);
      record(name, await target());
      const after = await base(duration / 2);
      record(baseName, {
        rps: (before.rps + after.rps) / 2,
        p50: (before.p50 + after.p50) / 2,
        p99: (before.p99 + after.p99) / 2,
        non2xx: before.non2xx + after.non2xx,
        cpu:
          before.cpu && after.cpu
            ? (Object.fromEntries(
                cpuGroups.map((g) => [g, (before.cpu![g] + after.cpu![g]) / 2]),
              ) as Record<CpuGroup, number>)
            : undefined,
      });
    };
    const lists = async (label: string) => {
      record(
        `list, 20 rows${label}`,
        await load(`${api}${LIST}`, { headers: await bearer('bench-few1@example.com') }),
      );
      record(
        `list, 2,000 rows${label}`,
        await load(`${api}${LIST}`, { headers: await bearer('bench-many1@example.com') }),
      );
      record(
        `requests, 20 rows${label}`,
        await load(`${api}${REQUESTS}`, { headers: await bearer('bench-few1@example.com') }),
      );
      record(
        `requests, 2,000 rows${label}`,
        await load(`${api}${REQUESTS}`, { headers: await bearer('bench-many1@example.com') }),
      );
      const staff = await bearer('bench-staff1@example.com', 'admin');
      record(`staff queue${label}`, await load(`${api}${QUEUE}`, { headers: staff }));
      record(
        `staff queue, pending${label}`,
        await load(`${api}${PENDING_QUEUE}`, { headers: staff }),
      );
    };

    for (let round = 1; round <= rounds; round++) {
      console.log(`Round ${round} of ${rounds} (${duration} s each)`);
      await bracketed('bare Fastify GET /json', (seconds) => load(`${bare}/json`, { seconds }), [
        'GET /v1/presale/config',
        () => load(`${api}/v1/presale/config`),
      ]);
      await bracketed('bare Fastify GET /json', (seconds) => load(`${bare}/json`, { seconds }), [
        'GET /v1/currency-rate/getCurrency',
        () => load(`${api}/v1/currency-rate/getCurrency`),
      ]);
      await bracketed(
        'bare Fastify, the config answer',
        (seconds) => load(`${bare}/answer`, { seconds }),
        ['GET /v1/presale/config (against its answer)', () => load(`${api}/v1/presale/config`)],
      );
      await lists('');
      await bracketed(
        'raw argon2 verify, 2 threads',
        (seconds) => argon2Rate(passwordHash, seconds),
        [
          'POST /v1/auth/login',
          () =>
            load(`${api}/v1/auth/login`, {
              method: 'POST',
              body: JSON.stringify({ email: 'bench-login1@example.com', password: PASSWORD }),
              manyAddresses: true,
            }),
        ],
      );
    }

    if (bigTable > 0) {
      const have = Number(
        (await database.db.execute<{ n: string }>(sql`select count(*) n from transactions`))
          .rows[0]!.n,
      );
      const others = Math.max(0, bigTable - have);
      console.log(
        `Filling the table to ${bigTable.toLocaleString('en')} rows (${others.toLocaleString('en')} for 1,000 other users)…`,
      );
      const started = performance.now();
      await addUsers(database, 'bench-other', 1_000, 'x');
      await database.db.execute(sql`
        with p as (
          insert into purchases (user_id, status, payment_mode, reference, investment_amount, token_amount,
            token_price_aud, user_amount, user_currency, rate, created_at)
          select u.id, (i % 5), (i % 2), 'O-' || i, 50 + (i * 37 % 5000), (50 + (i * 37 % 5000)) / 0.02,
            0.02, 50 + (i * 37 % 5000), 'AUD', 1, now() - make_interval(secs => i)
          from generate_series(1, ${others}) i,
            (select array_agg(id) ids from users where email like 'bench-other%') o,
            lateral (select o.ids[1 + i % 1000] id) u
          returning id, user_id, investment_amount, token_amount, payment_mode, created_at)
        insert into transactions (user_id, purchase_id, price, currency, token_symbol, token_amount,
          payment_status, payment_mode, created_at)
        select user_id, id, investment_amount, 'AUD', 'TMC', token_amount, 0, payment_mode, created_at from p`);
      await database.db.execute(sql`vacuum analyze`);
      // Receipts on a share of the pending bank requests, as a queue awaiting review has them.
      await database.db.execute(sql`
        update purchases set receipt_key = 'receipts/' || id
        where status = 0 and payment_mode = 0 and reference like 'O-%' and (hashtext(reference) % 10) = 0`);
      await database.db.execute(sql`vacuum analyze`);
      console.log(`Filled in ${((performance.now() - started) / 1000).toFixed(0)} s`);
      for (let round = 1; round <= rounds; round++) {
        console.log(`Round ${round} of ${rounds}, ${bigLabel}`);
        await lists(`, ${bigLabel}`);
      }
    }
    await database.close();

    const med = (name: string, key: 'rps' | 'p50' | 'p99') =>
      median((results.get(name) ?? []).map((m) => m[key]));
    /** Each round's figure against its baseline measured in the same round, the median of those. */
    const ratio = (name: string, base: string, perRound = 1, offset = 0) => {
      const b = results.get(base) ?? [];
      return median((results.get(name) ?? []).map((m, i) => m.rps / b[i * perRound + offset]!.rps));
    };
    const bareRatio = (name: string) =>
      ratio(name, 'bare Fastify GET /json', 2, name.includes('currency') ? 1 : 0);
    const fmt = (n: number) => Math.round(n).toLocaleString('en');
    const row = (target: string, name: string, ratio: string, goal: string) =>
      `| ${target} | ${fmt(med(name, 'rps'))} req/s, p50 ${med(name, 'p50')} ms, p99 ${med(name, 'p99')} ms | ${ratio} | ${goal} |`;
    const table = [
      `bench:api — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, ${pg.version}, autocannon ${connections} connections, ${duration} s × ${rounds} rounds, ${values.workers} worker(s)`,
      '',
      '| target | measured (median of rounds) | ratio | goal |',
      '|---|---:|---:|---:|',
      row('bare Fastify `GET /json`', 'bare Fastify GET /json', '1', '—'),
      row(
        '`GET /v1/presale/config`',
        'GET /v1/presale/config',
        `${bareRatio('GET /v1/presale/config').toFixed(2)}x`,
        '≥ 0.5x Fastify',
      ),
      row(
        '`GET /v1/currency-rate/getCurrency`',
        'GET /v1/currency-rate/getCurrency',
        `${bareRatio('GET /v1/currency-rate/getCurrency').toFixed(2)}x`,
        '≥ 0.5x Fastify',
      ),
      row(
        'bare Fastify sending the config answer (its bytes and headers)',
        'bare Fastify, the config answer',
        '',
        '—',
      ),
      row(
        '`GET /v1/presale/config` against that answer',
        'GET /v1/presale/config (against its answer)',
        `${ratio('GET /v1/presale/config (against its answer)', 'bare Fastify, the config answer').toFixed(2)}x`,
        '—',
      ),
      row(
        '`GET /v1/transaction/getUserTransaction?page=1&limit=10`, 20 rows',
        'list, 20 rows',
        '',
        '≥ 4,000 req/s, p99 < 30 ms',
      ),
      row(
        '… a user with 2,000 rows',
        'list, 2,000 rows',
        `${(med('list, 2,000 rows', 'rps') / med('list, 20 rows', 'rps')).toFixed(2)}x of 20 rows`,
        'same cost as 20 rows',
      ),
      ...(bigTable > 0
        ? [
            row(`… 20 rows, ${bigLabel}`, `list, 20 rows, ${bigLabel}`, '', 'same cost'),
            row(
              `… 2,000 rows, ${bigLabel}`,
              `list, 2,000 rows, ${bigLabel}`,
              `${(med(`list, 2,000 rows, ${bigLabel}`, 'rps') / med('list, 20 rows', 'rps')).toFixed(2)}x of 20 rows`,
              'same cost',
            ),
          ]
        : []),
      row(
        '`GET /v1/purchase/getmypurchase?page=1&limit=10`, 20 rows',
        'requests, 20 rows',
        '',
        '≥ 4,000 req/s, p99 < 30 ms',
      ),
      row(
        '… a user with 2,000 rows',
        'requests, 2,000 rows',
        `${(med('requests, 2,000 rows', 'rps') / med('requests, 20 rows', 'rps')).toFixed(2)}x of 20 rows`,
        'same cost as 20 rows',
      ),
      ...(bigTable > 0
        ? [
            row(
              `… 20 rows, ${bigLabel}`,
              `requests, 20 rows, ${bigLabel}`,
              `${(med(`requests, 20 rows, ${bigLabel}`, 'rps') / med('requests, 20 rows', 'rps')).toFixed(2)}x of small table`,
              'same cost',
            ),
            row(
              `… 2,000 rows, ${bigLabel}`,
              `requests, 2,000 rows, ${bigLabel}`,
              `${(med(`requests, 2,000 rows, ${bigLabel}`, 'rps') / med('requests, 20 rows', 'rps')).toFixed(2)}x of 20 rows`,
              'same cost',
            ),
          ]
        : []),
      row('staff `GET /v1/admin/purchases?page=1&limit=10`, small table', 'staff queue', '', '—'),
      row('… `status=0&paymentMode=0&receipt=true`, small table', 'staff queue, pending', '', '—'),
      ...(bigTable > 0
        ? [
            row(
              `staff queue, ${bigLabel}`,
              `staff queue, ${bigLabel}`,
              `${(med('staff queue', 'rps') / med(`staff queue, ${bigLabel}`, 'rps')).toFixed(2)}x the small table's cost`,
              '≤ 1.3x',
            ),
            row(
              `… pending with a receipt, ${bigLabel}`,
              `staff queue, pending, ${bigLabel}`,
              `${(med('staff queue, pending', 'rps') / med(`staff queue, pending, ${bigLabel}`, 'rps')).toFixed(2)}x the small table's cost`,
              '≤ 1.3x',
            ),
          ]
        : []),
      row('raw argon2id verify, 2 threads', 'raw argon2 verify, 2 threads', '1', '—'),
      row(
        '`POST /v1/auth/login`',
        'POST /v1/auth/login',
        `${ratio('POST /v1/auth/login', 'raw argon2 verify, 2 threads').toFixed(2)}x argon2`,
        '≥ 0.8x',
      ),
    ];
    const cpuMedian = (name: string, g: CpuGroup) =>
      median((results.get(name) ?? []).flatMap((m) => (m.cpu ? [m.cpu[g]] : [])));
    const cpuTable = [
      '',
      'CPU per request (µs, median of rounds), by process group, from /proc:',
      '',
      `| target | ${cpuGroups.join(' | ')} |`,
      `|---|${cpuGroups.map(() => '---:').join('|')}|`,
      ...[...results.keys()]
        .filter((name) => results.get(name)!.some((m) => m.cpu))
        .map(
          (name) => `| ${name} | ${cpuGroups.map((g) => fmt(cpuMedian(name, g))).join(' | ')} |`,
        ),
    ];
    console.log(`\n${[...table, ...cpuTable].join('\n')}`);
  } finally {
    stopProcesses();
    await new Promise((r) => setTimeout(r, 1_000));
    pg.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
