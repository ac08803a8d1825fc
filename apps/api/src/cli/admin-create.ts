import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { migrate, openDatabase } from '../db/client.ts';
import { ensureAdmin } from '../modules/auth/ensure-admin.ts';
import { newTotpSecret, staffTotp } from '../modules/auth/second-factor.ts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string' },
    'totp-secret': { type: 'string' },
    'new-totp-secret': { type: 'boolean' },
  },
});
if (!values.email || !values.password) {
  console.error(
    'Usage: npm run admin:create -- --email admin@example.com --password <at least 8 characters>\n' +
      '         [--totp-secret <base32> | --new-totp-secret]\n' +
      'Without a TOTP secret the admin sets up an authenticator in the console after signing in.',
  );
  process.exit(2);
}
const totpSecret = values['new-totp-secret'] ? newTotpSecret() : values['totp-secret'];
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(database);
  const admin = await ensureAdmin(database.db, config, {
    email: values.email,
    password: values.password,
    name: values.name,
    totpSecret,
    // Run by hand to create or reset the account: the password given is the one it gets.
    resetPassword: true,
  });
  console.log(`Admin account ready: ${admin.email}`);
  if (values['new-totp-secret'] && totpSecret) {
    console.log(`Authenticator secret (base32): ${totpSecret}`);
    console.log(`Authenticator URI: ${staffTotp(totpSecret, admin.email).toString()}`);
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
