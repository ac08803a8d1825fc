import { Decimal } from 'decimal.js';
import { messages, minimumPurchaseMessage, type CryptoCurrency } from '@tmc/shared';
import { screenFigures, type ScreenFigures } from '../../lib/order-figures';

/** 'AUD' stands for FIAT: the base currency of every fiat purchase. */
export type BuyCurrency = 'AUD' | CryptoCurrency;

/** The buy page's state (spec section 3). */
export interface BuyState {
  currency: BuyCurrency;
  /** The fiat code chosen when currency is AUD (FIAT). */
  fiatCode: string | null;
  amount: string;
  accepted: boolean;
}

/** A positive amount as a Decimal, or null for empty or bad text. */
export function parseAmount(amount: string): Decimal | null {
  try {
    const value = new Decimal(amount.trim());
    return value.isFinite() && value.gt(0) ? value : null;
  } catch {
    return null;
  }
}

/** The amount as plain decimal text ("500." → "500", ".5" → "0.5"). */
export function normalizeAmount(amount: string): string {
  return parseAmount(amount)?.toFixed() ?? '';
}

/** Bank Transfer's checks, in the spec's order (section 5); null when all pass. */
export function bankTransferProblem(state: BuyState): string | null {
  if (!parseAmount(state.amount)) return messages.investmentAmount;
  if (state.currency !== 'AUD') return messages.bankCurrency;
  if (!state.accepted) return messages.buyDisclaimer;
  if (!state.fiatCode) return messages.fiatCurrency;
  return null;
}

/** Crypto Transfer's checks: an amount, a crypto currency, the disclaimer. */
export function cryptoTransferProblem(state: BuyState): string | null {
  if (!parseAmount(state.amount)) return messages.investmentAmount;
  if (state.currency === 'AUD') return messages.cryptoCurrency;
  if (!state.accepted) return messages.buyDisclaimer;
  return null;
}

/**
 * The order figures of the entered amount (the shared rounding: AUD to the cent, tokens rounded
 * down to 2 decimals); nulls until there is an amount and a rate for its currency.
 */
export function buyFigures(
  state: Pick<BuyState, 'currency' | 'fiatCode' | 'amount'>,
  rates: Record<string, string> | undefined,
  tokenPriceAud: string | undefined,
): ScreenFigures {
  const code = state.currency === 'AUD' ? state.fiatCode : state.currency;
  return screenFigures(normalizeAmount(state.amount), code, rates, tokenPriceAud);
}

/** The server's text for an AUD value under the minimum purchase, else null. */
export function minimumProblem(aud: string | null, minPurchaseAud: string | undefined) {
  if (!aud || !minPurchaseAud) return null;
  const minimum = new Decimal(minPurchaseAud);
  if (!new Decimal(aud).lt(minimum)) return null;
  return minimumPurchaseMessage(minimum.isInteger() ? minimum.toFixed() : minimum.toFixed(2));
}
