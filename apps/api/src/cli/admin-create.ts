import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { migrate, openDatabase } from '../db/client.ts';
import { ensureAdmin } from '../modules/account/ensure-admin.ts';

const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
});
if (!values.email || !values.password) {
  console.error(
    'Usage: npm run admin:create -- --email admin@example.com --password <at least 8 characters>',
  );
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(database);
  const admin = await ensureAdmin(database.db, {
    email: values.email,
    password: values.password,
    name: values.name,
  });
  console.log(`Admin account ready: ${admin.email}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
