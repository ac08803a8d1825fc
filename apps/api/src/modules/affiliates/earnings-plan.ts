import { commissionFor } from '@tmc/shared';

/** The buyer's referral chain as it stands when the purchase is accepted. */
export interface ReferralChain {
  buyerId: string;
  /** Whoever the buyer signed up through (users.referred_by). */
  affiliate: ChainMember | null;
  /** Whoever the affiliate signed up through. */
  introducer: ChainMember | null;
}

export interface ChainMember {
  id: string;
  email: string;
  name: string;
  isAffiliated: boolean;
  isInfluencer: boolean;
}

export interface PlannedEarning {
  affiliate: ChainMember;
  /** Whom this affiliate brought in: the buyer (tier 1) or the influencer (tier 2). */
  referredUserId: string;
  tier: 1 | 2;
  rate: string;
  baseAmount: string;
  affiliateEarning: string;
}

/**
 * The earnings one accepted sale of `investmentAud` creates (spec section 2): tier 1 to the
 * direct affiliate; tier 2 to whoever introduced that affiliate, when the affiliate is an
 * approved influencer. Nobody ever earns on their own purchase.
 */
export function planEarnings(chain: ReferralChain, investmentAud: string): PlannedEarning[] {
  const { affiliate, introducer, buyerId } = chain;
  if (!affiliate?.isAffiliated || affiliate.id === buyerId) return [];
  const { tier1, tier2 } = commissionFor(investmentAud);
  const planned: PlannedEarning[] = [
    {
      affiliate,
      referredUserId: buyerId,
      tier: 1,
      rate: tier1.rate,
      baseAmount: tier1.base,
      affiliateEarning: tier1.amount,
    },
  ];
  const introducerEarns =
    affiliate.isInfluencer &&
    introducer?.isAffiliated === true &&
    introducer.id !== affiliate.id &&
    introducer.id !== buyerId;
  if (introducerEarns) {
    planned.push({
      affiliate: introducer,
      referredUserId: affiliate.id,
      tier: 2,
      rate: tier2.rate,
      baseAmount: tier2.base,
      affiliateEarning: tier2.amount,
    });
  }
  return planned;
}
