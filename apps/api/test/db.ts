import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { migrate, openDatabase, type Database } from '../src/db/client.ts';
import { freshDatabase } from './throwaway-postgres.ts';

/**
 * One migrated database per test worker (a new PGlite costs seconds), emptied between files:
 * PGlite by default, or a database of its own on the DATABASE_URL server when that is set.
 * Tests of races and locks ask for `getPostgresTestDatabase()`, which is always real PostgreSQL.
 */
const holder = globalThis as {
  __tmcTestDb?: Promise<Database>;
  __tmcPostgresDb?: Promise<Database>;
};

async function createOnServer(serverUrl: string): Promise<Database> {
  const name = `tmc_test_${process.env.VITEST_POOL_ID ?? '0'}`;
  const database = await openDatabase({ databaseUrl: await freshDatabase(serverUrl, name) });
  await migrate(database);
  return database;
}

async function createPglite(): Promise<Database> {
  const database = await openDatabase({});
  await migrate(database);
  return database;
}

export function getPostgresTestDatabase(): Promise<Database> {
  if (process.env.DATABASE_URL) return getTestDatabase();
  holder.__tmcPostgresDb ??= createOnServer(inject('postgresUrl'));
  return holder.__tmcPostgresDb;
}

export function getTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  holder.__tmcTestDb ??= serverUrl ? createOnServer(serverUrl) : createPglite();
  return holder.__tmcTestDb;
}

/** Empties every table of the app (not the migrations journal). */
export async function resetDatabase(database: Database) {
  const { rows } = await database.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const names = rows.map((r) => `"${r.tablename}"`).join(', ');
  if (names) await database.db.execute(sql.raw(`truncate ${names} restart identity cascade`));
}
