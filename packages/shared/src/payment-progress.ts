/**
 * Where a buyer's money is, as the order page and the payment dialog show it
 * (`payment` of GET /v1/purchase/:id). The server computes it from what it knows.
 */
export const PAYMENT_STATES = [
  /** Crypto: quote open, nothing received. Bank: no receipt yet. */
  'awaitingPayment',
  /** Crypto: the quote ran out with nothing received. */
  'expired',
  /** Bank: the receipt is attached, staff check the transfer. */
  'receiptInReview',
  /** A transfer for the order reached the company wallet but did not credit it by itself. */
  'received',
  /** The payment was verified (crypto) or the order accepted (bank). */
  'verified',
  /** A transfer for the order was refunded by staff. */
  'refunded',
  /** Rejected, Not Accepted (cancelled or lapsed) or Reverted, with nothing waiting. */
  'closed',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export interface PaymentProgress {
  state: PaymentState;
  /** The transfer this state is about (verified, received, refunded); null otherwise. */
  txnHash: string | null;
  /** Its amount in `coin`, shortest exact decimal ("0.02"); null when none. */
  amount: string | null;
  coin: string | null;
  /** The block it was mined in, as a decimal string; null when unknown. */
  blockNumber: string | null;
  /** True while the state can still change by itself (poll again). */
  live: boolean;
}

/** The texts the buyer reads for each state (one place, shown verbatim). */
export const paymentProgressText = {
  awaitingPayment: 'Awaiting your payment',
  expired: 'The quote expired before a payment arrived. Place a new order to buy.',
  receiptInReview: 'Your receipt is in. Our team checks your payment and lets you know by e-mail.',
  received: (amount: string, coin: string) =>
    `We received ${amount} ${coin}. It is with our team: we will contact you.`,
  verified: 'Payment verified: your tokens are allocated.',
  refunded: (amount: string, coin: string) => `Your payment of ${amount} ${coin} was refunded.`,
  closed: 'This order is closed; no payment is expected.',
} as const;

/** Buyer messages of POST /v1/purchase/:id/cancel. */
export const cancelOrderMessages = {
  cancelled: 'Order cancelled',
  notCancellable:
    'This order can no longer be cancelled: a payment or receipt is in, or it is already closed',
} as const;
