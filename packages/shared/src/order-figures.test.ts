import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatFigure } from './format.ts';
import { compareDecimals, minimumInCurrency, orderAud, orderFigures } from './purchases.ts';

/** A decimal string with up to `places` decimals, from integer units. */
const decimal = (maxUnits: bigint, places: number, min = 0n) =>
  fc.bigInt({ min, max: maxUnits }).map((units) => {
    if (places === 0) return units.toString();
    const text = units.toString().padStart(places + 1, '0');
    return `${text.slice(0, -places)}.${text.slice(-places)}`;
  });

const amounts = decimal(10n ** 12n, 6, 1n);
const rates = decimal(10n ** 9n, 6, 1n);
const prices = decimal(10n ** 6n, 6, 1n);

/** x × y as exact decimal text (both non-negative decimal strings). */
function times(x: string, y: string): string {
  const [xi = '0', xf = ''] = x.split('.');
  const [yi = '0', yf = ''] = y.split('.');
  const units = BigInt(`${xi}${xf}`) * BigInt(`${yi}${yf}`);
  const places = xf.length + yf.length;
  const text = units.toString().padStart(places + 1, '0');
  return places ? `${text.slice(0, -places)}.${text.slice(-places)}` : text;
}

/** "12.34" → "12.35". */
function plusHundredth(value: string): string {
  const units = (BigInt(value.replace('.', '')) + 1n).toString().padStart(3, '0');
  return `${units.slice(0, -2)}.${units.slice(-2)}`;
}

describe('orderFigures', () => {
  it('gives the contract example: 100 EUR at 0.6 per AUD and A$0.02 a token', () => {
    expect(orderFigures('100', '0.6', '1', '0.02')).toEqual({ aud: '166.67', tokens: '8333.50' });
    expect(formatFigure('8333.50')).toBe('8,333.50');
  });

  it('rounds the AUD half up to the cent and the tokens down to 2 decimals', () => {
    expect(orderFigures('0.005', '1', '1', '1')).toEqual({ aud: '0.01', tokens: '0.01' });
    expect(orderFigures('0.0049', '1', '1', '1')).toEqual({ aud: '0.00', tokens: '0.00' });
    expect(orderFigures('100', '1', '1', '0.03')).toEqual({ aud: '100.00', tokens: '3333.33' });
    expect(orderFigures('1', '0.0004', '2', '1')).toEqual({ aud: '5000.00', tokens: '5000.00' });
  });

  it('refuses bad text and zero rates or prices', () => {
    expect(() => orderFigures('abc', '1', '1', '1')).toThrow(RangeError);
    expect(() => orderFigures('1', '0', '1', '1')).toThrow(RangeError);
    expect(() => orderFigures('1', '1', '1', '0')).toThrow(RangeError);
  });

  it('never promises tokens worth more than the AUD figure, which has 2 decimals', () => {
    fc.assert(
      fc.property(amounts, rates, rates, prices, (amount, rate, rateAud, price) => {
        const { aud, tokens } = orderFigures(amount, rate, rateAud, price);
        expect(aud).toMatch(/^\d+\.\d{2}$/);
        expect(tokens).toMatch(/^\d+\.\d{2}$/);
        expect(compareDecimals(times(tokens, price), aud)).toBeLessThanOrEqual(0);
        // Rounded down by less than one hundredth of a token.
        expect(compareDecimals(times(plusHundredth(tokens), price), aud)).toBe(1);
      }),
    );
  });

  it('never gives less for more', () => {
    fc.assert(
      fc.property(amounts, amounts, rates, rates, prices, (a, b, rate, rateAud, price) => {
        const [low, high] = compareDecimals(a, b) <= 0 ? [a, b] : [b, a];
        const lower = orderFigures(low, rate, rateAud, price);
        const higher = orderFigures(high, rate, rateAud, price);
        expect(compareDecimals(lower.aud, higher.aud)).toBeLessThanOrEqual(0);
        expect(compareDecimals(lower.tokens, higher.tokens)).toBeLessThanOrEqual(0);
      }),
    );
  });
});

describe('minimumInCurrency', () => {
  it('converts the AUD minimum into the buyer currency', () => {
    expect(minimumInCurrency('50', '0.625', '1', 2)).toBe('31.25');
    expect(minimumInCurrency('50', '1', '1', 2)).toBe('50.00');
  });

  it('rounds up, so paying the shown minimum is never under it', () => {
    // 50 × 0.6543 = 32.715 USD: 32.72, not 32.71 (which would come to A$49.99).
    expect(minimumInCurrency('50', '0.6543', '1', 2)).toBe('32.72');
    expect(minimumInCurrency('50', '0.000321', '1', 6)).toBe('0.016050');
  });

  it('paying the shown minimum always reaches the AUD minimum', () => {
    const rate = fc
      .integer({ min: 1, max: 10_000_000 })
      .map((units) => (units / 10_000).toFixed(4));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), rate, (minimum, code) => {
        const shown = minimumInCurrency(String(minimum), code, '1', 2);
        expect(compareDecimals(orderAud(shown, code, '1'), String(minimum))).toBeGreaterThanOrEqual(
          0,
        );
      }),
    );
  });

  it('refuses a zero AUD rate', () => {
    expect(() => minimumInCurrency('50', '0.6', '0', 2)).toThrow(RangeError);
  });
});
