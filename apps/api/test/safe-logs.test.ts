import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainClient } from '../src/lib/chain.ts';
import { safeMessage } from '../src/lib/safe-error.ts';
import { getTestDatabase } from './db.ts';
import { captureLog } from './log-capture.ts';
import { freePort } from './throwaway-postgres.ts';

const KEY = 'a1b2c3d4e5f6SECRETKEY9';
const QUERY_SECRET = 'QUERYSECRET77';
const EMAIL = 'buyer.secret@example.com';

describe('errors in the logs carry no secrets', () => {
  let rpc: http.Server;
  let rpcPort: number;

  beforeAll(async () => {
    // An RPC provider that is failing: 503 to every call.
    rpc = http.createServer((_req, res) => res.writeHead(503).end('over capacity'));
    await new Promise<void>((r) => rpc.listen(0, '127.0.0.1', r));
    rpcPort = (rpc.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((r) => rpc.close(r)));

  it("viem's errors: the RPC URL is cut to its origin, no key in the path, user or query", async () => {
    const { log, lines } = captureLog();
    for (const port of [rpcPort, await freePort()]) {
      const chain = createChainClient({
        rpcUrl: `http://tmc:${QUERY_SECRET}@127.0.0.1:${port}/v3/${KEY}?apikey=${QUERY_SECRET}`,
        chainId: 1,
      });
      const err = await chain.getBlockNumber().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(Error);
      // What viem itself says: the key is in its message.
      expect(String((err as Error).message)).toContain(KEY);
      log.warn({ err }, 'payment watcher poll failed; retrying later');
    }
    const output = lines.join('');
    expect(output).not.toContain(KEY);
    expect(output).not.toContain(QUERY_SECRET);
    const [served, refused] = lines.map((l) => JSON.parse(l) as { err: Record<string, unknown> });
    expect(served!.err).toMatchObject({
      type: 'HttpRequestError',
      message: 'HTTP request failed.',
    });
    expect(refused!.err.type).toBe('HttpRequestError');
    expect(typeof served!.err.stack).toBe('string');
  });

  it("Drizzle's query errors: no parameters, and no value PostgreSQL quotes back", async () => {
    const { db } = await getTestDatabase();
    const err = await db.execute(sql`select ${EMAIL}::int as n`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(String((err as Error).message)).toContain(EMAIL);
    const { log, lines } = captureLog();
    log.error({ err }, 'request errored');
    expect(lines.join('')).not.toContain(EMAIL);
    const line = JSON.parse(lines[0]!) as { err: { message: string; cause?: { code?: string } } };
    expect(line.err.message).toMatch(/^Failed query: select \$1::int as n/);
    expect(line.err.cause?.code).toBe('22P02');
  });

  it('a message keeps its first line, origins of URLs and at most 200 characters', () => {
    expect(
      safeMessage(
        `connect to postgres://app:pw@db.internal:5432/tmc?sslmode=require failed\nparams: ${EMAIL}`,
      ),
    ).toBe('connect to postgres://db.internal:5432 failed');
    expect(safeMessage('x'.repeat(500))).toHaveLength(200);
  });
});
