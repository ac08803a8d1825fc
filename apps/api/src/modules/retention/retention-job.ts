import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import {
  deleteExpiredCodes,
  deleteFiles,
  deleteHeldSignups,
  deleteUnverifiedAccounts,
  findUnclaimedUploads,
  pruneMail,
  tryRetentionLock,
} from './retention.repo.ts';

/** Uploads removed per round, so one round never holds its transaction for long. */
const UPLOADS_PER_ROUND = 500;

export interface RetentionResult {
  /** False when another copy was running the job: this one did nothing. */
  ran: boolean;
  codes: number;
  passwordResets: number;
  refreshTokens: number;
  heldSignups: number;
  unverifiedAccounts: number;
  uploads: number;
  mailBodiesCleared: number;
  mailRowsDeleted: number;
}

/**
 * Removes what has outlived its use (periods in retention.repo.ts RETENTION and the README): one
 * copy of the API at a time, under a lock its transaction holds. An unclaimed upload's stored
 * object goes before its row, so a failure leaves a row to retry, never an object nobody knows.
 */
export function createRetentionJob({
  db,
  storage,
  rateLimiter,
  log,
}: {
  db: Db;
  storage: Pick<Storage, 'remove'>;
  rateLimiter: Pick<RateLimiter, 'purgeExpired'>;
  log: FastifyBaseLogger;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  async function runOnce(): Promise<RetentionResult> {
    const result = await db.transaction(async (tx) => {
      if (!(await tryRetentionLock(tx))) return undefined;
      const codes = await deleteExpiredCodes(tx);
      const heldSignups = await deleteHeldSignups(tx);
      const unverifiedAccounts = await deleteUnverifiedAccounts(tx);
      const uploads = await findUnclaimedUploads(tx, UPLOADS_PER_ROUND);
      for (const upload of uploads) await storage.remove(upload.key);
      await deleteFiles(
        tx,
        uploads.map((u) => u.id),
      );
      const mail = await pruneMail(tx);
      return {
        ran: true,
        ...codes,
        heldSignups,
        unverifiedAccounts,
        uploads: uploads.length,
        ...mail,
      };
    });
    // Rate-limit counters whose window has passed, by the limiter's own purge (after the commit:
    // PGlite runs one transaction at a time).
    if (result) await rateLimiter.purgeExpired();
    const outcome = result ?? {
      ran: false,
      codes: 0,
      passwordResets: 0,
      refreshTokens: 0,
      heldSignups: 0,
      unverifiedAccounts: 0,
      uploads: 0,
      mailBodiesCleared: 0,
      mailRowsDeleted: 0,
    };
    if (outcome.ran) log.info(outcome, 'retention job removed old data');
    return outcome;
  }

  return {
    runOnce,

    /** Runs every `intervalMs` (the first round a minute after start) until `stop`. */
    start(intervalMs: number) {
      if (!stopped) return;
      stopped = false;
      const round = (delay: number) => {
        if (stopped) return;
        timer = setTimeout(() => {
          running = runOnce()
            .catch((err: unknown) => log.warn({ err }, 'retention job failed; retrying later'))
            .finally(() => round(intervalMs));
        }, delay);
        timer.unref();
      };
      round(Math.min(60_000, intervalMs));
    },

    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}

export type RetentionJob = ReturnType<typeof createRetentionJob>;
