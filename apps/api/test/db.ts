import { sql } from 'drizzle-orm';
import { migrate, openDatabase, type Database } from '../src/db/client.ts';

/**
 * One migrated database per test worker (a new PGlite costs seconds), emptied between files.
 * With DATABASE_URL set, each worker gets its own database on that server instead.
 */
const holder = globalThis as { __tmcTestDb?: Promise<Database> };

async function create(): Promise<Database> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({});
    await migrate(database);
    return database;
  }
  const name = `tmc_test_${process.env.VITEST_POOL_ID ?? '0'}`;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await migrate(database);
  return database;
}

export function getTestDatabase(): Promise<Database> {
  holder.__tmcTestDb ??= create();
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
