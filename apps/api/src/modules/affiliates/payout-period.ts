import { TIER1_PAYOUT_DAYS, TIER2_PAYOUT_DAYS } from '@tmc/shared';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Periods are counted from a Monday, 00:00 UTC: weeks run Monday to Monday, fortnights too. */
export const PAYOUT_EPOCH = new Date(Date.UTC(2024, 0, 1));

export const payoutDays = (tier: 1 | 2) => (tier === 1 ? TIER1_PAYOUT_DAYS : TIER2_PAYOUT_DAYS);

export interface PayoutPeriod {
  start: Date;
  /** The cut-off: nothing approved after it belongs to this period's batch. */
  end: Date;
}

/** The last period of a tier that has ended by `now` (tier 1 weekly, tier 2 every 14 days). */
export function lastCompletePeriod(tier: 1 | 2, now: Date): PayoutPeriod {
  const length = payoutDays(tier) * DAY_MS;
  const periodsSinceEpoch = Math.floor((now.getTime() - PAYOUT_EPOCH.getTime()) / length);
  const end = new Date(PAYOUT_EPOCH.getTime() + periodsSinceEpoch * length);
  return { start: new Date(end.getTime() - length), end };
}

/** Commissions count in a batch when they were approved by the cut-off: created a hold period before it. */
export const approvedBy = (cutoff: Date, holdDays: number) =>
  new Date(cutoff.getTime() - holdDays * DAY_MS);
