import pg from 'pg';
import { inject } from 'vitest';

/** One statement on the site's database, for what a test sets up or reads behind the site. */
export async function siteQuery<T extends object>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    return await client.query<T>(text, values);
  } finally {
    await client.end();
  }
}
