import { z } from 'zod';

/** Affiliate commission rates (spec sections 2 and 9), as exact decimal strings. */
export const TIER1_RATE = '0.20';
/** Paid to whoever introduced an approved influencer, on the influencer's net contributions. */
export const TIER2_RATE = '0.10';

/** Payout cadence in days: direct commission weekly, influencer introductions fortnightly. */
export const TIER1_PAYOUT_DAYS = 7;
export const TIER2_PAYOUT_DAYS = 14;

export interface CommissionExample {
  sales: string;
  /** Tier 1: the direct affiliate's (or the influencer's own) commission on the sales. */
  directCommission: string;
  /** The sales less the influencer's own commission. */
  influencerNet: string;
  /** Tier 2: the introducer's share of the influencer's net contributions. */
  introducerCommission: string;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

function parseDecimal(value: string | number): { digits: bigint; scale: bigint } {
  const match = DECIMAL.exec(String(value).trim());
  if (!match) throw new RangeError(`Not a non-negative decimal: ${String(value)}`);
  const fraction = match[2] ?? '';
  return { digits: BigInt(`${match[1]}${fraction}`), scale: 10n ** BigInt(fraction.length) };
}

/** `digits / scale` in cents, rounded half up. */
function toCents({ digits, scale }: { digits: bigint; scale: bigint }): bigint {
  return (digits * 100n * 2n + scale) / (2n * scale);
}

function formatCents(cents: bigint): string {
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/** `rate` of an amount in cents, rounded half up to the cent. */
function centsAtRate(cents: bigint, rate: string): bigint {
  const { digits, scale } = parseDecimal(rate);
  return toCents({ digits: cents * digits, scale: scale * 100n });
}

/** A rate as an exact percentage: '0.20' → '20', '0.125' → '12.5'. */
export function ratePercent(rate: string): string {
  const { digits, scale } = parseDecimal(rate);
  const places = scale.toString().length - 3;
  if (places <= 0) return (digits * 10n ** BigInt(-places)).toString();
  const text = digits.toString().padStart(places + 1, '0');
  return `${text.slice(0, -places)}.${text.slice(-places)}`.replace(/\.?0+$/, '');
}

export interface CommissionLine {
  tier: 1 | 2;
  /** The rate applied, e.g. '0.20'. */
  rate: string;
  /** The amount the rate applies to (AUD, 2 places). */
  base: string;
  /** rate × base, rounded half up to the cent (AUD, 2 places). */
  amount: string;
}

export interface CommissionSplit {
  /** To the direct affiliate: 20% of the sale. */
  tier1: CommissionLine;
  /** To whoever introduced the direct affiliate, when that affiliate is an approved influencer: 10% of the sale less tier 1. */
  tier2: CommissionLine;
}

/**
 * What one sale of `saleAud` earns: the server's commission ledger and the terms' worked example
 * both use this, so the page and the payouts can never disagree. Integer cents throughout; the
 * tier 2 base is the sale less the tier 1 amount as rounded, i.e. what the influencer really got.
 */
export function commissionFor(saleAud: string | number): CommissionSplit {
  const saleCents = toCents(parseDecimal(saleAud));
  const tier1Cents = centsAtRate(saleCents, TIER1_RATE);
  const netCents = saleCents - tier1Cents;
  return {
    tier1: {
      tier: 1,
      rate: TIER1_RATE,
      base: formatCents(saleCents),
      amount: formatCents(tier1Cents),
    },
    tier2: {
      tier: 2,
      rate: TIER2_RATE,
      base: formatCents(netCents),
      amount: formatCents(centsAtRate(netCents, TIER2_RATE)),
    },
  };
}

/**
 * The worked example of the affiliate terms: what a direct affiliate earns on `sales`, and
 * what an introducer earns when an influencer they introduced makes those sales. Amounts are
 * decimal strings with 2 places.
 */
export function commissionExample(sales: string | number): CommissionExample {
  const { tier1, tier2 } = commissionFor(sales);
  return {
    sales: tier1.base,
    directCommission: tier1.amount,
    influencerNet: tier2.base,
    introducerCommission: tier2.amount,
  };
}

/* ------------------------------------------------------------------------------------------ */
/* Affiliate answers (API.md "Affiliates") and the referral click body.                        */
/* ------------------------------------------------------------------------------------------ */

/** pending: in the hold period; approved: past it (derived, never stored); paid; void (reverted). */
export const EARNING_STATUSES = ['pending', 'approved', 'paid', 'void'] as const;
export type EarningStatus = (typeof EARNING_STATUSES)[number];

/** One row of GET /v1/affiliate-earning/get. */
export interface AffiliateEarning {
  _id: string;
  /** A clawback is the negative adjustment recorded when a paid commission's purchase is reverted. */
  kind: 'commission' | 'clawback';
  /** Tier 1: the buyer; tier 2: the influencer the affiliate introduced. */
  referredToObj: { email: string; name: string };
  /** The sale (AUD). */
  investmentAmount: string;
  /** What the rate applied to (AUD): the sale for tier 1, the sale less the influencer's 20% for tier 2. */
  baseAmount: string;
  /** AUD, 2 places; negative for a clawback. */
  affiliateEarning: string;
  currency: string;
  tier: 1 | 2;
  rate: string;
  status: EarningStatus;
  /** 1 crypto, otherwise bank. */
  paymentMode: number;
  createdAt: string;
  paidAt: string | null;
}

/** `data` of GET /v1/affiliate-earning/summary. Amounts are AUD strings with 2 places. */
export interface AffiliateSummary {
  referredUsers: number;
  /** pending + approved + paid + adjustments. */
  totalEarned: string;
  /** Commissions still in the hold period. */
  pending: string;
  /** Commissions past the hold period, waiting for their payout. */
  approved: string;
  /** Paid out (net of adjustments that were settled in a payout). */
  paid: string;
  /** Clawbacks (≤ 0) the next payout takes off. */
  adjustments: string;
  currency: 'AUD';
  funnel: { clicks: number; signUps: number; verified: number; buyers: number };
  /** The last 12 UTC weeks (Monday start), oldest first; commissions that are not void. */
  earningsByWeek: { weekStart: string; amount: string }[];
}

/** Body of POST /v1/affiliate/click: the code from the URL and the path the visitor landed on. */
export const referralClickSchema = z.object({
  referralCode: z
    .string()
    .trim()
    .min(1, 'referralCode is required')
    .max(64, 'Invalid referral code'),
  landingPath: z
    .string()
    .trim()
    .max(2048, 'landingPath is too long')
    .optional()
    .transform((path) => (path || '/').split(/[?#]/)[0]!.slice(0, 512))
    .refine((path) => path.startsWith('/'), 'landingPath must be a path starting with /'),
});
export type ReferralClickBody = z.output<typeof referralClickSchema>;
