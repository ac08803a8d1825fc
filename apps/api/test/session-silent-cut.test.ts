import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Database, type Db } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { createChainClient } from '../src/lib/chain.ts';
import { createMailer } from '../src/lib/mailer/mailer.ts';
import { createStorage } from '../src/lib/storage/create-storage.ts';
import { people, type Person } from './affiliates-helpers.ts';
import { buildTestApp, TEST_CHAIN, testConfig } from './test-app.ts';

/**
 * A TCP proxy in front of PostgreSQL that can stop forwarding on the connections that LISTEN,
 * without closing them: what a NAT or load balancer idle timeout, a failover or a pooler in
 * transaction mode does to a long-lived connection. Nothing tells either end.
 */
async function startCuttingProxy(target: { host: string; port: number }) {
  const links = new Set<{
    listens: boolean;
    cut: boolean;
    client: net.Socket;
    server: net.Socket;
  }>();
  const proxy = net.createServer((client) => {
    const server = net.connect(target.port, target.host);
    const link = { listens: false, cut: false, client, server };
    links.add(link);
    client.on('data', (chunk) => {
      if (/listen "/i.test(chunk.toString('latin1'))) link.listens = true;
      if (!link.cut) server.write(chunk);
    });
    server.on('data', (chunk) => {
      if (!link.cut) client.write(chunk);
    });
    const end = () => {
      links.delete(link);
      client.destroy();
      server.destroy();
    };
    client.on('close', end);
    server.on('close', end);
    client.on('error', end);
    server.on('error', end);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    port: (proxy.address() as net.AddressInfo).port,
    /** Every LISTEN connection open now goes silent; later connections work. */
    cutListeners() {
      let cut = 0;
      for (const link of links)
        if (link.listens) {
          link.cut = true;
          cut += 1;
        }
      return cut;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const link of links) {
          link.client.destroy();
          link.server.destroy();
        }
        proxy.close(() => resolve());
      }),
  };
}

/** The URL of the database this worker's PostgreSQL tests use (see db.ts). */
function workerDatabaseUrl() {
  const url = new URL(process.env.DATABASE_URL ?? inject('postgresUrl'));
  url.pathname = `/tmc_test_${process.env.VITEST_POOL_ID ?? '0'}`;
  return url;
}

/** A second copy of the API on the same database, every connection of it through the proxy. */
async function copyBehindProxy(port: number, heartbeat: { intervalMs: number; timeoutMs: number }) {
  const url = workerDatabaseUrl();
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const config = testConfig();
  const database = await openDatabase({ databaseUrl: url.toString(), heartbeat });
  const app = await buildApp({
    config,
    database,
    mailer: createMailer({ config, db: database.db, log: () => {} }),
    storage: createStorage(config),
    chain: createChainClient({ rpcUrl: TEST_CHAIN.rpcUrl, chainId: TEST_CHAIN.chainId }),
  });
  await app.ready();
  return { app, database };
}

const call = (app: FastifyInstance, url: string, token?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('a demoted admin on a copy whose listener was silently cut', () => {
  let first: FastifyInstance;
  let proxy: Awaited<ReturnType<typeof startCuttingProxy>>;
  let person: ReturnType<typeof people>;
  let db: Db;
  const copies: { app: FastifyInstance; database: Database }[] = [];

  beforeAll(async () => {
    const one = await buildTestApp({ postgres: true });
    first = one.app;
    db = one.db;
    person = people(one.db, one.config);
    const url = workerDatabaseUrl();
    proxy = await startCuttingProxy({ host: url.hostname, port: Number(url.port || 5432) });
  });
  afterAll(async () => {
    for (const copy of copies) await copy.app.close();
    await first?.close();
    await proxy?.close();
  });

  /**
   * Through the first copy's database handle only, as another process would: both copies run in
   * this process, and the code path of a role change also forgets the state in every cache of
   * its own process, which would hide what the second copy does on its own.
   */
  const demote = async (staff: Person) => {
    await db
      .update(users)
      .set({ role: 'user', sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, staff.id));
  };

  it('the heartbeat finds the dead listener: the copy drops what it cached, refuses the token and is not ready', async () => {
    const copy = await copyBehindProxy(proxy.port, { intervalMs: 200, timeoutMs: 300 });
    copies.push(copy);
    const second = copy.app;
    const staff = await person({ role: 'admin' });
    for (const app of [first, second])
      expect((await call(app, '/v1/admin/stats', staff.token)).statusCode).toBe(200);
    expect((await call(second, '/readyz')).statusCode).toBe(200);

    expect(proxy.cutListeners()).toBe(2);
    await demote(staff);
    // The first copy hears the change at once.
    await expect
      .poll(async () => (await call(first, '/v1/admin/stats', staff.token)).statusCode, {
        timeout: 1_000,
      })
      .toBe(401);

    // A beat and its timeout later (well under a second), the copy knows it hears nothing.
    await expect
      .poll(async () => (await call(second, '/readyz')).statusCode, { timeout: 3_000 })
      .toBe(503);
    expect((await call(second, '/readyz')).json().message).toBe('Database change listener down');
    // Each LISTEN connection beats on its own: the sessions' one may find out a beat (200 ms)
    // after the public reads' one made the copy unready, well before the 5 s maximum age.
    await expect
      .poll(async () => (await call(second, '/v1/admin/stats', staff.token)).statusCode, {
        timeout: 1_000,
      })
      .toBe(401);
    expect((await call(second, '/v1/auth/me', staff.token)).statusCode).toBe(401);

    // It reconnects by itself (through connections that work) and is ready again.
    await expect
      .poll(async () => (await call(second, '/readyz')).statusCode, { timeout: 10_000 })
      .toBe(200);
  });

  it('without a beat in time, the short maximum age alone ends the token within seconds', async () => {
    const copy = await copyBehindProxy(proxy.port, { intervalMs: 600_000, timeoutMs: 600_000 });
    copies.push(copy);
    const second = copy.app;
    const staff = await person({ role: 'admin' });
    expect((await call(second, '/v1/admin/stats', staff.token)).statusCode).toBe(200);
    expect(proxy.cutListeners()).toBeGreaterThanOrEqual(2);
    await demote(staff);
    const demotedAt = Date.now();
    await expect
      .poll(async () => (await call(second, '/v1/admin/stats', staff.token)).statusCode, {
        timeout: 8_000,
        interval: 250,
      })
      .toBe(401);
    // The documented maximum age is 5 seconds: refused within 6 of the demotion.
    expect(Date.now() - demotedAt).toBeLessThanOrEqual(6_000);
  });
});
