import type { Mailer } from '../src/lib/mailer/mailer.ts';

const inFlight = new Set<Promise<unknown>>();

/** The mailer, with every send and delivery run it starts counted until it ends. */
export function trackMailer(mailer: Mailer): Mailer {
  const track = <T>(work: Promise<T>) => {
    inFlight.add(work);
    void work.then(
      () => inFlight.delete(work),
      () => inFlight.delete(work),
    );
    return work;
  };
  return {
    send: (to, template) => track(mailer.send(to, template)),
    deliverDue: (limit) => track(mailer.deliverDue(limit)),
    close: () => mailer.close(),
  };
}

/**
 * Resolves once no e-mail is being handed over or delivered. A message that went out is in the
 * SMTP sink by then (the sink keeps it before it answers the mailer), so what has not arrived
 * will not.
 */
export async function mailSettled() {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}
