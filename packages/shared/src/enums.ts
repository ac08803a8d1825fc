export const PaymentStatus = { Pending: 0, Success: 1, Failed: 2, Refunded: 3 } as const;
export type PaymentStatus = (typeof PaymentStatus)[keyof typeof PaymentStatus];
export const paymentStatusLabel = (s: number) =>
  (['Pending', 'Success', 'Failed', 'Refunded'] as const)[s] ?? 'Unknown';

export const PaymentMode = { Bank: 0, Crypto: 1 } as const;
export type PaymentMode = (typeof PaymentMode)[keyof typeof PaymentMode];

export const PurchaseStatus = {
  Pending: 0,
  Accepted: 1,
  Rejected: 2,
  NotAccepted: 3,
  Reverted: 4,
} as const;
export type PurchaseStatus = (typeof PurchaseStatus)[keyof typeof PurchaseStatus];
export const purchaseStatusLabel = (s: number) =>
  (['Pending', 'Accepted', 'Rejected', 'Not Accepted', 'Reverted'] as const)[s] ?? 'Unknown';

export const OtpPurpose = { SignUp: 'verifyemail', Reset: 'verifyUser' } as const;
export type OtpPurpose = (typeof OtpPurpose)[keyof typeof OtpPurpose];

export const Role = { User: 'user', Admin: 'admin' } as const;
export type Role = (typeof Role)[keyof typeof Role];

export const CRYPTO_CURRENCIES = ['ETH', 'USDC'] as const;
export type CryptoCurrency = (typeof CRYPTO_CURRENCIES)[number];

export const PAGE_SIZES = [10, 15, 20, 25, 30] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** Decimal places each currency carries on the wire (API.md). */
export const DECIMALS = { AUD: 2, ETH: 18, USDC: 6, TOKEN: 18 } as const;
