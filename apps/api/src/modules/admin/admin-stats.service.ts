import { purchaseStatusLabel } from '@tmc/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { fixed } from '../../lib/money.ts';
import { presaleStats, purchaseCountsByStatus } from './admin-stats.repo.ts';

const STATUSES = [0, 1, 2, 3, 4] as const;

export function createAdminStatsService({ db }: { db: Db }) {
  return {
    async dashboard() {
      const [stats, counts] = await Promise.all([presaleStats(db), purchaseCountsByStatus(db)]);
      if (!stats) throw new AppError(503, 'The presale is not configured yet');
      const countOf = (status: number) => counts.find((c) => c.status === status)?.count ?? 0;
      return {
        raisedAud: fixed(stats.raisedAud, 2),
        hardCapAud: fixed(stats.hardCapAud, 2),
        tokensSold: fixed(stats.tokensSold, 18),
        tokenSymbol: stats.tokenSymbol,
        requestsByStatus: STATUSES.map((status) => ({
          status,
          label: purchaseStatusLabel(status),
          count: countOf(status),
        })),
        pendingReviews: stats.pendingReviews,
        awaitingBankPayment: stats.awaitingBankPayment,
        awaitingCryptoPayment: stats.awaitingCryptoPayment,
        verifiedCryptoToday: stats.verifiedCryptoToday,
        users: stats.users,
        affiliates: stats.affiliates,
        influencers: stats.influencers,
        pendingCommission: fixed(stats.pendingCommission, 2),
        approvedCommission: fixed(stats.approvedCommission, 2),
        paidCommission: fixed(stats.paidCommission, 2),
        currency: 'AUD' as const,
      };
    },
  };
}

export type AdminStatsService = ReturnType<typeof createAdminStatsService>;
