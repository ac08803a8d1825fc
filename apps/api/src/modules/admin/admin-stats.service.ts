import { purchaseStatusLabel } from '@tmc/shared';
import type { Db } from '../../db/client.ts';
import { notConfigured } from '../../lib/errors.ts';
import { fixed } from '../../lib/money.ts';
import {
  funnelByWeek,
  presaleStats,
  purchaseCountsByStatus,
  salesByDay,
} from './admin-stats.repo.ts';

const STATUSES = [0, 1, 2, 3, 4] as const;

export function createAdminStatsService({ db }: { db: Db }) {
  return {
    async dashboard() {
      const [stats, counts] = await Promise.all([presaleStats(db), purchaseCountsByStatus(db)]);
      if (!stats) throw notConfigured();
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

    /** The dashboard's charts: raised and sales per day over `days`, the affiliate funnel per week. */
    async charts(days: number) {
      const weeks = Math.ceil(days / 7);
      const [stats, sales, funnel] = await Promise.all([
        presaleStats(db),
        salesByDay(db, days),
        funnelByWeek(db, weeks),
      ]);
      if (!stats) throw notConfigured();
      return {
        currency: 'AUD' as const,
        hardCapAud: fixed(stats.hardCapAud, 2),
        days: sales.map((d) => ({
          date: d.day,
          raisedAud: fixed(d.raised, 2),
          bankAud: fixed(d.bank, 2),
          ethAud: fixed(d.eth, 2),
          usdcAud: fixed(d.usdc, 2),
          sales: Number(d.sales),
        })),
        weeks: funnel.map((w) => ({
          weekStart: w.week,
          clicks: Number(w.clicks),
          signups: Number(w.signups),
          buyers: Number(w.buyers),
        })),
      };
    },
  };
}

export type AdminStatsService = ReturnType<typeof createAdminStatsService>;
