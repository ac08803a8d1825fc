import {
  CRYPTO_CURRENCIES,
  convertToAud,
  DECIMALS,
  messages,
  minimumPurchaseMessage,
  orderFigures,
  purchaseMessages,
  staleRatesMessage,
  stageMessages,
  TOKEN_FIGURE_DECIMALS,
  tokensFor,
} from '@tmc/shared';
import { AppError, badRequest, notConfigured } from '../../lib/errors.ts';
import { fixed, money, Money, plain } from '../../lib/money.ts';

/** A client's AUD figure may be this far off the server's (rates move while the buyer types). */
export const AUD_TOLERANCE = money('0.01');

/** Well inside numeric(20,2), so no amount can overflow the column. */
const MAX_INVESTMENT_AUD = money('1e15');

export interface OrderInput {
  /** The currency the buyer pays in (a fiat code, ETH or USDC). */
  userCurrency: string;
  /** The amount in `userCurrency`, as a decimal string. */
  userAmount: string;
  /** The AUD value the client showed, checked against the server's; omitted when the client sends none. */
  clientAud?: string;
}

export interface Market {
  /** Units of each currency per 1 AUD. */
  rates: Record<string, string>;
  /** The stage selling now: its price is every new order's; null when none is. */
  stage: { id: string; name: string; priceAud: string; endsAt: Date | null } | null;
  minPurchaseAud: string;
  hardCapAud: string;
  /** Accepted purchases so far. */
  raisedAud: string;
  endsAt: Date | null;
  /** When each rate was set. */
  rateTimes: Record<string, Date>;
  /** How old an ETH or USDC rate may be and still price an order. */
  rateMaxAgeMinutes: number;
}

/** An order priced by the server; every figure is frozen on the purchase. */
export interface PricedOrder {
  userCurrency: string;
  userAmount: string;
  /** Units of `userCurrency` per 1 AUD, as used. */
  rate: string;
  /** When that rate was set (crypto orders; null for fiat). */
  rateAt: Date | null;
  /** The AUD value, 2 decimals. */
  investmentAud: string;
  /** The price of `stageId`, the stage that priced it. */
  tokenPriceAud: string;
  stageId: string;
  stageName: string;
  /** investmentAud / tokenPriceAud rounded down to 2 decimals (the shared order figure), written with 18. */
  tokenAmount: string;
}

const positive = (value: string | undefined): Money | undefined => {
  if (value === undefined) return undefined;
  const rate = money(value);
  return rate.isFinite() && rate.gt(0) ? rate : undefined;
};

const audText = (value: string) => {
  const amount = money(value);
  return amount.isInteger() ? plain(amount) : fixed(amount, DECIMALS.AUD);
};

/**
 * The spec's conversion (amount / rate[code] × rate[AUD]) from the server's own rates, the
 * tolerance and minimum checks, and the token amount at the active stage's price.
 */
export function priceOrder(input: OrderInput, market: Market, now = new Date()): PricedOrder {
  if (market.endsAt && now >= market.endsAt) throw badRequest(purchaseMessages.presaleEnded);
  const code = input.userCurrency.toUpperCase();
  const rate = positive(market.rates[code]);
  const rateAud = positive(market.rates.AUD ?? '1');
  if (!rate || !rateAud) {
    throw badRequest(purchaseMessages.unknownCurrency, {
      userCurrency: purchaseMessages.unknownCurrency,
    });
  }
  // A crypto quote is an option on the coin's price for the quote's life: never on an old rate.
  const isCrypto = (CRYPTO_CURRENCIES as readonly string[]).includes(code);
  const rateAt = isCrypto ? (market.rateTimes[code] ?? new Date(0)) : null;
  if (rateAt && now.getTime() - rateAt.getTime() > market.rateMaxAgeMinutes * 60_000)
    throw new AppError(503, staleRatesMessage);
  const { stage } = market;
  // A stage past its end sells nothing, whether or not the stage clock has closed it yet.
  if (!stage || (stage.endsAt && now >= stage.endsAt))
    throw new AppError(409, stageMessages.notSelling);
  const tokenPrice = positive(stage.priceAud);
  if (!tokenPrice) throw notConfigured();
  const effectiveRate = rate.div(rateAud);
  // The same conversion the buy page shows, so server and client figures agree by construction.
  const aud = money(convertToAud(input.userAmount, plain(rate), plain(rateAud), 18));

  if (input.clientAud !== undefined) {
    const off = money(input.clientAud).minus(aud).abs();
    if (off.gt(aud.times(AUD_TOLERANCE))) {
      throw badRequest(messages.ratesChanged, { investmentAmount: messages.ratesChanged });
    }
  }

  // The one rounding every screen, e-mail and the console show (shared orderFigures).
  const figures = orderFigures(input.userAmount, plain(rate), plain(rateAud), plain(tokenPrice));
  const investmentAud = money(figures.aud);
  if (investmentAud.lt(market.minPurchaseAud)) {
    const message = minimumPurchaseMessage(audText(market.minPurchaseAud));
    throw badRequest(message, { investmentAmount: message });
  }
  if (investmentAud.gt(MAX_INVESTMENT_AUD)) {
    throw badRequest(purchaseMessages.amountTooLarge, {
      investmentAmount: purchaseMessages.amountTooLarge,
    });
  }

  if (investmentAud.plus(market.raisedAud).gt(market.hardCapAud)) {
    throw badRequest(purchaseMessages.hardCapReached, {
      investmentAmount: purchaseMessages.hardCapReached,
    });
  }

  return {
    userCurrency: code,
    userAmount: plain(input.userAmount),
    rate: fixed(effectiveRate, 18),
    rateAt,
    investmentAud: figures.aud,
    tokenPriceAud: plain(tokenPrice),
    stageId: stage.id,
    stageName: stage.name,
    tokenAmount: fixed(figures.tokens, DECIMALS.TOKEN),
  };
}

/** An order's frozen figures: what it was priced at when placed. */
export interface FrozenOrder {
  userAmount: string;
  /** Units of the order's currency per 1 AUD, as used. */
  rate: string;
  tokenPriceAud: string;
  investmentAmount: string;
  tokenAmount: string;
}

/**
 * What a payment of `paid` (in the order's currency) buys at the order's frozen rate and token
 * price, by the same rounding as the order itself (orderFigures), and never more than the order:
 * a payment of at least the ordered amount gets the order's own figures.
 */
export function creditedFigures(
  order: FrozenOrder,
  paid: string,
): { investmentAud: string; tokenAmount: string } {
  const whole = { investmentAud: order.investmentAmount, tokenAmount: order.tokenAmount };
  if (money(paid).gte(order.userAmount)) return whole;
  // Rounded down where the order rounds its own AUD half up: a part payment never buys more
  // than it is worth.
  const aud = money(paid).div(order.rate).toDecimalPlaces(DECIMALS.AUD, Money.ROUND_DOWN);
  const tokens = tokensFor(
    fixed(aud, DECIMALS.AUD),
    plain(order.tokenPriceAud),
    TOKEN_FIGURE_DECIMALS,
  );
  if (money(tokens).gte(order.tokenAmount)) return whole;
  return { investmentAud: fixed(aud, DECIMALS.AUD), tokenAmount: fixed(tokens, DECIMALS.TOKEN) };
}

/** What an amount of the order's coin is worth in AUD at the order's frozen rate (2 decimals). */
export function audValueAt(order: Pick<FrozenOrder, 'rate'>, amount: string): string {
  return fixed(
    money(amount).div(order.rate).toDecimalPlaces(DECIMALS.AUD, Money.ROUND_HALF_UP),
    DECIMALS.AUD,
  );
}
