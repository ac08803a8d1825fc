import cluster, { type Worker } from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getAddress } from 'viem';
import { ConfigError, loadConfig, startWarnings, type Config } from './config.ts';
import { buildApp } from './app.ts';
import { migrate, openDatabase, type Database } from './db/client.ts';
import { enforceMinConfirmations, seedDatabase, type ChainSettings } from './db/seed.ts';
import { createChainClient } from './lib/chain.ts';
import { bufferedStdout } from './lib/logger.ts';
import { createMailer, startMailWorker } from './lib/mailer/mailer.ts';
import { sharePasswordCores } from './lib/password.ts';
import { serveClusterMetrics } from './lib/metrics.ts';
import { safeError } from './lib/safe-error.ts';
import { createStorage } from './lib/storage/create-storage.ts';
import { ensureAdmin } from './modules/auth/ensure-admin.ts';

/** How often unpaid orders are ended (deadlines are checked on every request regardless). */
const ORDER_LAPSE_INTERVAL_MS = 60_000;

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
    return {
      rpcUrl: config.chain.rpcUrl,
      settings,
      delivery: config.delivery,
      stop: async () => {},
    };
  }
  // Only reached outside production (config refuses production without CHAIN_RPC_URL).
  const { startDevChain, printDevChainBanner } = await import('./dev/dev-chain.ts');
  const dev = await startDevChain({
    dataDir: config.dataDir,
    port: 8545,
    deployDelivery: !config.delivery,
    log,
  });
  printDevChainBanner(dev, log);
  return {
    rpcUrl: dev.rpcUrl,
    settings: dev as ChainSettings,
    delivery: config.delivery ?? dev.delivery,
    stop: () => dev.stop(),
    dev,
  };
}

/**
 * After an error nothing caught, the process state is unknown (a half-done request, a leaked
 * connection): log it and exit non-zero, so the supervisor (README, Production) starts a clean one.
 */
function exitOnUnexpectedErrors() {
  const fatal = (kind: string) => (err: unknown) => {
    console.error(`[fatal] ${kind}, exiting:`, JSON.stringify(safeError(err)));
    process.exit(1);
  };
  process.on('uncaughtException', fatal('uncaught exception'));
  process.on('unhandledRejection', fatal('unhandled promise rejection'));
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

type ChainHandle = Awaited<ReturnType<typeof startChain>>;

/** What runs once per deployment, not per worker: the chain, migrations, seed and admin. */
async function prepare(config: Config, log: (line: string) => void) {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const chainHandle = await startChain(config, log);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  await migrate(database);
  await seedDatabase(database.db, config, chainHandle.settings, !config.chain);
  await enforceMinConfirmations(database.db, config, log);
  if (config.admin) await ensureAdmin(database.db, config, config.admin);
  return { chainHandle, database };
}

async function main() {
  exitOnUnexpectedErrors();
  const config = readConfig();
  const log = (line: string) => console.log(line);
  if (cluster.isPrimary)
    for (const warning of startWarnings(config)) console.warn(`Warning: ${warning}`);
  if (cluster.isPrimary && config.webConcurrency > 1) return runPrimary(config, log);
  if (cluster.isWorker) {
    sharePasswordCores(config.webConcurrency);
    return serve(config, await openWorker(config), log);
  }

  const { chainHandle, database } = await prepare(config, log);
  await serve(config, { chainHandle, database }, log);
}

/** A worker's database, and the chain its primary prepared (named in its environment). */
async function openWorker(config: Config) {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
  });
  const chain = config.chain!;
  const chainHandle: ChainHandle = {
    rpcUrl: chain.rpcUrl,
    settings: {
      chainId: chain.chainId,
      companyWallet: config.companyWallet!,
      usdcAddress: config.usdcAddress!,
    },
    delivery: config.delivery,
    stop: async () => {},
  };
  return { chainHandle, database };
}

/**
 * WEB_CONCURRENCY workers share the port (node:cluster); each has its own database pool and
 * LISTEN connection. The primary prepares the database once, starts a worker again if one dies,
 * and on SIGTERM lets each drain its requests before it stops.
 */
async function runPrimary(config: Config, log: (line: string) => void) {
  const { chainHandle, database } = await prepare(config, log);
  await database.close();
  const settings = chainHandle.settings;
  // Workers reach the chain the primary started or was given, whatever it was.
  const env = {
    CHAIN_RPC_URL: chainHandle.rpcUrl,
    CHAIN_ID: String(settings.chainId),
    COMPANY_WALLET: settings.companyWallet,
    USDC_ADDRESS: settings.usdcAddress,
    ...(chainHandle.delivery && {
      TMC_TOKEN_ADDRESS: chainHandle.delivery.tokenAddress,
      DISTRIBUTOR_ADDRESS: chainHandle.delivery.distributorAddress,
      DISTRIBUTOR_START_BLOCK: chainHandle.delivery.startBlock.toString(),
    }),
  };
  let closing = false;
  let listening = 0;
  const fork = () => cluster.fork(env);
  serveClusterMetrics();
  cluster.on('listening', () => {
    listening += 1;
    if (listening === config.webConcurrency)
      log(
        `TMC presale is running on ${config.publicUrl} with ${config.webConcurrency} workers (API docs: ${config.publicUrl}/docs)`,
      );
  });
  cluster.on('exit', (worker: Worker, code) => {
    if (closing) return;
    console.error(
      `[cluster] worker ${worker.process.pid} exited (${code ?? 'signal'}), starting another`,
    );
    setTimeout(fork, 1_000);
  });
  for (let i = 0; i < config.webConcurrency; i++) fork();

  const shutdown = (signal: string) => {
    if (closing) process.exit(1);
    closing = true;
    log(`[cluster] ${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} workers`);
    const force = setTimeout(() => process.exit(1), 15_000).unref();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    const done = async () => {
      if (Object.keys(cluster.workers ?? {}).length > 0) return;
      await chainHandle.stop();
      clearTimeout(force);
      process.exit(0);
    };
    cluster.on('exit', () => void done());
    void done();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

async function serve(
  config: Config,
  { chainHandle, database }: { chainHandle: ChainHandle; database: Database },
  log: (line: string) => void,
) {
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
    logStream: bufferedStdout(),
    // The dev chain listens on loopback only, so handing its URL to the browser is harmless.
    publicRpcUrl: chainHandle.dev ? chainHandle.rpcUrl : undefined,
    delivery: chainHandle.delivery && {
      tokenAddress: getAddress(chainHandle.delivery.tokenAddress),
      distributorAddress: getAddress(chainHandle.delivery.distributorAddress),
      startBlock: chainHandle.delivery.startBlock,
    },
  });
  const stopMailWorker = startMailWorker(mailer, 30_000);
  if (config.paymentWatcherIntervalMs > 0)
    app.paymentWatcher.start(config.paymentWatcherIntervalMs);
  app.orderLapse.start(ORDER_LAPSE_INTERVAL_MS);
  app.retentionJob.start(60 * 60_000);

  let closing = false;
  const shutdown = async (signal: string) => {
    // A worker hears Ctrl-C from the terminal and its primary's SIGTERM: one drain is enough.
    if (closing && cluster.isWorker) return;
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
  if (cluster.isWorker) return;
  log(`TMC presale is running on ${config.publicUrl} (API docs: ${config.publicUrl}/docs)`);
  if (!fs.existsSync(path.join(webDist, 'index.html')))
    log('The web app is not built: run `npm run build` to serve it here.');
}

main().catch((err: unknown) => {
  console.error(JSON.stringify(safeError(err)));
  process.exit(1);
});
