import { describe, expect, it } from 'vitest';
import { paymentRequestUri, toBaseUnits } from './payment-request';

const WALLET = '0x1111111111111111111111111111111111111111';
const USDC = '0x3333333333333333333333333333333333333333';

describe('toBaseUnits', () => {
  it('turns an exact decimal amount into integer base units, never through a float', () => {
    expect(toBaseUnits('0.05', 18)).toBe(50_000_000_000_000_000n);
    expect(toBaseUnits('0.050000000000123457', 18)).toBe(50_000_000_000_123_457n);
    expect(toBaseUnits('100.000123', 6)).toBe(100_000_123n);
    expect(toBaseUnits('12.500000', 6)).toBe(12_500_000n);
    expect(toBaseUnits('3', 6)).toBe(3_000_000n);
  });

  it('refuses amounts that are not exact in the coin', () => {
    expect(() => toBaseUnits('0.0000001', 6)).toThrow(RangeError);
    expect(() => toBaseUnits('-1', 6)).toThrow(RangeError);
    expect(() => toBaseUnits('1e3', 6)).toThrow(RangeError);
    expect(() => toBaseUnits('', 6)).toThrow(RangeError);
  });
});

describe('paymentRequestUri', () => {
  it('asks for ETH with the wallet, the chain and the exact value in wei', () => {
    expect(
      paymentRequestUri({
        coin: 'ETH',
        amount: '0.050000000000123457',
        wallet: WALLET,
        chainId: 1,
      }),
    ).toBe(`ethereum:${WALLET}@1?value=50000000000123457`);
  });

  it('asks for USDC as a transfer on the token contract, to the wallet, in base units', () => {
    expect(
      paymentRequestUri({
        coin: 'USDC',
        amount: '100.000123',
        wallet: WALLET,
        chainId: 31337,
        usdcAddress: USDC,
      }),
    ).toBe(`ethereum:${USDC}@31337/transfer?address=${WALLET}&uint256=100000123`);
  });

  it('refuses what it cannot encode', () => {
    const eth = { coin: 'ETH', amount: '1', wallet: WALLET, chainId: 1 } as const;
    expect(() => paymentRequestUri({ ...eth, wallet: '0x123' })).toThrow(RangeError);
    expect(() => paymentRequestUri({ ...eth, chainId: 0 })).toThrow(RangeError);
    expect(() => paymentRequestUri({ ...eth, amount: 'abc' })).toThrow(RangeError);
    expect(() => paymentRequestUri({ ...eth, coin: 'USDC' })).toThrow(RangeError);
    expect(() =>
      paymentRequestUri({ ...eth, coin: 'USDC', amount: '1.0000001', usdcAddress: USDC }),
    ).toThrow(RangeError);
  });
});
