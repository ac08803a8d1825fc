import { describe, expect, it } from 'vitest';
import { messages } from '@tmc/shared';
import {
  buyFigures,
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

describe('buyFigures', () => {
  it('gives the AUD figure to the cent and the tokens it buys, rounded down', () => {
    expect(buyFigures(ready, rates, '0.02')).toEqual({ aud: '833.33', tokens: '41666.50' });
    expect(buyFigures({ ...ready, fiatCode: 'EUR', amount: '100' }, rates, '0.02')).toEqual({
      aud: '166.67',
      tokens: '8333.50',
    });
    expect(buyFigures({ ...ready, fiatCode: 'JPY', amount: '10000' }, rates, '0.03')).toEqual({
      aud: '101.52',
      tokens: '3384.00',
    });
    expect(buyFigures({ currency: 'ETH', fiatCode: null, amount: '0.5' }, rates, '0.02').aud).toBe(
      '2500.00',
    );
  });

  it('is empty until there is an amount and a rate', () => {
    const none = { aud: null, tokens: null };
    expect(buyFigures({ ...ready, amount: '' }, rates, '0.02')).toEqual(none);
    expect(buyFigures({ ...ready, fiatCode: null }, rates, '0.02')).toEqual(none);
    expect(buyFigures({ ...ready, fiatCode: 'XYZ' }, rates, '0.02')).toEqual(none);
    expect(buyFigures(ready, undefined, '0.02')).toEqual(none);
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
