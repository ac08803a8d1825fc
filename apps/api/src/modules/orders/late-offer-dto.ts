import { DECIMALS, type LateOffer } from '@tmc/shared';
import { fixed, plain } from '../../lib/money.ts';
import type { LateOfferRow } from './late-offers.repo.ts';

/** An offer as the buyer and staff see it; an open offer past its time reads as expired. */
export const toLateOfferDto = (
  o: LateOfferRow,
  reference: string,
  tokenSymbol: string,
  now = new Date(),
): LateOffer => ({
  id: o.id,
  purchaseId: o.purchaseId,
  reference,
  state: o.state === 'offered' && o.expiresAt <= now ? 'expired' : o.state,
  investmentAmount: fixed(o.investmentAmount, DECIMALS.AUD),
  tokenAmount: fixed(o.tokenAmount, DECIMALS.TOKEN),
  tokenPriceAud: plain(o.tokenPriceAud),
  previousTokenPriceAud: plain(o.previousTokenPriceAud),
  stageName: o.stageName,
  tokenSymbol,
  expiresAt: o.expiresAt.toISOString(),
  createdAt: o.createdAt.toISOString(),
  acceptedAt: o.acceptedAt?.toISOString() ?? null,
});
