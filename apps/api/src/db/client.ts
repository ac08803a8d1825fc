import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Client as PgClient } from 'pg';
import { safeError } from '../lib/safe-error.ts';
import { trackListener, untrackListener, type ChangeHandlers } from './listeners.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** Both drivers share this API (PGlite's results have the same `rows` shape as node-postgres'). */
export type Db = NodePgDatabase<Schema>;
/** A database handle or an open transaction on it: repos accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  /** Pool connections running a query now, and queries waiting for one (PGlite: none). */
  poolStats(): { inUse: number; waiting: number };
  /** LISTENs on `channel` until the returned function is called (or the database closes). */
  listen(channel: string, handlers: ChangeHandlers): Promise<() => Promise<void>>;
  /** Whether every LISTEN connection is up and answered its last heartbeat (for /readyz). */
  listenersUp(): boolean;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  // src/db in development and tests, dist/ once bundled: both sit two levels below apps/api.
  fs.existsSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../drizzle'))
    ? '../drizzle'
    : '../../drizzle',
);

/** SQLSTATEs of a server that is going away or not yet back (classes 08 and 57P). */
const UNAVAILABLE_SQLSTATES = /^(08|57P0[123]$|53300$)/;
/** Socket errors, and pg's own wording for lost connections (it gives those no code). */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/** True when `err` (or an error it wraps, as Drizzle does) means the database cannot be reached. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (UNAVAILABLE_SQLSTATES.test(code) || UNAVAILABLE_ERRNOS.has(code))
    )
      return true;
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
    if (UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}

const RECONNECT_MS = [250, 1_000, 2_000, 5_000];

/**
 * A LISTEN connection can die without a reset (a NAT or load balancer idle timeout, a failover,
 * a pooler): it then looks alive and hears nothing. A round trip every few seconds that must
 * come back within the timeout finds that out; a missed beat counts as the connection lost.
 */
export interface HeartbeatOptions {
  intervalMs: number;
  timeoutMs: number;
}
export const LISTEN_HEARTBEAT: HeartbeatOptions = { intervalMs: 5_000, timeoutMs: 3_000 };

/**
 * A connection of its own that LISTENs, outside the pool (a pooled client would be handed to
 * queries). When it is lost (a restart, a failover) it reconnects with a growing pause and
 * reports `down` and then `up`, so the subscriber can distrust what it cached meanwhile.
 */
async function listenOnPostgres(
  pg: { Client: typeof PgClient },
  connectionString: string,
  channel: string,
  handlers: ChangeHandlers,
  heartbeat: HeartbeatOptions,
): Promise<{ stop: () => Promise<void>; isUp: () => boolean }> {
  let stopped = false;
  let client: PgClient | undefined;
  let retry: NodeJS.Timeout | undefined;
  let beat: NodeJS.Timeout | undefined;
  let attempt = 0;

  const lost = (broken: PgClient) => {
    if (stopped || client !== broken) return;
    client = undefined;
    clearTimeout(beat);
    handlers.down();
    // A silent socket never finishes `end()`: it is destroyed instead.
    (
      broken as unknown as { connection?: { stream?: { destroy(): void } } }
    ).connection?.stream?.destroy();
    void broken.end().catch(() => {});
    schedule();
  };
  const scheduleBeat = (current: PgClient) => {
    beat = setTimeout(() => {
      if (stopped || client !== current) return;
      const timeout = setTimeout(() => lost(current), heartbeat.timeoutMs);
      timeout.unref();
      current.query('select 1').then(
        () => {
          clearTimeout(timeout);
          if (client === current) scheduleBeat(current);
        },
        () => {
          clearTimeout(timeout);
          lost(current);
        },
      );
    }, heartbeat.intervalMs);
    beat.unref();
  };
  const schedule = () => {
    const wait = RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)];
    attempt += 1;
    retry = setTimeout(() => void connect(), wait);
    retry.unref();
  };
  async function connect() {
    if (stopped) return;
    const next = new pg.Client({
      connectionString,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', (n) => {
      if (n.channel === channel) handlers.notify(n.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`listen "${channel.replace(/"/g, '""')}"`);
    } catch {
      next.removeAllListeners('end');
      void next.end().catch(() => {});
      if (!stopped) schedule();
      return false;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return false;
    }
    client = next;
    attempt = 0;
    handlers.up();
    scheduleBeat(next);
    return true;
  }

  // The first connection must work: the database was just reached to migrate it.
  if (!(await connect())) handlers.down();
  return {
    isUp: () => client !== undefined,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      clearTimeout(beat);
      const last = client;
      client = undefined;
      await last?.end().catch(() => {});
    },
  };
}

/** PostgreSQL when a URL is given, otherwise PGlite (Postgres in WASM) in `dataDir`. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  /** Connections the PostgreSQL pool may open (10 unless given). */
  poolSize?: number;
  /** How the LISTEN connections check they still hear (LISTEN_HEARTBEAT unless given). */
  heartbeat?: HeartbeatOptions;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      // A database that does not answer fails the request (503) instead of holding it.
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    // Logged only: the query that needs the lost connection fails on its own (503).
    const onError = (err: Error) =>
      console.error(`[db] connection lost: ${safeError(err).message}`);
    // Without listeners, a restarting server's 'error' events on idle or checked-out clients
    // (between the queries of a transaction) would end the process; the pool drops broken clients.
    // Each client reports its own loss, so the pool's event (idle clients only) adds nothing.
    pool.on('connect', (client) => client.on('error', onError));
    pool.on('error', () => {});
    const db = drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    const listeners = new Map<() => Promise<void>, () => boolean>();
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      poolStats: () => ({
        inUse: pool.totalCount - pool.idleCount,
        waiting: pool.waitingCount,
      }),
      async listen(channel, handlers) {
        const listener = await listenOnPostgres(
          pg,
          opts.databaseUrl!,
          channel,
          trackListener(channel, handlers),
          opts.heartbeat ?? LISTEN_HEARTBEAT,
        );
        const unlisten = async () => {
          listeners.delete(unlisten);
          untrackListener(channel);
          await listener.stop();
        };
        listeners.set(unlisten, listener.isUp);
        return unlisten;
      },
      listenersUp: () => [...listeners.values()].every((isUp) => isUp()),
      async close() {
        await Promise.all([...listeners.keys()].map((stop) => stop()));
        await pool.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dir = opts.dataDir ? path.join(opts.dataDir, 'db') : undefined;
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir);
  await client.waitReady;
  const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    poolStats: () => ({ inUse: 0, waiting: 0 }),
    // One process holds the database: its notifications arrive with the results of the writes.
    async listen(channel, handlers) {
      const unlisten = await client.listen(channel, (payload) => handlers.notify(payload));
      trackListener(channel, handlers).up();
      return () => {
        untrackListener(channel);
        return unlisten();
      };
    },
    listenersUp: () => true,
    close: () => client.close(),
  };
}

/** Applies the committed migrations; an advisory lock keeps several starting copies in line. */
export async function migrate(database: Database): Promise<void> {
  const { db } = database;
  const run =
    database.kind === 'pglite'
      ? (await import('drizzle-orm/pglite/migrator')).migrate
      : (await import('drizzle-orm/node-postgres/migrator')).migrate;
  if (database.kind === 'postgres') {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
      await run(db as never, { migrationsFolder });
    });
    return;
  }
  await run(db as never, { migrationsFolder });
}
