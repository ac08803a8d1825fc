import { describe, expect, it } from 'vitest';
import { formatAud, formatPercent, raisedPercent } from './presale-figures';

describe('presale figures', () => {
  it('formats Australian dollars', () => {
    expect(formatAud('1250.00')).toBe('A$1,250');
    expect(formatAud('0.05', 8)).toBe('A$0.05');
    expect(formatAud('nonsense')).toBe('—');
  });

  it('works out the share of the hard cap', () => {
    expect(raisedPercent('250000', '1000000')).toBe(25);
    expect(raisedPercent('2000000', '1000000')).toBe(100);
    expect(raisedPercent('0', '1000000')).toBe(0);
    expect(raisedPercent('10', '0')).toBe(0);
  });

  it('never shows a small start as 0%', () => {
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(0.125)).toBe('<1%');
    expect(formatPercent(37.9)).toBe('37%');
  });
});
