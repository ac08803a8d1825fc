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

/** A decimal string with exactly `places` decimals (API.md: AUD 2, ETH 18, USDC 6, tokens 18). */
export const fixed = (value: Decimal.Value, places: number) =>
  new Money(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places);

/** The shortest exact decimal string (for prices and rates). */
export const plain = (value: Decimal.Value) => new Money(value).toFixed();
