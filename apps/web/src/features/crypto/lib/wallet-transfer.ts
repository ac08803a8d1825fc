import { encodeFunctionData, erc20Abi, numberToHex, type Address, type Hex } from 'viem';
import { DECIMALS, type CryptoCurrency } from '@tmc/shared';
import { toBaseUnits } from './payment-request';

export interface TransferOrder {
  coin: CryptoCurrency;
  /** The exact quoted amount, as the server wrote it. */
  amount: string;
  companyWallet: Address;
  usdcAddress: Address;
}

/** The eth_sendTransaction parameters for an order; amounts are integers in base units, never floats. */
export interface TransferRequest {
  from: Address;
  to: Address;
  /** Wei as a hex quantity; 0x0 for a token transfer. */
  value: Hex;
  data?: Hex;
}

/** Base units the order asks for: wei for ETH, 6-decimal units for USDC. */
export const orderBaseUnits = (order: Pick<TransferOrder, 'coin' | 'amount'>): bigint =>
  toBaseUnits(order.amount, DECIMALS[order.coin]);

/**
 * Exactly the quoted amount: an ETH value transfer to the company wallet, or USDC
 * `transfer(companyWallet, amount)` on the configured contract.
 */
export function transferRequest(order: TransferOrder, from: Address): TransferRequest {
  const units = orderBaseUnits(order);
  if (units <= 0n) throw new RangeError('Nothing to pay');
  if (order.coin === 'ETH') return { from, to: order.companyWallet, value: numberToHex(units) };
  return {
    from,
    to: order.usdcAddress,
    value: '0x0',
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [order.companyWallet, units],
    }),
  };
}

/** eth_call data for the account's USDC balance. */
export const balanceOfCall = (usdcAddress: Address, account: Address) => ({
  to: usdcAddress,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [account] }),
});

/** A chain id as wallets want it in wallet_switchEthereumChain: 31337 → "0x7a69". */
export const chainIdHex = (chainId: number): Hex => numberToHex(chainId);
