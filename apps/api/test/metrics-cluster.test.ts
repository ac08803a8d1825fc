import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { stopChild } from './child-process.ts';
import { startRpcProxy } from './rpc-proxy.ts';
import { useDevChain } from './chain-node.ts';
import { freePort, freshDatabase } from './throwaway-postgres.ts';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TOKEN = 'scrape-token-0123456789';
const devChain = useDevChain();

/** Prometheus text into { 'name{labels}': value }. */
function parse(text: string) {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}

const value = (samples: Map<string, number>, key: string) => {
  const v = samples.get(key);
  if (v === undefined)
    throw new Error(`${key} not in the scrape:\n${[...samples.keys()].join('\n')}`);
  return v;
};

describe('GET /metrics on a server with two workers', () => {
  let server: ChildProcess | undefined;
  let output = '';
  let baseUrl = '';
  let dataDir = '';
  let proxy: ReturnType<typeof startRpcProxy>;
  const dbName = `tmc_metrics_${process.env.VITEST_POOL_ID ?? '0'}`;

  const scrape = async () => {
    const res = await fetch(`${baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.status, output).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return parse(await res.text());
  };
  const mine = (blocks: number) =>
    fetch(devChain().rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'hardhat_mine',
        params: [`0x${blocks.toString(16)}`],
      }),
    });
  async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const v = await read();
      if (ok(v)) return v;
      if (Date.now() > deadline) throw new Error(`${what} did not happen\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  beforeAll(async () => {
    const databaseUrl = await freshDatabase(inject('postgresUrl'), dbName);

    proxy = startRpcProxy(devChain().rpcUrl);
    const proxyPort = await freePort();
    await new Promise<void>((r) => proxy.server.listen(proxyPort, '127.0.0.1', r));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tmc-metrics-'));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', path.join(apiDir, 'src/server.ts')], {
      cwd: apiDir,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        WEB_CONCURRENCY: '2',
        METRICS_TOKEN: TOKEN,
        CHAIN_RPC_URL: `http://127.0.0.1:${proxyPort}`,
        CHAIN_ID: String(devChain().chainId),
        COMPANY_WALLET: devChain().companyWallet,
        USDC_ADDRESS: devChain().usdcAddress,
        PAYMENT_WATCHER_INTERVAL_SECONDS: '1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    server.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    await waitFor(
      () =>
        fetch(`${baseUrl}/readyz`).then(
          (r) => r.ok,
          () => false,
        ),
      (ok) => ok && /with 2 workers/.test(output),
      'the server start',
    );
  }, 120_000);

  afterAll(async () => {
    await stopChild(server);
    await new Promise((r) => proxy?.server.close(r));
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is off without the token: 401 with a wrong one', async () => {
    expect((await fetch(`${baseUrl}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain('tmc_');
  });

  it('sums both workers and shows every metric with a plausible value', async () => {
    for (let i = 0; i < 20; i++) await fetch(`${baseUrl}/v1/presale/config`);
    for (let i = 0; i < 3; i++) await fetch(`${baseUrl}/v1/no-such-route/${i}`);
    // Wrong passwords for one e-mail until its failures limit answers 429.
    let limited = false;
    for (let i = 0; i < 12 && !limited; i++) {
      const res = await fetch(`${baseUrl}/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@tmc.test', password: 'wrong-password-1' }),
      });
      limited = res.status === 429;
    }
    expect(limited).toBe(true);
    const samples = await waitFor(
      scrape,
      (s) => (s.get('tmc_payment_watcher_last_success_timestamp_seconds') ?? 0) > 0,
      'a watcher poll',
    );

    const configCount = value(
      samples,
      'http_request_duration_seconds_count{method="GET",route="/v1/presale/config",status_code="200"}',
    );
    // Both workers answered some of them; the sum is every request whatever worker took it.
    expect(configCount).toBe(20);
    expect(
      value(
        samples,
        'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/v1/presale/config",status_code="200"}',
      ),
    ).toBe(20);
    // Paths no route matches are one series, not one per path.
    expect(
      value(
        samples,
        'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}',
      ),
    ).toBe(3);
    expect(value(samples, 'tmc_logins_failed_total{reason="password"}')).toBeGreaterThanOrEqual(10);
    expect(value(samples, 'tmc_rate_limited_total')).toBeGreaterThanOrEqual(1);
    expect(value(samples, 'tmc_payments_credited_total{coin="ETH",source="exact"}')).toBe(0);
    expect(value(samples, 'tmc_payments_credited_total{coin="USDC",source="staff"}')).toBe(0);
    expect(value(samples, 'tmc_db_pool_connections_in_use')).toBeGreaterThanOrEqual(0);
    expect(value(samples, 'tmc_db_pool_waiting_requests')).toBe(0);
    const head = await fetch(devChain().rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
    }).then(async (r) => Number(((await r.json()) as { result: string }).result));
    expect(value(samples, 'tmc_payment_watcher_next_block')).toBe(head + 1);
    expect(value(samples, 'tmc_payment_watcher_lag_blocks')).toBe(0);
    const lastSuccess = value(samples, 'tmc_payment_watcher_last_success_timestamp_seconds');
    expect(Math.abs(Date.now() / 1000 - lastSuccess)).toBeLessThan(30);
    expect(value(samples, 'tmc_unmatched_payments_open')).toBe(0);
    expect(value(samples, 'tmc_mail_queue_depth')).toBeGreaterThanOrEqual(0);
    expect(value(samples, 'tmc_mail_queue_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(value(samples, 'tmc_chain_rpc_up')).toBe(1);
    // Two channels, each LISTENed by both workers: one series per worker, every one up.
    const listeners = [...samples].filter(([k]) => k.startsWith('tmc_listener_up{'));
    expect(listeners.length).toBe(4);
    expect(listeners.every(([, v]) => v === 1)).toBe(true);
    expect(new Set(listeners.map(([k]) => /channel="([^"]+)"/.exec(k)?.[1])).size).toBe(2);
  });

  it('a stalled watcher (RPC refusing its block reads) raises its lag and its last success ages', async () => {
    const before = await scrape();
    const lastSuccess = value(before, 'tmc_payment_watcher_last_success_timestamp_seconds');
    proxy.mode = 'stalled';
    await new Promise((r) => setTimeout(r, 1_500));
    await mine(40);
    const stalled = await waitFor(
      scrape,
      (s) => (s.get('tmc_payment_watcher_lag_blocks') ?? 0) >= 40,
      'the lag rising',
    );
    const stalledSuccess = value(stalled, 'tmc_payment_watcher_last_success_timestamp_seconds');
    await new Promise((r) => setTimeout(r, 3_000));
    const later = await scrape();
    // No poll succeeds any more: the timestamp stands still while the clock moves on.
    expect(value(later, 'tmc_payment_watcher_last_success_timestamp_seconds')).toBe(stalledSuccess);
    expect(Date.now() / 1000 - stalledSuccess).toBeGreaterThan(3);
    expect(stalledSuccess - lastSuccess).toBeLessThan(5);
    expect(value(later, 'tmc_payment_watcher_lag_blocks')).toBeGreaterThanOrEqual(40);
    expect(value(later, 'tmc_payment_watcher_polls_total{outcome="failed"}')).toBeGreaterThan(0);

    // Cut altogether: the endpoint is down, the lag is still measured from the last head seen.
    proxy.mode = 'cut';
    const cut = await waitFor(
      scrape,
      (s) => s.get('tmc_chain_rpc_up') === 0,
      'the RPC reported down',
    );
    expect(value(cut, 'tmc_payment_watcher_lag_blocks')).toBeGreaterThanOrEqual(40);

    // Back: the watcher catches up by itself.
    proxy.mode = 'ok';
    const back = await waitFor(
      scrape,
      (s) =>
        s.get('tmc_payment_watcher_lag_blocks') === 0 &&
        (s.get('tmc_payment_watcher_last_success_timestamp_seconds') ?? 0) > stalledSuccess,
      'the watcher catching up',
    );
    expect(value(back, 'tmc_chain_rpc_up')).toBe(1);
  }, 60_000);
});
