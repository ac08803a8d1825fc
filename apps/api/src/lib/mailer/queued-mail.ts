import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './mailer.ts';

/**
 * Sends what `queueMail` stored in a transaction that has now committed, without holding up the
 * answer; whatever fails stays in the outbox for the worker. `settle` waits for a run still going
 * (on close, so nothing outlives the app).
 */
export function createQueuedMailDelivery(
  mailer: Pick<Mailer, 'deliverDue'>,
  log: FastifyBaseLogger,
) {
  const running = new Set<Promise<void>>();
  return {
    deliverSoon() {
      const run = mailer
        .deliverDue()
        .then(() => undefined)
        .catch((err: unknown) => log.error({ err }, 'could not deliver queued e-mail'))
        .finally(() => running.delete(run));
      running.add(run);
    },
    async settle() {
      await Promise.allSettled([...running]);
    },
  };
}

export type QueuedMailDelivery = ReturnType<typeof createQueuedMailDelivery>;
