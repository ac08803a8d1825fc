import { orderAud, orderFigures } from '@tmc/shared';

export interface ScreenFigures {
  /** The order's AUD figure, 2 decimals; null until the amount and its rate are known. */
  aud: string | null;
  /** Tokens for that AUD figure, 2 decimals (rounded down); null without a token price. */
  tokens: string | null;
}

/**
 * The shared order figures of `amount` in `code` (a fiat code, ETH or USDC), as the stored order
 * and the e-mails will give them; never throws, so a screen can call it on every keystroke.
 */
export function screenFigures(
  amount: string,
  code: string | null,
  rates: Record<string, string> | undefined,
  tokenPriceAud: string | undefined,
): ScreenFigures {
  const rate = code ? rates?.[code] : undefined;
  if (!amount || !rate || !rates?.AUD) return { aud: null, tokens: null };
  try {
    return tokenPriceAud
      ? orderFigures(amount, rate, rates.AUD, tokenPriceAud)
      : { aud: orderAud(amount, rate, rates.AUD), tokens: null };
  } catch {
    return { aud: null, tokens: null };
  }
}
