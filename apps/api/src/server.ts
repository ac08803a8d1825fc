import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { buildApp } from './app.ts';
import { migrate, openDatabase } from './db/client.ts';
import { seedDatabase, type ChainSettings } from './db/seed.ts';
import { createChainClient } from './lib/chain.ts';
import { createMailer, startMailWorker } from './lib/mailer/mailer.ts';
import { createStorage } from './lib/storage/storage.ts';
import { ensureAdmin } from './modules/account/ensure-admin.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/web/dist, seen from apps/api/src (tsx) and from apps/api/dist (bundle) alike. */
const webDist = path.resolve(here, '../../web/dist');

async function startChain(config: Config, log: (line: string) => void) {
  if (config.chain) {
    const settings: ChainSettings = {
      chainId: config.chain.chainId,
      companyWallet: config.companyWallet!,
      usdcAddress: config.usdcAddress!,
    };
    return { rpcUrl: config.chain.rpcUrl, settings, stop: async () => {} };
  }
  // Only reached outside production (config refuses production without CHAIN_RPC_URL).
  const { startDevChain, printDevChainBanner } = await import('./dev/dev-chain.ts');
  const dev = await startDevChain({ dataDir: config.dataDir, port: 8545, log });
  printDevChainBanner(dev, log);
  return { rpcUrl: dev.rpcUrl, settings: dev as ChainSettings, stop: () => dev.stop(), dev };
}

/**
 * After an error nothing caught, the process state is unknown (a half-done request, a leaked
 * connection): log it and exit non-zero, so the supervisor (README, Production) starts a clean one.
 */
function exitOnUnexpectedErrors() {
  const fatal = (kind: string) => (err: unknown) => {
    console.error(`[fatal] ${kind}, exiting:`, err);
    process.exit(1);
  };
  process.on('uncaughtException', fatal('uncaught exception'));
  process.on('unhandledRejection', fatal('unhandled promise rejection'));
}

async function main() {
  exitOnUnexpectedErrors();
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const log = (line: string) => console.log(line);

  const chainHandle = await startChain(config, log);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(database);
  await seedDatabase(database.db, config, chainHandle.settings, !config.chain);
  if (config.admin) await ensureAdmin(database.db, config, config.admin);

  const mailer = createMailer({ config, db: database.db, log });
  const storage = createStorage(config);
  const chain = createChainClient({
    rpcUrl: chainHandle.rpcUrl,
    chainId: chainHandle.settings.chainId,
  });
  const app = await buildApp({
    config,
    database,
    mailer,
    storage,
    chain,
    webDist,
    // The dev chain listens on loopback only, so handing its URL to the browser is harmless.
    publicRpcUrl: chainHandle.dev ? chainHandle.rpcUrl : undefined,
  });
  const stopMailWorker = startMailWorker(mailer, 30_000);
  if (config.paymentWatcherIntervalMs > 0)
    app.paymentWatcher.start(config.paymentWatcherIntervalMs);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) process.exit(1);
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      stopMailWorker();
      await app.close();
      await mailer.close();
      await database.close();
      await chainHandle.stop();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  log(`TMC presale is running on ${config.publicUrl} (API docs: ${config.publicUrl}/docs)`);
  if (!fs.existsSync(path.join(webDist, 'index.html')))
    log('The web app is not built: run `npm run build` to serve it here.');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
