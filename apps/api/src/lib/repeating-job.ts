import type { FastifyBaseLogger } from 'fastify';

const MAX_BACKOFF_MS = 5 * 60_000;

interface RepeatingJobOptions<Result> {
  run: () => Promise<Result>;
  /** True when the run left work behind: the next run starts at once instead of an interval later. */
  runAgainAtOnce: (result: Result) => boolean;
  /** The lease is at least this long, and at least four intervals. */
  minLeaseSeconds: number;
  releaseLease: () => Promise<unknown>;
  failureMessage: string;
  releaseFailureMessage: string;
  log: FastifyBaseLogger;
}

/**
 * Runs a job that one copy of the API at a time leads by holding a lease: every interval, at once
 * again while work is left, and after a failure with a pause that doubles up to five minutes. The
 * job takes the lease itself (for `leaseSeconds()`) and reports it with `tookLease()`, so `stop`
 * gives it up only if this copy ever held it.
 */
export function createRepeatingJob<Result>({
  run,
  runAgainAtOnce,
  minLeaseSeconds,
  releaseLease,
  failureMessage,
  releaseFailureMessage,
  log,
}: RepeatingJobOptions<Result>) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  let leaseSeconds = minLeaseSeconds;
  let everLeader = false;

  function schedule(delayMs: number, intervalMs: number, failures: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run().then(
        (result) => schedule(runAgainAtOnce(result) ? 0 : intervalMs, intervalMs, 0),
        (err: unknown) => {
          log.warn({ err, failures: failures + 1 }, failureMessage);
          schedule(
            Math.min(intervalMs * 2 ** (failures + 1), MAX_BACKOFF_MS),
            intervalMs,
            failures + 1,
          );
        },
      );
    }, delayMs);
  }

  /** Runs every `intervalMs` until `stop`; the lease outlives a few missed runs only. */
  function start(intervalMs: number) {
    if (!stopped) return;
    stopped = false;
    leaseSeconds = Math.max(minLeaseSeconds, Math.ceil((intervalMs * 4) / 1000));
    schedule(0, intervalMs, 0);
  }

  /** Waits for a run under way, then gives the lease up so another copy can take over. */
  async function stop() {
    stopped = true;
    clearTimeout(timer);
    await running;
    if (!everLeader) return;
    everLeader = false;
    await releaseLease().catch((err: unknown) => log.warn({ err }, releaseFailureMessage));
  }

  return {
    leaseSeconds: () => leaseSeconds,
    tookLease: () => {
      everLeader = true;
    },
    start,
    stop,
  };
}
