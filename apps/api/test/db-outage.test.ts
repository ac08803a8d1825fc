import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { stopChild } from './child-process.ts';
import { freePort, startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres.ts';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let cluster: ThrowawayPostgres;
let server: ChildProcess;
let dataDir: string;
let baseUrl: string;
let output = '';

interface Answer {
  status: number;
  body: { code?: unknown; message?: unknown; data?: unknown };
}

/** Never waits long: a request the server holds fails the test through its timeout. */
async function call(pathname: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(`${baseUrl}${pathname}`, {
    ...init,
    signal: AbortSignal.timeout(8_000),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

const login = () =>
  call('/v1/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }),
  });

async function until<T>(what: string, probe: () => Promise<T>, ok: (v: T) => boolean) {
  const deadline = Date.now() + 20_000;
  let last: T | undefined;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited:\n${output}`);
    try {
      last = await probe();
      if (ok(last)) return last;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for ${what} (last: ${JSON.stringify(last)}):\n${output}`);
}

beforeAll(async () => {
  // A cluster of its own: the one other files share must not go down.
  cluster = await startThrowawayPostgres();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tmc-outage-'));
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  // The real server process, as `npm start` runs it; an unreachable chain node is never called here.
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: cluster.url,
      CHAIN_RPC_URL: 'http://127.0.0.1:9',
      CHAIN_ID: '31337',
      COMPANY_WALLET: `0x${'1'.repeat(40)}`,
      USDC_ADDRESS: `0x${'2'.repeat(40)}`,
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  await until(
    'the server to be ready',
    () => call('/readyz'),
    (a) => a.status === 200,
  );
}, 60_000);

afterAll(async () => {
  await stopChild(server);
  await cluster?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const isUnavailable = (a: Answer) => a.status === 503;

test('a PostgreSQL restart under traffic: 503 envelopes while it is down, 200 again after, same process', async () => {
  expect((await call('/v1/presale/config')).status).toBe(200);

  // Traffic through the whole outage, so connections are in use and idle when the server goes.
  const seen: Answer[] = [];
  let running = true;
  const traffic = Promise.all(
    Array.from({ length: 4 }, async (_, i) => {
      while (running) seen.push(await (i % 2 ? call('/v1/presale/config') : call('/readyz')));
    }),
  );
  try {
    await outageUnderTraffic(seen);
  } finally {
    running = false;
  }
  await traffic;
  const statuses = new Set(seen.map((a) => a.status));
  expect([...statuses].sort()).toEqual([200, 503]);
  for (const answer of seen) expect(answer.body.code).toBe(answer.status);

  expect(server.exitCode).toBeNull();
  expect(output).not.toMatch(/\[fatal\]|Unhandled 'error' event/);
}, 60_000);

async function outageUnderTraffic(seen: Answer[]) {
  await until(
    'traffic to flow',
    () => Promise.resolve(seen.length),
    (n) => n >= 20,
  );
  await cluster.pause();

  const ready = await until('/readyz to report the outage', () => call('/readyz'), isUnavailable);
  expect(ready.body).toEqual({ code: 503, message: 'Database not reachable', data: null });
  // A cached public read may still be served until the listening connection notices the outage
  // (it drops the cache then, or after 2 s at the most): then it is the same 503.
  const read = await until(
    'a public read to report the outage',
    () => call('/v1/presale/config'),
    isUnavailable,
  );
  expect(read).toEqual({
    status: 503,
    body: {
      code: 503,
      message: 'The service is temporarily unavailable, please try again in a moment',
      data: null,
    },
  });
  expect(await login()).toEqual(read);

  await cluster.resume();
  await until(
    '/readyz to recover',
    () => call('/readyz'),
    (a) => a.status === 200,
  );
  expect((await call('/v1/presale/config')).status).toBe(200);
  expect(await login()).toEqual({
    status: 400,
    body: { code: 400, message: 'Incorrect email or password', data: null },
  });
}
