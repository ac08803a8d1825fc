import { messages } from '@tmc/shared';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import type { banks } from '../../db/schema/index.ts';
import { listActiveBanks, listActiveCurrencies } from './banks.repo.ts';

/** The spec's bank record (field names as the spec spells them). */
export const toBankDto = (b: typeof banks.$inferSelect) => ({
  _id: b.id,
  bankName: b.bankName,
  accountHolder: b.accountHolder,
  BIC: b.bic,
  RoutingNumber: b.routingNumber ?? undefined,
  accountNumber: b.accountNumber ?? undefined,
  currency: b.currency,
});

export function createBanksService({ db }: { db: Db }) {
  return {
    async forCurrency(currency: string) {
      const rows = await listActiveBanks(db, currency.toUpperCase());
      if (rows.length === 0) throw badRequest(messages.noBank);
      return rows.map(toBankDto);
    },
    /** The currencies that have an active bank account. */
    currencies: () => listActiveCurrencies(db),
    /** The answer for a currency no active bank takes: the same for every such code. */
    none() {
      return badRequest(messages.noBank);
    },
  };
}

export type BanksService = ReturnType<typeof createBanksService>;
