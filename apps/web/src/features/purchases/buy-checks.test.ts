import { describe, expect, it } from 'vitest';
import { messages } from '@tmc/shared';
import {
  audValue,
  bankTransferProblem,
  cryptoTransferProblem,
  minimumProblem,
  normalizeAmount,
  type BuyState,
} from './buy-checks';

const ready: BuyState = { currency: 'AUD', fiatCode: 'EUR', amount: '500', accepted: true };
const rates = { AUD: '1', EUR: '0.60', JPY: '98.5', ETH: '0.0002' };

describe('bankTransferProblem', () => {
  it("checks in the spec's order with its messages", () => {
    const nothing: BuyState = { currency: 'ETH', fiatCode: null, amount: '', accepted: false };
    expect(bankTransferProblem(nothing)).toBe(messages.investmentAmount);
    expect(bankTransferProblem({ ...nothing, amount: '500' })).toBe(messages.bankCurrency);
    expect(bankTransferProblem({ ...nothing, amount: '500', currency: 'AUD' })).toBe(
      messages.buyDisclaimer,
    );
    expect(
      bankTransferProblem({ ...nothing, amount: '500', currency: 'AUD', accepted: true }),
    ).toBe(messages.fiatCurrency);
    expect(bankTransferProblem(ready)).toBeNull();
  });

  it('takes zero, a lone dot and text as no amount', () => {
    for (const amount of ['0', '0.00', '.', 'abc', ' ']) {
      expect(bankTransferProblem({ ...ready, amount })).toBe(messages.investmentAmount);
    }
  });
});

describe('cryptoTransferProblem', () => {
  it('needs an amount, a crypto currency and the disclaimer', () => {
    expect(cryptoTransferProblem({ ...ready, amount: '' })).toBe(messages.investmentAmount);
    expect(cryptoTransferProblem(ready)).toBe(messages.cryptoCurrency);
    expect(cryptoTransferProblem({ ...ready, currency: 'USDC', accepted: false })).toBe(
      messages.buyDisclaimer,
    );
    expect(cryptoTransferProblem({ ...ready, currency: 'ETH', fiatCode: null })).toBeNull();
  });
});

describe('audValue', () => {
  it('converts amount / rate[code] × rate[AUD] to 4 decimals', () => {
    expect(audValue(ready, rates)).toBe('833.3333');
    expect(audValue({ ...ready, fiatCode: 'JPY', amount: '10000' }, rates)).toBe('101.5228');
    expect(audValue({ currency: 'ETH', fiatCode: null, amount: '0.5' }, rates)).toBe('2500.0000');
  });

  it('is null until there is an amount and a rate', () => {
    expect(audValue({ ...ready, amount: '' }, rates)).toBeNull();
    expect(audValue({ ...ready, fiatCode: null }, rates)).toBeNull();
    expect(audValue({ ...ready, fiatCode: 'XYZ' }, rates)).toBeNull();
    expect(audValue(ready, undefined)).toBeNull();
  });
});

describe('amount helpers', () => {
  it('normalizes the typed amount', () => {
    expect(normalizeAmount('500.')).toBe('500');
    expect(normalizeAmount('.5')).toBe('0.5');
    expect(normalizeAmount('')).toBe('');
  });

  it('tells when the AUD value is under the minimum', () => {
    expect(minimumProblem('49.9999', '50')).toBe('The minimum purchase is A$50');
    expect(minimumProblem('75', '75.5')).toBe('The minimum purchase is A$75.50');
    expect(minimumProblem('50.0000', '50')).toBeNull();
    expect(minimumProblem(null, '50')).toBeNull();
  });
});
