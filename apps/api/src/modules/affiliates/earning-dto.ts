import { z } from 'zod';
import { EARNING_STATUSES, type AffiliateEarning } from '@tmc/shared';
import { fixed, money } from '../../lib/money.ts';
import type { EarningRow, EarningStatus } from './earnings.repo.ts';

/** A rate as the shared constants write it: at least 2 places ('0.20', '0.10', '0.125'). */
export const rateText = (rate: string) => {
  const value = money(rate);
  return value.toFixed(Math.max(2, value.decimalPlaces()));
};

/** The Affiliate earning object of API.md (plus kind and baseAmount). */
export const affiliateEarningSchema = z.object({
  _id: z.string(),
  kind: z.enum(['commission', 'clawback']),
  referredToObj: z.object({ email: z.string(), name: z.string() }),
  investmentAmount: z.string(),
  baseAmount: z.string(),
  affiliateEarning: z.string(),
  currency: z.string(),
  tier: z.union([z.literal(1), z.literal(2)]),
  rate: z.string(),
  status: z.enum(EARNING_STATUSES),
  paymentMode: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});

export const toAffiliateEarningDto = (row: {
  earning: EarningRow;
  status: EarningStatus;
  referredTo: { email: string; name: string };
}): AffiliateEarning => ({
  _id: row.earning.id,
  kind: row.earning.kind,
  referredToObj: row.referredTo,
  investmentAmount: fixed(row.earning.investmentAmount, 2),
  baseAmount: fixed(row.earning.baseAmount, 2),
  affiliateEarning: fixed(row.earning.affiliateEarning, 2),
  currency: row.earning.currency,
  tier: row.earning.tier === 2 ? 2 : 1,
  rate: rateText(row.earning.rate),
  status: row.status,
  paymentMode: row.earning.paymentMode,
  createdAt: row.earning.createdAt.toISOString(),
  paidAt: row.earning.paidAt?.toISOString() ?? null,
});
