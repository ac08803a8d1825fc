import { Decimal } from 'decimal.js';

/** Decimal arithmetic for every amount; floats never touch money. */
export const Money = Decimal.clone({
  precision: 80,
  rounding: Decimal.ROUND_HALF_UP,
  toExpNeg: -40,
  toExpPos: 60,
});
export type Money = Decimal;

export const money = (value: Decimal.Value) => new Money(value);

/** A decimal as PostgreSQL writes a numeric: no exponent, no leading zeros. */
const PLAIN_DECIMAL = /^(-?(?:0|[1-9]\d*))(?:\.(\d*))?$/;
const NON_ZERO_DIGIT = /[1-9]/;

/** A decimal string with exactly `places` decimals (API.md: AUD 2, ETH 18, USDC 6, tokens 18). */
export function fixed(value: Decimal.Value, places: number): string {
  // Most values are numeric columns whose decimals past `places` are zeros: they need no
  // arithmetic, and parsing them into Decimals was most of the cost of a list's page.
  const plain = typeof value === 'string' ? PLAIN_DECIMAL.exec(value) : null;
  if (plain) {
    const [, whole, decimals = ''] = plain;
    const negativeZero = whole === '-0' && !NON_ZERO_DIGIT.test(decimals);
    if (!negativeZero && !NON_ZERO_DIGIT.test(decimals.slice(places)))
      return places === 0 ? whole! : `${whole}.${decimals.slice(0, places).padEnd(places, '0')}`;
  }
  return new Money(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places);
}

/** The shortest exact decimal string (for prices and rates). */
export const plain = (value: Decimal.Value) => new Money(value).toFixed();
