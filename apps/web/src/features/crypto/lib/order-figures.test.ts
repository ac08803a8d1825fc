import { describe, expect, it } from 'vitest';
import { orderFigures } from './order-figures';

const rates = { AUD: '1', ETH: '0.0002', USDC: '0.65' };

describe('orderFigures', () => {
  it('converts ETH and USDC to AUD, then to tokens', () => {
    expect(orderFigures('0.05', 'ETH', rates, '0.02')).toEqual({
      aud: '250.0000',
      tokens: '12500.00',
    });
    expect(orderFigures('100', 'USDC', rates, '0.05')).toEqual({
      aud: '153.8462',
      tokens: '3076.92',
    });
  });

  it('uses the AUD rate of the table, not an assumed 1', () => {
    expect(orderFigures('1', 'ETH', { AUD: '2', ETH: '0.0004' }, '1').aud).toBe('5000.0000');
  });

  it('gives nothing until rates and price are known, and never throws', () => {
    expect(orderFigures('0.05', 'ETH', undefined, '0.02')).toEqual({ aud: null, tokens: null });
    expect(orderFigures('0.05', 'ETH', rates, undefined)).toEqual({
      aud: '250.0000',
      tokens: null,
    });
    expect(orderFigures('0.05', 'ETH', { AUD: '1', ETH: '0' }, '0.02')).toEqual({
      aud: null,
      tokens: null,
    });
    expect(orderFigures('0', 'ETH', rates, '0.02')).toEqual({ aud: '0.0000', tokens: '0.00' });
  });
});
