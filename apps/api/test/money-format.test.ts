import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixed, Money } from '../src/lib/money.ts';

/** What `fixed` must answer for any value: Decimal's rounding, half up. */
const byDecimal = (value: Decimal.Value, places: number) =>
  new Money(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places);

const digits = (max: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { maxLength: max }).map((d) => d.join(''));

/** Decimal text as PostgreSQL writes numerics, often with trailing zeros, and some other spellings. */
const decimalText = fc.oneof(
  fc
    .tuple(
      fc.boolean(),
      fc.oneof(
        fc.constant('0'),
        fc.tuple(fc.constantFrom(...'123456789'), digits(30)).map(([a, b]) => a + b),
      ),
      digits(20),
      fc.nat(18),
      fc.boolean(),
    )
    .map(([negative, whole, decimals, zeros, dot]) => {
      const tail = decimals + '0'.repeat(zeros);
      return `${negative ? '-' : ''}${whole}${tail || dot ? `.${tail}` : ''}`;
    }),
  fc.constantFrom('007.5', '1e5', '-1.5e-3', '.5', '5.', '-0', '-0.000', '0.0050', '+3.10'),
);

describe('fixed', () => {
  it('answers what Decimal rounding half up answers, for any decimal text and places', () => {
    fc.assert(
      fc.property(decimalText, fc.nat(20), (value, places) => {
        expect(fixed(value, places)).toBe(byDecimal(value, places));
      }),
      { numRuns: 5000 },
    );
  });

  it('pads, cuts zeros and rounds half up', () => {
    expect(fixed('100.000000000000000000', 2)).toBe('100.00');
    expect(fixed('5', 6)).toBe('5.000000');
    expect(fixed('0.125', 2)).toBe('0.13');
    expect(fixed('-0.125', 2)).toBe('-0.13');
    expect(fixed('2.5', 0)).toBe('3');
    expect(fixed(new Money('1.005'), 2)).toBe('1.01');
  });
});
