import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { REAL_CHAIN_MIN_CONFIRMATIONS } from '@tmc/shared';

/** The seller printed on receipts unless SELLER_NAME and SELLER_ADDRESS say otherwise. */
export const DEFAULT_SELLER = {
  name: 'TMC Presale Pty Ltd',
  address: 'Sydney NSW 2000, Australia',
} as const;

/** Used only outside production; production refuses to start with it. */
export const DEV_JWT_SECRET = 'dev-only-secret-change-me-dev-only-secret';

const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** An http(s) base URL, kept without a trailing slash. */
const baseUrl = optional
  .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional())
  .transform((v) => v?.replace(/\/+$/, ''));

const address = optional.refine((v) => v === undefined || /^0x[0-9a-fA-F]{40}$/.test(v), {
  message: 'must be 0x followed by 40 hex characters',
});

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY lists. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isProxyAddress = (entry: string) => {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};

/**
 * The proxies in front of the API: a number of hops or a list of their addresses/CIDRs.
 * Never "trust every forwarded address": any client could then pick its own rate-limit key.
 */
const trustProxy = optional.transform((value, ctx): false | number | string[] => {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  if (value !== 'true' && entries.every(isProxyAddress)) return entries;
  ctx.addIssue({
    code: 'custom',
    message:
      value === 'true'
        ? "true would trust any client's X-Forwarded-For: give the number of proxies in front of the API (e.g. 1) or their addresses"
        : 'must be a number of proxy hops or a comma-separated list of proxy addresses or CIDRs',
  });
  return z.NEVER;
});

/** A number of worker processes, or `auto` for one per core. */
const webConcurrency = optional.transform((value, ctx): number => {
  if (value === undefined) return 1;
  if (value === 'auto') return os.availableParallelism();
  if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 64) return Number(value);
  ctx.addIssue({ code: 'custom', message: 'must be a whole number from 1 to 64, or auto' });
  return z.NEVER;
});

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: optional.pipe(z.url().optional()),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional,
  JWT_SECRET: optional,
  SMTP_URL: optional,
  MAIL_FROM: z.string().default('TMC Presale <no-reply@tmc.local>'),
  S3_BUCKET: optional,
  S3_REGION: optional,
  S3_ENDPOINT: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  CHAIN_RPC_URL: optional,
  /** A JSON-RPC URL safe to hand to browsers (wallets add the chain with it); never one with a key. */
  CHAIN_PUBLIC_RPC_URL: baseUrl,
  /** Block explorer base, e.g. https://etherscan.io: hashes and addresses link to /tx/… and /address/…. */
  EXPLORER_URL: baseUrl,
  CHAIN_ID: optional.pipe(z.coerce.number<string | undefined>().int().positive().optional()),
  COMPANY_WALLET: address,
  USDC_ADDRESS: address,
  /** An existing TMC token and TmcDistributor (all three or none); unset, delivery has not started. */
  TMC_TOKEN_ADDRESS: address,
  DISTRIBUTOR_ADDRESS: address,
  /** The block the distributor was deployed in: its events are read from there. */
  DISTRIBUTOR_START_BLOCK: optional.pipe(
    z.coerce.number<string | undefined>().int().min(0).optional(),
  ),
  /** The seller named on the buyer's PDF receipts (defaults: DEFAULT_SELLER). */
  SELLER_NAME: optional,
  SELLER_ADDRESS: optional,
  MIN_CONFIRMATIONS: optional.pipe(z.coerce.number<string | undefined>().int().min(1).optional()),
  /** How often the payment watcher reads new blocks; 0 turns it off. */
  PAYMENT_WATCHER_INTERVAL_SECONDS: optional.pipe(
    z.coerce.number<string | undefined>().min(0).max(3600).optional(),
  ),
  ADMIN_EMAIL: optional,
  ADMIN_PASSWORD: optional,
  ADMIN_PASSWORD_RESET: optional,
  /** The bootstrap admin's authenticator secret (base32), so staff can sign in with TOTP at once. */
  ADMIN_TOTP_SECRET: optional.refine((v) => v === undefined || /^[A-Za-z2-7=\s]{16,}$/.test(v), {
    message: 'must be a base32 secret of at least 16 characters',
  }),
  TOKEN_PRICE_AUD: optional.refine((v) => v === undefined || /^\d+(\.\d+)?$/.test(v), {
    message: 'must be a decimal number',
  }),
  TOKEN_SYMBOL: optional,
  /** Initial setting: minutes an ETH or USDC rate may be old and still price a crypto order. */
  RATE_MAX_AGE_MINUTES: optional.pipe(
    z.coerce.number<string | undefined>().int().min(1).max(10_080).optional(),
  ),
  TOKEN_NAME: optional,
  SWAP_WALLET: address,
  WHITE_PAPER_URL: optional,
  /** Set when running behind a load balancer, so rate limits see the client's address. */
  TRUST_PROXY: trustProxy,
  /** Worker processes serving requests (node:cluster); more than 1 needs DATABASE_URL. */
  WEB_CONCURRENCY: webConcurrency,
  /** Database connections each worker may open (its pool), besides one that LISTENs. */
  DATABASE_POOL_SIZE: optional.pipe(
    z.coerce.number<string | undefined>().int().min(1).max(200).optional(),
  ),
  /** Bearer token that opens GET /metrics (Prometheus); unset, the endpoint is off. */
  METRICS_TOKEN: optional,
  /** Shown on the staff System page, e.g. a release tag or commit. */
  APP_VERSION: optional,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export class ConfigError extends Error {}

export type Config = Readonly<ReturnType<typeof toConfig>>;

/** The dev chain's id: a CHAIN_RPC_URL with it is a local node, not a real chain. */
const DEV_CHAIN_ID = 31337;

/** Production, or a chain other than the dev node: payments need REAL_CHAIN_MIN_CONFIRMATIONS. */
const confirmationsFloor = (env: z.infer<typeof envSchema>) =>
  env.NODE_ENV === 'production' || (env.CHAIN_RPC_URL && (env.CHAIN_ID ?? 1) !== DEV_CHAIN_ID)
    ? REAL_CHAIN_MIN_CONFIRMATIONS
    : 1;

function toConfig(env: z.infer<typeof envSchema>) {
  const production = env.NODE_ENV === 'production';
  const minConfirmationsFloor = confirmationsFloor(env);
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    production,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE ?? 10,
    webConcurrency: env.WEB_CONCURRENCY,
    jwtSecret: env.JWT_SECRET ?? DEV_JWT_SECRET,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION ?? 'us-east-1',
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    /** Unset: the embedded dev chain is started (never in production). */
    chain: env.CHAIN_RPC_URL
      ? { rpcUrl: env.CHAIN_RPC_URL, chainId: env.CHAIN_ID ?? 1 }
      : undefined,
    chainPublicRpcUrl: env.CHAIN_PUBLIC_RPC_URL,
    explorerUrl: env.EXPLORER_URL,
    companyWallet: env.COMPANY_WALLET,
    usdcAddress: env.USDC_ADDRESS,
    /** Unset: the dev chain deploys its own; in production, delivery has not started. */
    delivery:
      env.TMC_TOKEN_ADDRESS && env.DISTRIBUTOR_ADDRESS && env.DISTRIBUTOR_START_BLOCK !== undefined
        ? {
            tokenAddress: env.TMC_TOKEN_ADDRESS,
            distributorAddress: env.DISTRIBUTOR_ADDRESS,
            startBlock: BigInt(env.DISTRIBUTOR_START_BLOCK),
          }
        : undefined,
    seller: {
      name: env.SELLER_NAME ?? DEFAULT_SELLER.name,
      address: env.SELLER_ADDRESS ?? DEFAULT_SELLER.address,
    },
    minConfirmations: env.MIN_CONFIRMATIONS ?? minConfirmationsFloor,
    /** Whether MIN_CONFIRMATIONS was given (a difference from the database is then worth a log line). */
    minConfirmationsFromEnv: env.MIN_CONFIRMATIONS !== undefined,
    /** The fewest confirmations the settings may ask for (start and the staff form enforce it). */
    minConfirmationsFloor,
    paymentWatcherIntervalMs: (env.PAYMENT_WATCHER_INTERVAL_SECONDS ?? 15) * 1000,
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? {
            email: env.ADMIN_EMAIL,
            password: env.ADMIN_PASSWORD,
            totpSecret: env.ADMIN_TOTP_SECRET,
            // Applied to an existing admin only when asked for (else only at creation).
            resetPassword: env.ADMIN_PASSWORD_RESET === 'true' || env.ADMIN_PASSWORD_RESET === '1',
          }
        : undefined,
    presale: {
      tokenPriceAud: env.TOKEN_PRICE_AUD,
      tokenSymbol: env.TOKEN_SYMBOL,
      tokenName: env.TOKEN_NAME,
      swapWallet: env.SWAP_WALLET,
      whitePaperUrl: env.WHITE_PAPER_URL,
      rateMaxAgeMinutes: env.RATE_MAX_AGE_MINUTES,
    },
    logLevel: env.LOG_LEVEL,
    metricsToken: env.METRICS_TOKEN,
    appVersion: env.APP_VERSION ?? 'development',
    trustProxy: env.TRUST_PROXY,
  };
}

/** What production must be given explicitly, each with the variable to name. */
function productionProblems(env: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (!env.JWT_SECRET || env.JWT_SECRET === DEV_JWT_SECRET)
    problems.push('JWT_SECRET must be set to a secret of at least 32 bytes in production');
  else if (Buffer.byteLength(env.JWT_SECRET) < 32)
    problems.push('JWT_SECRET must be at least 32 bytes long');
  if (!env.CHAIN_RPC_URL)
    problems.push(
      'CHAIN_RPC_URL must be set in production (the embedded dev chain is for development only)',
    );
  if (!env.CHAIN_ID) problems.push('CHAIN_ID must be set in production');
  if (env.CHAIN_ID === DEV_CHAIN_ID)
    problems.push('CHAIN_ID 31337 is the dev chain and is refused in production');
  if (!env.COMPANY_WALLET) problems.push('COMPANY_WALLET must be set in production');
  if (!env.USDC_ADDRESS) problems.push('USDC_ADDRESS must be set in production');
  if (!env.SMTP_URL)
    problems.push('SMTP_URL must be set in production (the outbox is for development only)');
  if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY))
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set when S3_BUCKET is set');
  if (env.METRICS_TOKEN !== undefined && env.METRICS_TOKEN.length < METRICS_TOKEN_MIN)
    problems.push(
      `METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN} characters long in production (or unset, which turns GET /metrics off)`,
    );
  return problems;
}

/** A guessable metrics token would tell anyone the sales rate and the failed logins. */
const METRICS_TOKEN_MIN = 32;

/**
 * What production start should warn about without refusing: without TRUST_PROXY behind a load
 * balancer every client shares the balancer's address, so per-address limits become site-wide.
 */
export function startWarnings(config: Config, source: NodeJS.ProcessEnv = process.env): string[] {
  if (!config.production || source.TRUST_PROXY !== undefined) return [];
  return [
    "TRUST_PROXY is not set: if a proxy or load balancer is in front of the server, every client shares its address and the per-address limits (sign-up, codes, login) apply to all of them at once; set TRUST_PROXY to the hop count or the proxies' addresses",
  ];
}

/** Parses the environment once; throws ConfigError naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  if (parsed.data.CHAIN_RPC_URL && !(parsed.data.COMPANY_WALLET && parsed.data.USDC_ADDRESS))
    throw new ConfigError('COMPANY_WALLET and USDC_ADDRESS must be set when CHAIN_RPC_URL is set');
  const deliveryVariables = [
    parsed.data.TMC_TOKEN_ADDRESS,
    parsed.data.DISTRIBUTOR_ADDRESS,
    parsed.data.DISTRIBUTOR_START_BLOCK,
  ].filter((v) => v !== undefined).length;
  if (deliveryVariables !== 0 && deliveryVariables !== 3)
    throw new ConfigError(
      'TMC_TOKEN_ADDRESS, DISTRIBUTOR_ADDRESS and DISTRIBUTOR_START_BLOCK must be set together, or none of them',
    );
  if (parsed.data.WEB_CONCURRENCY > 1 && !parsed.data.DATABASE_URL)
    throw new ConfigError(
      'WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database belongs to one process',
    );
  const floor = confirmationsFloor(parsed.data);
  if (parsed.data.MIN_CONFIRMATIONS !== undefined && parsed.data.MIN_CONFIRMATIONS < floor)
    throw new ConfigError(
      `Refusing to start:\n  MIN_CONFIRMATIONS must be at least ${floor} in production or on a real chain (CHAIN_RPC_URL)`,
    );
  if (parsed.data.NODE_ENV === 'production') {
    const problems = productionProblems(parsed.data);
    if (problems.length) throw new ConfigError(`Refusing to start:\n  ${problems.join('\n  ')}`);
  }
  return Object.freeze(toConfig(parsed.data));
}
