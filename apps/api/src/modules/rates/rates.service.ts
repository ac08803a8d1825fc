import type { Db } from '../../db/client.ts';
import { plain } from '../../lib/money.ts';
import { listRates } from './rates.repo.ts';

export function createRatesService({ db }: { db: Db }) {
  return {
    /** Units of each currency per 1 AUD (API.md). */
    async table() {
      const rows = await listRates(db);
      const rates: Record<string, string> = {};
      let updatedAt = new Date(0);
      for (const r of rows) {
        rates[r.code] = plain(r.rate);
        if (r.updatedAt > updatedAt) updatedAt = r.updatedAt;
      }
      return { base: 'AUD' as const, rates, updatedAt: updatedAt.toISOString() };
    },

    /** The rates an order is priced at, with when each was set (read fresh, never cached). */
    async pricingTable() {
      const rows = await listRates(db);
      const rates: Record<string, string> = {};
      const rateTimes: Record<string, Date> = {};
      for (const r of rows) {
        rates[r.code] = plain(r.rate);
        rateTimes[r.code] = r.updatedAt;
      }
      return { rates, rateTimes };
    },
  };
}

export type RatesService = ReturnType<typeof createRatesService>;
