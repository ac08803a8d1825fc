import { CRYPTO_CURRENCIES } from '@tmc/shared';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { ChainClient } from '../../lib/chain.ts';
import { metrics, type StatusFigures } from '../../lib/metrics.ts';
import { WATCHER_NAME } from '../transactions/payment-watcher.ts';
import { readSystemFigures } from './system-status.repo.ts';
import type { ReadDeliveryFigures } from '../delivery/delivery-figures.ts';

export type Level = 'ok' | 'amber' | 'red';

/** Where each figure of the System page turns amber, then red (README, Operations). */
export const THRESHOLDS = {
  /** Seconds since the watcher's last good poll, as multiples of its interval (and at least). */
  watcherSilence: { amberIntervals: 4, redIntervals: 20, amberMinSeconds: 60, redMinSeconds: 300 },
  watcherLagBlocks: { amber: 25, red: 100 },
  /**
   * Blocks the watcher's next block is beyond the chain's head: it waits for blocks this chain
   * has not made (a reset dev chain, a replaced node, another network) and reads no payment.
   */
  watcherAheadBlocks: { red: 0 },
  /** Age of the chain's newest block; not judged on the dev chain, which mines only on demand. */
  headBlockAgeSeconds: { amber: 120, red: 600 },
  mailQueueDepth: { amber: 20, red: 200 },
  mailOldestAgeSeconds: { amber: 600, red: 3600 },
} as const;

const DEV_CHAIN_ID = 31337;
const HEAD_TIMEOUT_MS = 2_000;
/** A head read is reused this long, so scrapes and page refreshes do not each cost an RPC call. */
const HEAD_FRESH_MS = 3_000;

const worst = (...levels: Level[]): Level =>
  levels.includes('red') ? 'red' : levels.includes('amber') ? 'amber' : 'ok';
const past = (value: number | bigint, limit: { amber: number; red: number }): Level =>
  value > limit.red ? 'red' : value > limit.amber ? 'amber' : 'ok';
const ageSeconds = (at: Date, now: number) => Math.max(0, Math.round((now - at.getTime()) / 1000));

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e as Error)),
    );
  });
}

/** Blocks from the watcher's next block up to the head (0 when it is caught up). */
const lagOf = (head: bigint | undefined, nextBlock: bigint) =>
  head === undefined ? undefined : head + 1n > nextBlock ? head + 1n - nextBlock : 0n;

/**
 * Blocks the watcher's next block lies beyond the head (0 when it does not). The head is the
 * higher of the one read here (while the RPC answers) and the one the watcher's own last poll
 * read, so neither a head cached here nor a lagging node behind a load balancer raises it; a
 * chain that went back (a reset) shows once the watcher has polled it.
 */
function aheadOf(
  live: bigint | undefined,
  watcher: { nextBlock: bigint; headBlock: bigint | null } | undefined,
) {
  if (!watcher) return undefined;
  const heads = [live, watcher.headBlock ?? undefined].filter((h) => h !== undefined);
  if (heads.length === 0) return undefined;
  const head = heads.reduce((a, b) => (a > b ? a : b));
  return watcher.nextBlock > head + 1n ? watcher.nextBlock - head - 1n : 0n;
}

const nullDelivery = {
  claimed: null,
  published: null,
  unclaimed: null,
  held: [],
  fundingShortfall: null,
  readerLagBlocks: null,
};

interface Head {
  reachable: boolean;
  number?: bigint;
  time?: Date;
  readAt: number;
}

/**
 * The state of the parts that run without anyone watching: the payment watcher, the chain's RPC
 * endpoint, the mail queue, the database and this copy's LISTEN connections. The staff System
 * page shows it and the Prometheus gauges read the same figures.
 */
export function createSystemStatusService({
  config,
  database,
  chain,
  deliveryFigures,
}: {
  config: Config;
  database: Database;
  chain: Pick<ChainClient, 'chainId' | 'getBlockNumber' | 'getBlock'>;
  /** Absent: delivery has not started (no distributor configured). */
  deliveryFigures?: ReadDeliveryFigures;
}) {
  let head: Head | undefined;
  let reading: Promise<Head> | undefined;
  /** The last head the RPC gave: the watcher's lag is still measured from it while the RPC is down. */
  let lastKnownHead: bigint | undefined;
  const startedAt = Date.now();

  async function readHead(): Promise<Head> {
    if (head && Date.now() - head.readAt < HEAD_FRESH_MS) return head;
    reading ??= (async (): Promise<Head> => {
      let number: bigint;
      try {
        number = await withTimeout(chain.getBlockNumber(), HEAD_TIMEOUT_MS);
      } catch {
        return { reachable: false, readAt: Date.now() };
      }
      // A block the endpoint will not hand out leaves its age unknown, not the endpoint down.
      const time = await withTimeout(chain.getBlock(number), HEAD_TIMEOUT_MS).then(
        (block) => new Date(Number(block.timestamp) * 1000),
        () => undefined,
      );
      lastKnownHead = number;
      return { reachable: true, number, time, readAt: Date.now() };
    })().finally(() => (reading = undefined));
    head = await reading;
    return head;
  }

  async function readDatabase() {
    try {
      return { reachable: true as const, ...(await readSystemFigures(database.db, WATCHER_NAME)) };
    } catch {
      return { reachable: false as const };
    }
  }

  async function readDelivery(headNumber: bigint | undefined) {
    if (!deliveryFigures) return null;
    try {
      return await deliveryFigures(database.db, headNumber);
    } catch {
      return null;
    }
  }

  async function status() {
    const [chainHead, figures] = await Promise.all([readHead(), readDatabase()]);
    const now = Date.now();
    const intervalSeconds = config.paymentWatcherIntervalMs / 1000;
    const watcherRow = figures.reachable ? figures.watcher : undefined;
    const headNumber = chainHead.number ?? lastKnownHead;
    const lagBlocks = watcherRow && lagOf(headNumber, watcherRow.nextBlock);
    const aheadBlocks = aheadOf(chainHead.number, watcherRow);
    const silence = watcherRow?.lastSuccessAt
      ? ageSeconds(watcherRow.lastSuccessAt, now)
      : undefined;
    const t = THRESHOLDS.watcherSilence;
    const silenceLevel: Level =
      silence === undefined
        ? 'red'
        : silence > Math.max(t.redMinSeconds, intervalSeconds * t.redIntervals)
          ? 'red'
          : silence > Math.max(t.amberMinSeconds, intervalSeconds * t.amberIntervals)
            ? 'amber'
            : 'ok';
    const watcherLevel: Level =
      intervalSeconds === 0
        ? 'amber'
        : worst(
            silenceLevel,
            lagBlocks === undefined ? 'ok' : past(lagBlocks, THRESHOLDS.watcherLagBlocks),
            aheadBlocks !== undefined && aheadBlocks > THRESHOLDS.watcherAheadBlocks.red
              ? 'red'
              : 'ok',
          );

    const headAge = chainHead.time ? ageSeconds(chainHead.time, now) : undefined;
    const chainLevel: Level = !chainHead.reachable
      ? 'red'
      : headAge === undefined || chain.chainId === DEV_CHAIN_ID
        ? 'ok'
        : past(headAge, THRESHOLDS.headBlockAgeSeconds);

    const mailOldest =
      figures.reachable && figures.mailOldest ? ageSeconds(figures.mailOldest, now) : 0;
    const mailLevel: Level = figures.reachable
      ? worst(
          past(figures.mailQueueDepth, THRESHOLDS.mailQueueDepth),
          past(mailOldest, THRESHOLDS.mailOldestAgeSeconds),
          figures.mailGivenUpToday > 0 ? 'amber' : 'ok',
        )
      : 'red';

    const pool = database.poolStats();
    const databaseLevel: Level = !figures.reachable ? 'red' : pool.waiting > 0 ? 'amber' : 'ok';
    const rateLimitSeconds = (figures.reachable ? (figures.rateMaxAgeMinutes ?? 0) : 0) * 60;
    const coins = CRYPTO_CURRENCIES.map((code) => {
      const row = figures.reachable ? figures.cryptoRates.find((r) => r.code === code) : undefined;
      return {
        code,
        updatedAt: row?.updatedAt.toISOString() ?? null,
        ageSeconds: row ? ageSeconds(row.updatedAt, now) : null,
      };
    });
    // Past the limit crypto orders are refused (503); amber from half of it, to act in time.
    const ratesLevel: Level = !figures.reachable
      ? 'red'
      : worst(
          ...coins.map((c): Level =>
            c.ageSeconds === null || c.ageSeconds > rateLimitSeconds
              ? 'red'
              : c.ageSeconds > rateLimitSeconds / 2
                ? 'amber'
                : 'ok',
          ),
        );
    const connections = metrics.listeners();
    const listenersLevel: Level = connections.some((c) => !c.up) ? 'red' : 'ok';

    const delivery = await readDelivery(headNumber);
    // A reader behind as the watcher would be; a distributor short of what its root owes.
    const deliveryLevel: Level = !deliveryFigures
      ? 'ok'
      : !delivery
        ? 'red'
        : worst(
            delivery.readerLagBlocks === null
              ? 'ok'
              : past(BigInt(delivery.readerLagBlocks), THRESHOLDS.watcherLagBlocks),
            delivery.fundingShortfall === null || /[1-9]/.test(delivery.fundingShortfall)
              ? 'amber'
              : 'ok',
          );

    return {
      status: worst(
        watcherLevel,
        chainLevel,
        mailLevel,
        databaseLevel,
        listenersLevel,
        ratesLevel,
        deliveryLevel,
      ),
      checkedAt: new Date(now).toISOString(),
      version: config.appVersion,
      nodeVersion: process.version,
      uptimeSeconds: Math.round((now - startedAt) / 1000),
      watcher: {
        status: watcherLevel,
        enabled: intervalSeconds > 0,
        intervalSeconds,
        nextBlock: watcherRow ? `${watcherRow.nextBlock}` : null,
        lagBlocks: lagBlocks === undefined ? null : `${lagBlocks}`,
        aheadBlocks: aheadBlocks === undefined ? null : `${aheadBlocks}`,
        lastSuccessAt: watcherRow?.lastSuccessAt?.toISOString() ?? null,
        lastSuccessAgeSeconds: silence ?? null,
        leader:
          watcherRow?.holder && watcherRow.leaseUntil && watcherRow.leaseUntil.getTime() > now
            ? watcherRow.holder
            : null,
        leaseUntil: watcherRow?.leaseUntil?.toISOString() ?? null,
      },
      chain: {
        status: chainLevel,
        chainId: chain.chainId,
        reachable: chainHead.reachable,
        headBlock: chainHead.number === undefined ? null : `${chainHead.number}`,
        headBlockAgeSeconds: headAge ?? null,
      },
      mail: {
        status: mailLevel,
        queueDepth: figures.reachable ? figures.mailQueueDepth : null,
        oldestAgeSeconds: figures.reachable ? mailOldest : null,
        retrying: figures.reachable ? figures.mailRetrying : null,
        givenUpToday: figures.reachable ? figures.mailGivenUpToday : null,
      },
      database: {
        status: databaseLevel,
        kind: database.kind,
        reachable: figures.reachable,
        poolInUse: pool.inUse,
        poolWaiting: pool.waiting,
      },
      listeners: { status: listenersLevel, connections },
      rates: {
        status: ratesLevel,
        maxAgeSeconds: figures.reachable ? rateLimitSeconds : null,
        coins,
      },
      delivery: deliveryFigures ? { status: deliveryLevel, ...(delivery ?? nullDelivery) } : null,
      thresholds: THRESHOLDS,
    };
  }

  return {
    status,

    /** The figures the Prometheus gauges read on each scrape. */
    async figures(): Promise<StatusFigures> {
      const [chainHead, figures] = await Promise.all([readHead(), readDatabase()]);
      const now = Date.now();
      const pool = database.poolStats();
      const watcherRow = figures.reachable ? figures.watcher : undefined;
      const headNumber = chainHead.number ?? lastKnownHead;
      const delivery = await readDelivery(headNumber);
      return {
        delivery: delivery ?? undefined,
        watcher: watcherRow && {
          nextBlock: watcherRow.nextBlock,
          lagBlocks: lagOf(headNumber, watcherRow.nextBlock),
          aheadBlocks: aheadOf(chainHead.number, watcherRow),
          lastSuccessAt: watcherRow.lastSuccessAt ?? undefined,
        },
        unmatchedOpen: figures.reachable ? figures.unmatchedOpen : 0,
        mailQueueDepth: figures.reachable ? figures.mailQueueDepth : 0,
        mailOldestAgeSeconds:
          figures.reachable && figures.mailOldest ? ageSeconds(figures.mailOldest, now) : 0,
        chainRpcUp: chainHead.reachable,
        headBlockAgeSeconds: chainHead.time ? ageSeconds(chainHead.time, now) : undefined,
        poolInUse: pool.inUse,
        poolWaiting: pool.waiting,
      };
    },
  };
}

export type SystemStatusService = ReturnType<typeof createSystemStatusService>;
export type SystemStatus = Awaited<ReturnType<SystemStatusService['status']>>;
