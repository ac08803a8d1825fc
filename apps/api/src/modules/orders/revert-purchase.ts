import type { Tx } from '../../db/client.ts';
import { money } from '../../lib/money.ts';
import { reduceEarnings, reverseEarnings } from '../affiliates/commission-ledger.ts';
import {
  reducePurchaseFigures,
  refundTransactions,
  subtractFromPresaleTotals,
} from './revert-purchase.repo.ts';

type SaleFigures = { id: string; investmentAmount: string; tokenAmount: string };

/**
 * Revert: the payment is refunded, the sale leaves the totals, and the affiliates' earnings are
 * undone. The one way an accepted order stops counting (a staff revert, a full refund).
 */
export async function revertSale(tx: Tx, purchase: SaleFigures) {
  const refunded = await refundTransactions(tx, purchase.id);
  await subtractFromPresaleTotals(tx, {
    aud: purchase.investmentAmount,
    tokens: purchase.tokenAmount,
  });
  const earnings = await reverseEarnings(tx, purchase.id);
  return { refundedTransactions: refunded.length, ...earnings };
}

/**
 * A partial refund of an accepted order: `share` (0 < share < 1) of what is left of it goes, so
 * its tokens and AUD value, the presale totals (the hard-cap counter) and the affiliates'
 * earnings shrink by that share in the same step. Answers what was taken off.
 */
export async function reduceSale(tx: Tx, purchase: SaleFigures, share: string) {
  const tokens = money(purchase.tokenAmount).times(share).toDecimalPlaces(18).toFixed(18);
  const aud = money(purchase.investmentAmount).times(share).toDecimalPlaces(2).toFixed(2);
  const after = await reducePurchaseFigures(tx, purchase.id, { aud, tokens });
  await subtractFromPresaleTotals(tx, { aud, tokens });
  const earnings = await reduceEarnings(tx, purchase.id, {
    before: purchase.investmentAmount,
    remaining: after.investmentAmount,
  });
  return { tokensReduced: tokens, audReduced: aud, purchase: after, ...earnings };
}
