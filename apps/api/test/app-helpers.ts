/**
 * The preambles API test files share, in one place: the app with a real mailbox, a signed-in
 * buyer, a verified staff member with TOTP and a guest order. Start a new test file here.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import type { Storage } from '../src/lib/storage/storage.ts';
import { ensureAdmin } from '../src/modules/auth/ensure-admin.ts';
import { people, type Person } from './affiliates-helpers.ts';
import { api, freshEmail, mailbox, verifiedUser, type Mailbox } from './auth-helpers.ts';
import { useDevChain, type DevChainHandle } from './chain-node.ts';
import { chainTools } from './crypto-helpers.ts';
import { audBankId, bankBody, upload } from './purchases-helpers.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { STAFF_TOTP_SECRET, staffLogin } from './staff-helpers.ts';
import { buildTestApp, type TestAppOptions } from './test-app.ts';

export type { ApiClient, Mailbox } from './auth-helpers.ts';

/** A signed-in buyer: signs up, verifies with the mailed code and logs in (the real flow). */
export { verifiedUser as signedInBuyer };

export interface MailedApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  storage: Storage;
  sink: SmtpSink;
  box: Mailbox;
  client: ReturnType<typeof api>;
}

/**
 * The real app with its mail going to an SMTP sink, built in beforeAll and closed in afterAll:
 * call it at the top level of the test file. `ready` receives the parts once they are built
 * (assign them to the file's variables); the answer's fields are set from then on too.
 */
export function useMailedApp(
  ready?: (parts: MailedApp) => unknown,
  opts: TestAppOptions = {},
): MailedApp {
  const parts = {} as MailedApp;
  beforeAll(async () => {
    const sink = await startSmtpSink();
    const built = await buildTestApp({ ...opts, env: { SMTP_URL: sink.url, ...opts.env } });
    Object.assign(parts, {
      app: built.app,
      db: built.db,
      config: built.config,
      storage: built.storage,
      sink,
      box: mailbox(sink),
      client: api(built.app),
    } satisfies MailedApp);
    await ready?.(parts);
  });
  afterAll(async () => {
    await parts.app?.close();
    await parts.sink?.stop();
  });
  return parts;
}

export interface ChainApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Adds a person (buyer, affiliate or staff) straight to the database, with a real access token. */
  person: (opts?: Parameters<ReturnType<typeof people>>[0]) => Promise<Person>;
  tools: ReturnType<typeof chainTools>;
  /** A staff member (role admin) of the file's own. */
  admin: Person;
}

/**
 * The real app on a dev chain of the file's own (mail to the outbox): the chain starts, then the
 * app is built in beforeAll and closed in afterAll. Call it at the top level of the file (or of a
 * describe); `ready` receives the parts once they are built. Answers the chain's handle.
 */
export function useChainApp(ready: (parts: ChainApp) => unknown): DevChainHandle {
  const devChain = useDevChain();
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    const { rpcUrl, chainId, companyWallet, usdcAddress } = devChain();
    const built = await buildTestApp({ chain: { rpcUrl, chainId, companyWallet, usdcAddress } });
    app = built.app;
    const person = people(built.db, built.config);
    await ready({
      app: built.app,
      db: built.db,
      config: built.config,
      person,
      tools: chainTools(devChain()),
      admin: await person({ role: 'admin' }),
    });
  });
  afterAll(() => app?.close());
  return devChain;
}

export const STAFF_PASSWORD = 'staff password 1';

/** A staff account with a verified e-mail and an authenticator (STAFF_TOTP_SECRET), as ensureAdmin makes it. */
export async function verifiedStaff(
  db: Db,
  config: Config,
  opts: { email?: string; password?: string } = {},
) {
  const email = opts.email ?? freshEmail('staff');
  const password = opts.password ?? STAFF_PASSWORD;
  await ensureAdmin(db, config, { email, password, totpSecret: STAFF_TOTP_SECRET });
  return { email, password };
}

/** A verified staff member logged in with password and TOTP code; answers the login's data. */
export async function signedInStaff(app: FastifyInstance, db: Db, config: Config) {
  const { email, password } = await verifiedStaff(db, config);
  const data = await staffLogin(app, email, password);
  return { email, password, user: data.user, access: data.tokens.access.token };
}

/**
 * A guest checkout (POST /v1/purchase/add-noUser) of the 500 EUR bank order with its receipt;
 * `guest` carries the account fields (email, password, name, …). Answers the response.
 */
export async function guestOrder(
  app: FastifyInstance,
  guest: Record<string, unknown>,
  opts: { ip?: string } = {},
) {
  const body = bankBody(await audBankId(app), (await upload(app)).link, guest);
  return api(app).post('/v1/purchase/add-noUser', body, opts);
}
