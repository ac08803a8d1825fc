import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './mailer.ts';
import type { MailTemplate } from './templates.ts';

/**
 * Hands mail to the outbox without holding up the answer: the mailer stores the message first,
 * so a slow or failing mail server only delays it. `settle` waits for what is still being handed
 * over (on close, so nothing outlives the app).
 */
export function createBackgroundMail(mailer: Pick<Mailer, 'send'>, log: FastifyBaseLogger) {
  const pending = new Set<Promise<void>>();
  return {
    send(to: string, template: MailTemplate) {
      const sending = mailer
        .send(to, template)
        .catch((err: unknown) =>
          log.error({ kind: template.kind, err }, 'could not queue an e-mail'),
        )
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async settle() {
      await Promise.allSettled([...pending]);
    },
  };
}

export type BackgroundMail = ReturnType<typeof createBackgroundMail>;
