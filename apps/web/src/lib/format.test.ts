import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatCount,
  formatDate,
  formatDeadline,
  formatMoney,
  formatPayoutPeriod,
  formatUtcCutoff,
  initialOf,
  shortHash,
  toFixedDecimal,
} from './format';

describe('format', () => {
  it('shortens hashes to the first 6 and last 4 characters', () => {
    expect(shortHash('0x9fa3c1d2e3f4a5b6c7d8e9f00112233445566778899aabbccddeeff001122b7c4')).toBe(
      '0x9fa3…b7c4',
    );
    expect(shortHash(null)).toBe('-');
    expect(shortHash('0x1234')).toBe('0x1234');
  });

  it('formats decimal strings exactly, without float drift', () => {
    expect(formatMoney('1250', 'AUD')).toBe('1,250.00 AUD');
    expect(formatMoney('0.053000000000000000', 'ETH')).toBe('0.053 ETH');
    // A quote's 8 decimals, never rounded to fewer.
    expect(formatMoney('0.050037380000000000', 'ETH')).toBe('0.05003738 ETH');
    expect(formatMoney('12.5', 'USDC')).toBe('12.50 USDC');
    expect(formatAmount('1.005', 2)).toBe('1.01');
    expect(formatAmount('999.999', 2)).toBe('1,000');
    expect(formatAmount('-0.001', 2)).toBe('0');
    expect(formatAmount('12345678901234567890.123456789', 4)).toBe(
      '12,345,678,901,234,567,890.1235',
    );
    expect(formatAmount('abc')).toBe('-');
    expect(formatMoney(null, 'AUD')).toBe('-');
  });

  it('gives fixed decimals for converted amounts', () => {
    expect(toFixedDecimal('66.66666666', 4)).toBe('66.6667');
    expect(toFixedDecimal('5', 4)).toBe('5.0000');
    expect(toFixedDecimal('9.99995', 4)).toBe('10.0000');
  });

  it('formats dates and initials', () => {
    expect(formatDate('2025-03-05T10:00:00.000Z')).toMatch(/05 Mar 2025/);
    expect(formatDate(undefined)).toBe('-');
    expect(initialOf(' jamie')).toBe('J');
  });

  it('shows payout cut-offs as what they are: midnight UTC, on the UTC day', () => {
    expect(formatUtcCutoff('2026-11-30T00:00:00.000Z')).toMatch(/^Mon 30 Nov( 2026)?, 00:00 UTC$/);
    // Another year says so.
    expect(formatUtcCutoff('2024-01-01T00:00:00.000Z')).toBe('Mon 1 Jan 2024, 00:00 UTC');
    expect(formatPayoutPeriod('2024-01-01T00:00:00.000Z', '2024-01-08T00:00:00.000Z')).toBe(
      'Mon 1 Jan 2024 – Mon 8 Jan 2024, 00:00 UTC',
    );
    expect(formatUtcCutoff(null)).toBe('-');
  });

  it('counts grouped, with "+" when the server only counted up to its cap', () => {
    expect(formatCount(12)).toBe('12');
    expect(formatCount(10_000)).toBe('10,000');
    expect(formatCount(10_000, true)).toBe('10,000+');
  });
});

describe('formatDeadline (m8: the page and the e-mail name the same moment)', () => {
  it('gives the viewer’s time and the UTC time the e-mail states', () => {
    expect(formatDeadline('2026-11-30T16:35:00.000Z', 'Australia/Sydney')).toBe(
      '01 Dec 2026, 03:35 am your time (30 Nov 2026, 16:35 UTC)',
    );
  });

  it('gives only the UTC time to a viewer on UTC', () => {
    expect(formatDeadline('2026-11-30T16:35:00.000Z', 'UTC')).toBe('30 Nov 2026, 16:35 UTC');
  });
});
