import { DECIMALS, type CryptoCurrency } from '@tmc/shared';

const AMOUNT = /^(\d+)(?:\.(\d+))?$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** "0.05" ETH → 50000000000000000n wei; throws for text that is not exact in `decimals` places. */
export function toBaseUnits(amount: string, decimals: number): bigint {
  const match = AMOUNT.exec(amount.trim());
  if (!match) throw new RangeError(`Not an amount: ${amount}`);
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) throw new RangeError(`More than ${decimals} decimals: ${amount}`);
  return BigInt(`${match[1]}${fraction.padEnd(decimals, '0')}`);
}

export interface PaymentRequest {
  coin: CryptoCurrency;
  /** The exact amount due, in `coin`. */
  amount: string;
  /** Where the coins go: the company wallet. */
  wallet: string;
  chainId: number;
  /** The USDC token contract (USDC only). */
  usdcAddress?: string;
}

/**
 * The EIP-681 payment request a wallet app reads from the QR code, with address and exact
 * amount: `ethereum:<wallet>@<chainId>?value=<wei>` for ETH, an ERC-20 `transfer` call on the
 * USDC contract for USDC. Throws a RangeError for an address or amount it cannot encode.
 */
export function paymentRequestUri({
  coin,
  amount,
  wallet,
  chainId,
  usdcAddress,
}: PaymentRequest): string {
  if (!ADDRESS.test(wallet)) throw new RangeError(`Not an address: ${wallet}`);
  if (!Number.isSafeInteger(chainId) || chainId <= 0) throw new RangeError('No chain id');
  const units = toBaseUnits(amount, DECIMALS[coin]);
  if (coin === 'ETH') return `ethereum:${wallet}@${chainId}?value=${units}`;
  if (!usdcAddress || !ADDRESS.test(usdcAddress)) throw new RangeError('No USDC contract');
  return `ethereum:${usdcAddress}@${chainId}/transfer?address=${wallet}&uint256=${units}`;
}
