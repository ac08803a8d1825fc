import { CRYPTO_CURRENCIES, type CryptoCurrency } from '@tmc/shared';

/** What the buy page hands to the bank-transfer screen (spec section 3). */
export interface BankRouteState {
  /** The amount entered, in `userCurrency`. */
  price: string;
  /** The fiat code chosen on the buy page. */
  userCurrency: string;
  /** `price` in AUD: the order's AUD figure, 2 decimals. */
  convertedAmount: string;
  /** The tokens that figure buys, 2 decimals; absent when the price was not known yet. */
  tokens?: string;
  currency: 'AUD';
}

/** What the buy page hands to the crypto-transfer screen. */
export interface CryptoRouteState {
  price: string;
  currency: CryptoCurrency;
}

const DECIMAL = /^\d+(\.\d+)?$/;

function field(state: unknown, key: string): string | null {
  if (!state || typeof state !== 'object') return null;
  const value = (state as Record<string, unknown>)[key];
  return typeof value === 'string' ? value.trim() : null;
}

/** The bank screen's state if it is usable; null sends the buyer back to the buy page. */
export function bankStateFrom(state: unknown): BankRouteState | null {
  const price = field(state, 'price');
  const userCurrency = field(state, 'userCurrency');
  const convertedAmount = field(state, 'convertedAmount');
  if (!price || !DECIMAL.test(price) || !convertedAmount || !DECIMAL.test(convertedAmount)) {
    return null;
  }
  if (!userCurrency || !/^[A-Z]{3}$/.test(userCurrency)) return null;
  const tokens = field(state, 'tokens');
  return {
    price,
    userCurrency,
    convertedAmount,
    ...(tokens && DECIMAL.test(tokens) ? { tokens } : {}),
    currency: 'AUD',
  };
}

/** The crypto screen's state, with the spec's defaults (price 0, currency ETH). */
export function cryptoStateFrom(state: unknown): CryptoRouteState {
  const price = field(state, 'price');
  const currency = field(state, 'currency');
  return {
    price: price && DECIMAL.test(price) ? price : '0',
    currency: (CRYPTO_CURRENCIES as readonly string[]).includes(currency ?? '')
      ? (currency as CryptoCurrency)
      : 'ETH',
  };
}
