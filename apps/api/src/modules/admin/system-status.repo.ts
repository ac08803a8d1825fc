import { CRYPTO_CURRENCIES } from '@tmc/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  chainWatchers,
  currencyRates,
  mailOutbox,
  settings,
  unmatchedPayments,
} from '../../db/schema/index.ts';
import { MAX_MAIL_ATTEMPTS } from '../../lib/mailer/mailer.ts';

/** The watcher's row, the open unmatched payments and the mail queue (two reads at once). */
export async function readSystemFigures(db: Tx, watcherName: string) {
  const unsent = sql`${mailOutbox.sentAt} is null`;
  const counts = db
    .select({
      unmatchedOpen: sql<number>`(select count(*) from ${unmatchedPayments} where ${unmatchedPayments.status} = 'open')::int`,
      mailQueueDepth: sql<number>`(select count(*) from ${mailOutbox} where ${unsent} and ${mailOutbox.attempts} < ${MAX_MAIL_ATTEMPTS})::int`,
      mailRetrying: sql<number>`(select count(*) from ${mailOutbox} where ${unsent} and ${mailOutbox.attempts} between 1 and ${MAX_MAIL_ATTEMPTS - 1})::int`,
      mailGivenUpToday: sql<number>`(select count(*) from ${mailOutbox} where ${unsent} and ${mailOutbox.attempts} >= ${MAX_MAIL_ATTEMPTS} and ${mailOutbox.createdAt} > now() - interval '1 day')::int`,
      mailOldest: sql<
        string | null
      >`(select min(${mailOutbox.createdAt})::text from ${mailOutbox} where ${unsent} and ${mailOutbox.attempts} < ${MAX_MAIL_ATTEMPTS})`,
    })
    .from(sql`(select 1) as one`);
  const watcherRow = db
    .select({
      nextBlock: chainWatchers.nextBlock,
      headBlock: chainWatchers.headBlock,
      holder: chainWatchers.holder,
      leaseUntil: chainWatchers.leaseUntil,
      lastSuccessAt: chainWatchers.lastSuccessAt,
    })
    .from(chainWatchers)
    .where(eq(chainWatchers.name, watcherName));
  const cryptoRates = db
    .select({ code: currencyRates.code, updatedAt: currencyRates.updatedAt })
    .from(currencyRates)
    .where(inArray(currencyRates.code, [...CRYPTO_CURRENCIES]));
  const rateLimit = db.select({ minutes: settings.rateMaxAgeMinutes }).from(settings);
  const [[row], [watcher], rates, [limit]] = await Promise.all([
    counts,
    watcherRow,
    cryptoRates,
    rateLimit,
  ]);
  return {
    ...row!,
    mailOldest: row!.mailOldest ? new Date(row!.mailOldest) : null,
    watcher,
    cryptoRates: rates,
    rateMaxAgeMinutes: limit?.minutes,
  };
}
