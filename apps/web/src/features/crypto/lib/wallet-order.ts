import { Decimal } from 'decimal.js';
import { CRYPTO_CURRENCIES, type CryptoCurrency } from '@tmc/shared';

/** A Pending crypto order as the wallet needs it: every figure exactly as the server quoted it. */
export interface WalletOrder {
  /** The order's transaction id (what verify-crypto-pay takes). */
  transactionId: string;
  currency: CryptoCurrency;
  /** The exact amount due, e.g. "0.050000000000123457". */
  amount: string;
  /** Where the payment goes: the wallet the order quoted. */
  companyWallet: string;
  chainId: number;
  usdcAddress: string;
  /** When the quote stops holding; null: no expiry. */
  expiresAt: string | null;
}

/** The exact amount as plain text, for pasting into a wallet ("0.050000" → "0.05"); never rounded. */
export function exactAmount(value: string): string {
  try {
    return new Decimal(value).toFixed();
  } catch {
    return value;
  }
}

export const isCoin = (symbol: string): symbol is CryptoCurrency =>
  (CRYPTO_CURRENCIES as readonly string[]).includes(symbol);
