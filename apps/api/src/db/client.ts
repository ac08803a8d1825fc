import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
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
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  // src/db in development and tests, dist/ once bundled: both sit two levels below apps/api.
  fs.existsSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../drizzle'))
    ? '../drizzle'
    : '../../drizzle',
);

/** PostgreSQL when a URL is given, otherwise PGlite (Postgres in WASM) in `dataDir`. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
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
