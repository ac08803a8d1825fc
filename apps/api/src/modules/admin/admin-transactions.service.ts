import type { Db } from '../../db/client.ts';
import { pageOf, type ListQuery } from '../../lib/list-query.ts';
import { toTransactionDto } from '../transactions/transaction-dto.ts';
import { listAllTransactions, type AdminTransactionQuery } from './admin-transactions.repo.ts';

export function createAdminTransactionsService({ db }: { db: Db }) {
  return {
    async list(
      q: ListQuery<unknown> & Omit<AdminTransactionQuery, 'offset' | 'limit' | 'sortPrice'>,
    ) {
      const { rows, total, estimate } = await listAllTransactions(db, q);
      return pageOf(
        rows.map(({ transaction: t, user, reference }) => ({
          ...toTransactionDto(t),
          user: { _id: user.id, email: user.email, name: user.name },
          reference,
          fromAddress: t.fromAddress,
          senderMatchesWallet: t.senderMatchesWallet,
          blockNumber: t.blockNumber?.toString() ?? null,
          verifiedAt: t.verifiedAt?.toISOString() ?? null,
        })),
        total,
        q,
        estimate,
      );
    },
  };
}

export type AdminTransactionsService = ReturnType<typeof createAdminTransactionsService>;
