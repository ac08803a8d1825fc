import { convertToAud, tokensFor } from '@tmc/shared';

export interface OrderFigures {
  /** The AUD value, 4 decimals as on the Buy page; null until the rates are known. */
  aud: string | null;
  /** Tokens for that AUD value, 2 decimals (rounded down); null without a price. */
  tokens: string | null;
}

/**
 * What an amount of ETH or USDC buys (spec section 5): amount / rate[currency] × rate[AUD],
 * then / the token price. Exact decimal arithmetic; the server recomputes both on submit.
 */
export function orderFigures(
  price: string,
  currency: string,
  rates: Record<string, string> | undefined,
  tokenPriceAud: string | undefined,
): OrderFigures {
  const rate = rates?.[currency];
  let aud: string | null = null;
  try {
    aud = rate && rates?.AUD ? convertToAud(price, rate, rates.AUD, 4) : null;
  } catch {
    aud = null;
  }
  let tokens: string | null = null;
  try {
    tokens = aud && tokenPriceAud ? tokensFor(aud, tokenPriceAud, 2) : null;
  } catch {
    tokens = null;
  }
  return { aud, tokens };
}
