import { describe, expect, it } from 'vitest';
import {
  WalletPaymentError,
  isUnrecognizedChain,
  isUserRejection,
  toWalletPaymentError,
  walletErrorCodes,
  walletMessages,
} from './wallet-errors';

describe('toWalletPaymentError', () => {
  it('maps a rejection in the wallet (4001) to the rejection message', () => {
    const mapped = toWalletPaymentError(
      { code: 4001, message: 'User rejected the request.' },
      'ETH',
    );
    expect(mapped.problem).toBe('rejected');
    expect(mapped.message).toBe(walletMessages.rejected);
  });

  it('reads codes wrapped the way MetaMask and viem wrap them', () => {
    const wrapped = { code: -32603, data: { originalError: { code: 4902 } } };
    expect(walletErrorCodes(wrapped)).toEqual([-32603, 4902]);
    expect(isUnrecognizedChain(wrapped)).toBe(true);
    expect(isUserRejection({ code: -32000, cause: { code: 4001 } })).toBe(true);
    expect(isUnrecognizedChain({ code: -32603, message: 'Unrecognized chain ID "0x7a69"' })).toBe(
      true,
    );
  });

  it('tells the buyer when the wallet lacks the funds, for ETH and for a USDC revert', () => {
    const eth = toWalletPaymentError(
      { code: -32000, message: 'insufficient funds for gas * price + value' },
      'ETH',
    );
    expect(eth.problem).toBe('insufficientFunds');
    expect(eth.message).toBe(walletMessages.insufficientFunds('ETH'));
    const usdc = toWalletPaymentError(
      {
        code: -32603,
        data: { message: 'execution reverted: ERC20: transfer amount exceeds balance' },
      },
      'USDC',
    );
    expect(usdc.problem).toBe('insufficientFunds');
    expect(usdc.message).toContain('USDC');
  });

  it('says a request is already open in the wallet (-32002)', () => {
    expect(toWalletPaymentError({ code: -32002, message: 'pending' }, 'ETH').problem).toBe('busy');
  });

  it('passes its own errors through and names anything else by its first line', () => {
    const own = new WalletPaymentError('expired', walletMessages.expired);
    expect(toWalletPaymentError(own, 'ETH')).toBe(own);
    const other = toWalletPaymentError(new Error('nonce too low\nstack…'), 'ETH');
    expect(other.problem).toBe('failed');
    expect(other.message).toBe(walletMessages.failed('nonce too low'));
    expect(toWalletPaymentError(undefined, 'ETH').message).toBe(
      walletMessages.failed('unknown error'),
    );
  });
});
