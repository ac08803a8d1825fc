import { describe, expect, it } from 'vitest';
import { screenFigures } from './order-figures';

const rates = { AUD: '1', EUR: '0.6', ETH: '0.0002', USDC: '0.65' };

describe('screenFigures', () => {
  it('gives the shared order figures: AUD to the cent, tokens rounded down to 2 decimals', () => {
    expect(screenFigures('100', 'EUR', rates, '0.02')).toEqual({
      aud: '166.67',
      tokens: '8333.50',
    });
    expect(screenFigures('0.05', 'ETH', rates, '0.02')).toEqual({
      aud: '250.00',
      tokens: '12500.00',
    });
    expect(screenFigures('100', 'USDC', rates, '0.05')).toEqual({
      aud: '153.85',
      tokens: '3077.00',
    });
  });

  it('uses the AUD rate of the table, not an assumed 1', () => {
    expect(screenFigures('1', 'ETH', { AUD: '2', ETH: '0.0004' }, '1').aud).toBe('5000.00');
  });

  it('gives the AUD figure before the token price is known', () => {
    expect(screenFigures('0.05', 'ETH', rates, undefined)).toEqual({ aud: '250.00', tokens: null });
  });

  it('gives nothing until amount, currency and rates are known, and never throws', () => {
    expect(screenFigures('0.05', 'ETH', undefined, '0.02')).toEqual({ aud: null, tokens: null });
    expect(screenFigures('', 'ETH', rates, '0.02')).toEqual({ aud: null, tokens: null });
    expect(screenFigures('100', null, rates, '0.02')).toEqual({ aud: null, tokens: null });
    expect(screenFigures('0.05', 'ETH', { AUD: '1', ETH: '0' }, '0.02')).toEqual({
      aud: null,
      tokens: null,
    });
    expect(screenFigures('0', 'ETH', rates, '0.02')).toEqual({ aud: '0.00', tokens: '0.00' });
  });
});
