import type { CryptoCurrency } from '@tmc/shared';

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
