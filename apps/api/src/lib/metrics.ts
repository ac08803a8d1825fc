import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  AggregatorRegistry,
  Counter,
  Gauge,
  type Metric,
  type Registry,
  type RegistryContentType,
} from 'prom-client';
import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import { listenerStates } from '../db/listeners.ts';

/**
 * Every Prometheus metric of the process, in one registry. With WEB_CONCURRENCY workers the
 * worker answering GET /metrics asks the primary, which gathers every worker's registry
 * (prom-client's AggregatorRegistry over node:cluster IPC) and answers the sum: counters and
 * histograms add up, figures read from the database (the same in every worker) take the maximum.
 */
export const registry = new AggregatorRegistry();
AggregatorRegistry.setRegistries(registry);

/** What the database and the chain say now: read once per scrape, shared by the gauges below. */
export interface StatusFigures {
  watcher?: { nextBlock: bigint; lagBlocks?: bigint; aheadBlocks?: bigint; lastSuccessAt?: Date };
  unmatchedOpen: number;
  mailQueueDepth: number;
  mailOldestAgeSeconds: number;
  chainRpcUp: boolean;
  headBlockAgeSeconds?: number;
  poolInUse: number;
  poolWaiting: number;
  /** TMC as decimal strings; absent until a distributor is configured. */
  delivery?: {
    claimed: string;
    unclaimed: string;
    held: { reason: string; tokens: string }[];
    fundingShortfall: string | null;
    readerLagBlocks: string | null;
  };
}

let readFigures: (() => Promise<StatusFigures>) | undefined;

/** The app names where the gauges read their figures (the last app built wins, as in tests). */
export function setStatusSource(read: (() => Promise<StatusFigures>) | undefined) {
  readFigures = read;
}

/** One read per scrape, however many gauges ask. */
let pending: Promise<StatusFigures | undefined> | undefined;
function figures() {
  pending ??= (readFigures?.() ?? Promise.resolve(undefined))
    .catch(() => undefined)
    .finally(() => setTimeout(() => (pending = undefined), 0));
  return pending;
}

const fromFigures = (
  name: string,
  help: string,
  pick: (f: StatusFigures) => number | bigint | undefined,
  aggregator: 'max' | 'sum' = 'max',
) =>
  new Gauge({
    name,
    help,
    registers: [registry],
    aggregator,
    async collect() {
      const f = await figures();
      const value = f && pick(f);
      if (value === undefined) this.reset();
      else this.set(Number(value));
    },
  });

export const ANSWER_TIME_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type AnswerLabels = { method: string; route: string; status_code: string };

/** One series of the answer-time histogram: its counts per bucket (not cumulative), sum and count. */
interface AnswerSeries {
  labels: AnswerLabels;
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * `http_request_duration_seconds`, the time to answer by route pattern, method and status, as
 * prom-client's Histogram exports it (to text and to the cluster's sum). Each route finds its
 * series in a map of its own: prom-client's Histogram works out a key from the labels on every
 * observation, a twentieth of a cached read's CPU.
 */
export class AnswerTimes {
  readonly name = 'http_request_duration_seconds';
  readonly help = 'Time to answer an HTTP request, by route pattern and status';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  /** Every series, by its labels; apps built in one process share them. */
  private readonly series = new Map<string, AnswerSeries>();

  /** Records the answers of one route pattern: `observe(method, status, seconds)`. */
  forRoute(route: string) {
    const byMethod = new Map<string, Map<number, AnswerSeries>>();
    return (method: string, status: number, seconds: number) => {
      let byStatus = byMethod.get(method);
      if (!byStatus) byMethod.set(method, (byStatus = new Map<number, AnswerSeries>()));
      let series = byStatus.get(status);
      if (!series) byStatus.set(status, (series = this.seriesOf(method, route, status)));
      let bucket = 0;
      while (bucket < ANSWER_TIME_BUCKETS.length && seconds > ANSWER_TIME_BUCKETS[bucket]!)
        bucket++;
      if (bucket < ANSWER_TIME_BUCKETS.length) series.buckets[bucket]! += 1;
      series.sum += seconds;
      series.count += 1;
    };
  }

  private seriesOf(method: string, route: string, status: number) {
    const labels = { method, route, status_code: String(status) };
    const key = JSON.stringify(labels);
    let series = this.series.get(key);
    if (!series) {
      series = { labels, buckets: ANSWER_TIME_BUCKETS.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, series);
    }
    return series;
  }

  /** The series as prom-client's Histogram gives them: cumulative buckets, then sum and count. */
  get() {
    const name = this.name;
    const values = [...this.series.values()].flatMap(({ labels, buckets, sum, count }) => {
      let below = 0;
      return [
        ...ANSWER_TIME_BUCKETS.map((le, i) => ({
          metricName: `${name}_bucket`,
          labels: { le, ...labels },
          value: (below += buckets[i]!),
        })),
        { metricName: `${name}_bucket`, labels: { le: '+Inf', ...labels }, value: count },
        { metricName: `${name}_sum`, labels, value: sum },
        { metricName: `${name}_count`, labels, value: count },
      ];
    });
    return Promise.resolve({
      name,
      help: this.help,
      type: this.type,
      values,
      aggregator: this.aggregator,
    });
  }

  /** Adds it to a registry, which reads a metric's name, help, type, aggregator and get(). */
  registerIn(target: Registry<RegistryContentType>) {
    target.registerMetric(this as unknown as Metric);
    return this;
  }
}

const answerTimes = new AnswerTimes().registerIn(registry);

fromFigures(
  'tmc_db_pool_connections_in_use',
  'PostgreSQL pool connections running a query (all workers)',
  (f) => f.poolInUse,
  'sum',
);
fromFigures(
  'tmc_db_pool_waiting_requests',
  'Queries waiting for a free pool connection (all workers)',
  (f) => f.poolWaiting,
  'sum',
);
fromFigures(
  'tmc_payment_watcher_next_block',
  'The next block the payment watcher will read',
  (f) => f.watcher?.nextBlock,
);
fromFigures(
  'tmc_payment_watcher_lag_blocks',
  "Blocks between the chain's head and the payment watcher's next block",
  (f) => f.watcher?.lagBlocks,
);
fromFigures(
  'tmc_payment_watcher_ahead_blocks',
  "Blocks the payment watcher's next block is beyond the chain's head (above 0: it waits for blocks the chain has not made and reads no payment)",
  (f) => f.watcher?.aheadBlocks,
);
fromFigures(
  'tmc_payment_watcher_last_success_timestamp_seconds',
  'When a payment watcher poll last succeeded (Unix time; 0: never)',
  (f) => (f.watcher?.lastSuccessAt ? f.watcher.lastSuccessAt.getTime() / 1000 : 0),
);
fromFigures(
  'tmc_unmatched_payments_open',
  'Transfers to the company wallet waiting for staff',
  (f) => f.unmatchedOpen,
);
fromFigures(
  'tmc_mail_queue_depth',
  'E-mails not sent yet (still retried)',
  (f) => f.mailQueueDepth,
);
fromFigures(
  'tmc_mail_queue_oldest_age_seconds',
  'Age of the oldest e-mail not sent yet (0: queue empty)',
  (f) => f.mailOldestAgeSeconds,
);
fromFigures(
  'tmc_chain_rpc_up',
  '1 when the chain JSON-RPC endpoint answered the last head read',
  (f) => (f.chainRpcUp ? 1 : 0),
);
fromFigures(
  'tmc_chain_head_block_age_seconds',
  "Age of the chain's newest block, as the RPC endpoint reports it",
  (f) => f.headBlockAgeSeconds,
);

const paymentsCredited = new Counter({
  name: 'tmc_payments_credited_total',
  help: 'Crypto payments that credited an order, by coin and how the payment was matched',
  labelNames: ['coin', 'source'] as const,
  registers: [registry],
});
const loginsFailed = new Counter({
  name: 'tmc_logins_failed_total',
  help: 'Logins refused for a wrong password or second factor',
  labelNames: ['reason'] as const,
  registers: [registry],
});
const rateLimited = new Counter({
  name: 'tmc_rate_limited_total',
  help: 'Requests refused with 429 by a rate limit',
  registers: [registry],
});
const wrongCodes = new Counter({
  name: 'tmc_wrong_codes_total',
  help: 'Wrong e-mail codes (sign-up and reset) across the site',
  registers: [registry],
});
const wrongCodesOverBudget = new Counter({
  name: 'tmc_wrong_codes_over_budget_total',
  help: 'Wrong e-mail codes past the site-wide hourly budget: alert on any increase (nobody is locked out by it)',
  registers: [registry],
});
new Gauge({
  name: 'tmc_listener_up',
  help: '1 while the LISTEN connection of a channel is connected, per worker',
  labelNames: ['channel', 'worker'] as const,
  registers: [registry],
  aggregator: 'sum',
  collect() {
    this.reset();
    for (const { channel, up } of listenerStates())
      this.set({ channel, worker: workerLabel() }, up ? 1 : 0);
  },
});
const watcherPolls = new Counter({
  name: 'tmc_payment_watcher_polls_total',
  help: 'Payment watcher polls of this copy, by outcome',
  labelNames: ['outcome'] as const,
  registers: [registry],
});
const deliveryReaderLag = new Gauge({
  name: 'tmc_delivery_watcher_lag_blocks',
  help: "Blocks between the chain head and the last block the distributor reader has read (the lease holder's figure)",
  registers: [registry],
  aggregator: 'max',
});
const deliveryClaimsStored = new Counter({
  name: 'tmc_delivery_claims_stored_total',
  help: 'Confirmed Claimed logs of the distributor stored by this copy',
  registers: [registry],
});

// Token delivery from the database (the reader's totals, the accepted root) and the token's
// balance: the same in every copy, so the cluster answers the maximum. In TMC (a float is
// close enough for a graph; the System page shows the exact figures).
const tmcOf = (value: string | null | undefined) =>
  value === null || value === undefined ? undefined : Number(value);
fromFigures(
  'tmc_delivery_claimed_tokens',
  'TMC claimed from the distributor (confirmed Claimed logs)',
  (f) => tmcOf(f.delivery?.claimed),
);
fromFigures(
  'tmc_delivery_unclaimed_tokens',
  'TMC in the accepted root not claimed yet (published − claimed)',
  (f) => tmcOf(f.delivery?.unclaimed),
);
fromFigures(
  'tmc_delivery_funding_shortfall_tokens',
  'TMC the distributor lacks to pay every unclaimed token of the accepted root (unclaimed − its balance)',
  (f) => tmcOf(f.delivery?.fundingShortfall),
);
fromFigures(
  'tmc_delivery_reader_lag_blocks',
  "Blocks between the chain head and the distributor reader's next block, from its cursor",
  (f) => (f.delivery?.readerLagBlocks ? BigInt(f.delivery.readerLagBlocks) : undefined),
);
new Gauge({
  name: 'tmc_delivery_held_tokens',
  help: 'TMC of buyers held out of the latest distribution, by reason (no_proven_wallet, no_delivery_wallet)',
  labelNames: ['reason'],
  registers: [registry],
  aggregator: 'max',
  async collect() {
    const f = await figures();
    this.reset();
    for (const hold of f?.delivery?.held ?? [])
      this.set({ reason: hold.reason }, Number(hold.tokens));
  },
});

// Every series from the start, so a rate over a counter that has not moved yet is 0, not empty.
for (const coin of ['ETH', 'USDC'])
  for (const source of ['exact', 'proven_sender', 'staff'])
    paymentsCredited.inc({ coin, source }, 0);
for (const reason of ['password', 'second_factor']) loginsFailed.inc({ reason }, 0);

/** `exact`: the exact quoted amount; `proven_sender`: from the buyer's proven wallet; `staff`: assigned by staff. */
export type CreditSource = 'exact' | 'proven_sender' | 'staff';

const workerLabel = () => String(cluster.worker?.id ?? 0);

export const metrics = {
  paymentCredited(coin: string, source: CreditSource) {
    paymentsCredited.inc({ coin, source });
  },
  loginFailed(reason: 'password' | 'second_factor') {
    loginsFailed.inc({ reason });
  },
  rateLimited() {
    rateLimited.inc();
  },
  /** A wrong e-mail code; `overBudget` when the site-wide budget of the hour is used up. */
  wrongCode(overBudget: boolean) {
    wrongCodes.inc();
    if (overBudget) wrongCodesOverBudget.inc();
  },
  watcherPolled(outcome: 'ok' | 'failed') {
    watcherPolls.inc({ outcome });
  },
  /** After a read of the distributor's events by the lease holder. */
  distributorRead(lagBlocks: bigint, claimsStored: number) {
    deliveryReaderLag.set(Number(lagBlocks));
    deliveryClaimsStored.inc(claimsStored);
  },
  /** The LISTEN connections of this copy and whether each is up. */
  listeners: listenerStates,
};

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares the request's bearer token with the configured one in constant time. */
export function metricsTokenMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

const REQUEST = 'tmc:metrics-request';
const ANSWER = 'tmc:metrics-answer';
let askCounter = 0;
const asked = new Map<number, (text: string | Error) => void>();

/** The metrics text: this process's own, or every worker's when it is one of several. */
export async function metricsText(): Promise<string> {
  if (!cluster.isWorker || !process.send) return registry.metrics();
  const id = ++askCounter;
  if (asked.size === 0) process.on('message', onAnswer);
  const answer = new Promise<string | Error>((resolve) => {
    asked.set(id, resolve);
    setTimeout(() => resolve(new Error('The primary did not answer with metrics')), 8_000).unref();
  });
  process.send({ type: REQUEST, id });
  const text = await answer;
  asked.delete(id);
  if (asked.size === 0) process.off('message', onAnswer);
  if (text instanceof Error) throw text;
  return text;
}

function onAnswer(message: unknown) {
  const m = message as { type?: string; id?: number; text?: string; error?: string };
  if (m.type !== ANSWER || m.id === undefined) return;
  asked.get(m.id)?.(m.error ? new Error(m.error) : (m.text ?? ''));
}

/** In the cluster's primary: answers a worker's request with every worker's metrics. */
export function serveClusterMetrics() {
  cluster.on('message', (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== REQUEST) return;
    registry.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text }),
      (err: Error) => worker.send({ type: ANSWER, id: message.id, error: err.message }),
    );
  });
}

export const metricsContentType = registry.contentType;

/**
 * Times every answer by route pattern (never the raw URL: ids would make endless series), method
 * and status. Each route observes its own pattern, known when it is declared.
 */
export function registerRequestMetrics(app: FastifyInstance) {
  const unmatched = answerTimes.forRoute('unmatched');
  app.addHook('onResponse', (req, reply, done) => {
    if (req.is404) unmatched(req.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.addHook('onRoute', (route) => {
    const observe = answerTimes.forRoute(route.url);
    const timeAnswer: onResponseHookHandler = (req, reply, done) => {
      observe(req.method, reply.statusCode, reply.elapsedTime / 1000);
      done();
    };
    route.onResponse = [route.onResponse ?? [], timeAnswer].flat();
  });
}
