import { describe, expect, it } from 'vitest';
import { decodeFunctionData, erc20Abi, type Address } from 'viem';
import { chainIdHex, orderBaseUnits, transferRequest } from './wallet-transfer';

const WALLET: Address = '0x1111111111111111111111111111111111111111';
const USDC: Address = '0x3333333333333333333333333333333333333333';
const BUYER: Address = '0x2222222222222222222222222222222222222222';

describe('transferRequest', () => {
  it('sends exactly the quoted ETH to the company wallet, in wei, with no float on the way', () => {
    // 0.050000000000123457 is not representable as a double: a float would change the last digits.
    const order = {
      coin: 'ETH',
      amount: '0.050000000000123457',
      companyWallet: WALLET,
      usdcAddress: USDC,
    } as const;
    expect(BigInt(Number(order.amount) * 1e18)).not.toBe(50_000_000_000_123_457n);
    const request = transferRequest(order, BUYER);
    expect(request).toEqual({ from: BUYER, to: WALLET, value: '0xb1a2bc2ec6e241' });
    expect(BigInt(request.value)).toBe(50_000_000_000_123_457n);
  });

  it('pays USDC as transfer(companyWallet, amount) on the configured contract, in 6-decimal units', () => {
    const request = transferRequest(
      { coin: 'USDC', amount: '40.000123', companyWallet: WALLET, usdcAddress: USDC },
      BUYER,
    );
    expect(request.to).toBe(USDC);
    expect(request.value).toBe('0x0');
    const call = decodeFunctionData({ abi: erc20Abi, data: request.data! });
    expect(call.functionName).toBe('transfer');
    expect(call.args).toEqual([WALLET, 40_000_123n]);
  });

  it('refuses an amount it cannot pay exactly', () => {
    const base = { companyWallet: WALLET, usdcAddress: USDC } as const;
    expect(() => transferRequest({ ...base, coin: 'USDC', amount: '1.0000001' }, BUYER)).toThrow(
      RangeError,
    );
    expect(() => transferRequest({ ...base, coin: 'ETH', amount: '0' }, BUYER)).toThrow(RangeError);
    expect(() => transferRequest({ ...base, coin: 'ETH', amount: '1e-3' }, BUYER)).toThrow(
      RangeError,
    );
  });

  it('counts base units as bigint', () => {
    expect(orderBaseUnits({ coin: 'ETH', amount: '12345678.123456789012345678' })).toBe(
      12_345_678_123_456_789_012_345_678n,
    );
    expect(chainIdHex(31337)).toBe('0x7a69');
  });
});
