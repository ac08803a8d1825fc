import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../src/config.ts';
import { buildApp } from '../src/app.ts';
import { seedDatabase, type ChainSettings } from '../src/db/seed.ts';
import { createChainClient } from '../src/lib/chain.ts';
import type { DeliveryDeployment } from '../src/lib/distributor-abi.ts';
import { createMailer } from '../src/lib/mailer/mailer.ts';
import { createStorage } from '../src/lib/storage/create-storage.ts';
import { getPostgresTestDatabase, getTestDatabase, resetDatabase } from './db.ts';
import { trackMailer } from './mail-tracker.ts';
import { markTestRoutes } from './openapi-answers.ts';

export const TEST_CHAIN: ChainSettings & { rpcUrl: string } = {
  rpcUrl: 'http://127.0.0.1:1',
  chainId: 31337,
  companyWallet: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  usdcAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
};

export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tmc-test-'));
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://127.0.0.1:3999',
    ...env,
  });
}

/** The real app on the worker's test database, emptied and seeded; mail goes to the outbox unless SMTP_URL is given. */
export interface TestAppOptions {
  env?: Record<string, string>;
  chain?: ChainSettings & { rpcUrl: string };
  webDist?: string;
  logStream?: NodeJS.WritableStream;
  /** Extra routes for a test, added before the app is ready. */
  build?: (app: FastifyInstance) => void;
  /** Run on real PostgreSQL even when the other files run on PGlite (races, locks). */
  postgres?: boolean;
  /** A TMC token and distributor on the chain; absent: delivery has not started. */
  delivery?: DeliveryDeployment;
  /** The app's clock (a test that moves the chain's clock moves this one with it). */
  now?: () => Date;
}

export async function buildTestApp(opts: TestAppOptions = {}) {
  const config = testConfig(opts.env);
  const chainSettings = opts.chain ?? TEST_CHAIN;
  const database = await (opts.postgres ? getPostgresTestDatabase() : getTestDatabase());
  // Each app starts from an empty, freshly seeded database.
  await resetDatabase(database);
  await seedDatabase(database.db, config, chainSettings, true);
  const mailer = trackMailer(createMailer({ config, db: database.db, log: () => {} }));
  const storage = createStorage(config);
  const chain = createChainClient({ rpcUrl: chainSettings.rpcUrl, chainId: chainSettings.chainId });
  const app = await buildApp({
    config,
    database,
    mailer,
    storage,
    chain,
    webDist: opts.webDist,
    logStream: opts.logStream,
    delivery: opts.delivery,
    now: opts.now,
  });
  if (opts.build) {
    markTestRoutes(app);
    opts.build(app);
  }
  await app.ready();
  return { app, config, database, db: database.db, mailer, storage };
}
