import { describe, expect, it } from 'vitest';
import { commissionExample, ratePercent, TIER1_RATE, TIER2_RATE } from './commission.ts';

describe('commissionExample', () => {
  it('gives the figures of the terms at $1,000,000 in sales', () => {
    expect(commissionExample('1000000')).toEqual({
      sales: '1000000.00',
      directCommission: '200000.00',
      influencerNet: '800000.00',
      introducerCommission: '80000.00',
    });
  });

  it('uses the programme rates', () => {
    expect(TIER1_RATE).toBe('0.20');
    expect(TIER2_RATE).toBe('0.10');
    expect(ratePercent(TIER1_RATE)).toBe('20');
    expect(ratePercent(TIER2_RATE)).toBe('10');
  });

  it('turns rates into exact percentages', () => {
    expect(ratePercent('0.1')).toBe('10');
    expect(ratePercent('0.125')).toBe('12.5');
    expect(ratePercent('0.07')).toBe('7');
    expect(ratePercent('0.1000')).toBe('10');
    expect(ratePercent('1')).toBe('100');
  });

  it('stays exact where floats would not', () => {
    // 0.1 + 0.2 style drift: 20% of 0.15 is 0.03, net 0.12, 10% of that rounds to 0.01.
    expect(commissionExample('0.15')).toEqual({
      sales: '0.15',
      directCommission: '0.03',
      influencerNet: '0.12',
      introducerCommission: '0.01',
    });
    expect(commissionExample('123456789012345.67').directCommission).toBe('24691357802469.13');
  });

  it('rounds half up to the cent and accepts numbers', () => {
    expect(commissionExample(0.025).directCommission).toBe('0.01');
    expect(commissionExample('10.125').sales).toBe('10.13');
  });

  it('rejects what is not a non-negative decimal', () => {
    expect(() => commissionExample('-5')).toThrow(RangeError);
    expect(() => commissionExample('1e6')).toThrow(RangeError);
  });
});
