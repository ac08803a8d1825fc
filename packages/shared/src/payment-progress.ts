import { compareDecimals } from './purchases.ts';

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
  /** Crypto: a transfer for the order is on the chain, short of the confirmations it needs. */
  'seen',
  /**
   * Crypto: less than the quote arrived from evidence (a proven wallet): the order stays open for
   * the rest until the quote expires, then is credited for the value received.
   */
  'partiallyPaid',
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
  /** The transfer this state is about (seen, verified, received, refunded); null otherwise. */
  txnHash: string | null;
  /** Its amount in `coin`, shortest exact decimal ("0.02"); null when none. */
  amount: string | null;
  coin: string | null;
  /** The block it was mined in, as a decimal string; null when unknown. */
  blockNumber: string | null;
  /** Verified crypto orders: the exact amount quoted, in `coin` (compare with `amount`); else null. */
  quoted: string | null;
  /** Verified: staff credited the whole order although less than quoted arrived (audited). */
  overridden: boolean;
  /** Seen: the confirmations the transfer has so far (at most `confirmationsRequired`); else null. */
  confirmations: number | null;
  /** Seen: the confirmations a payment needs before it counts; else null. */
  confirmationsRequired: number | null;
  /**
   * Crypto, less than quoted arrived: while open (partiallyPaid, or seen with a part in), what is
   * still missing of `quoted`; once verified by value, the shortfall. Else null.
   */
  missing: string | null;
  /** While partially paid: when the quote ends (ISO), the rest must arrive before it; else null. */
  dueBy: string | null;
  /** Verified crypto payments: the tokens credited (18 decimals); else null. */
  tokens: string | null;
  /** True while the state can still change by itself (poll again). */
  live: boolean;
}

/** The texts the buyer reads for each state (one place, shown verbatim). */
export const paymentProgressText = {
  awaitingPayment: 'Awaiting your payment',
  expired: 'The quote expired before a payment arrived. Place a new order to buy.',
  receiptInReview: 'Your receipt is in. Our team checks your payment and lets you know by e-mail.',
  seen: (blockNumber: string, confirmations: number, required: number) =>
    `Payment seen in block ${blockNumber}: ${confirmations} of ${required} confirmations`,
  received: (amount: string, coin: string) =>
    `We received ${amount} ${coin}. It is with our team: we will contact you.`,
  verified: 'Payment verified: your tokens are allocated.',
  /** Tokens credited, when the answer names them (the verified dialog). */
  verifiedTokens: (tokens: string, symbol: string) =>
    `Payment verified: ${tokens} ${symbol} are allocated to you.`,
  partiallyPaid: (received: string, quoted: string, missing: string, coin: string) =>
    `Partially paid: we received ${received} ${coin} of the ${quoted} ${coin} due. ${missing} ${coin} is missing.`,
  /** Before the quote ends: where the rest goes and what happens otherwise. */
  partiallyPaidSendRest: (missing: string, coin: string, dueBy: string) =>
    `Send the missing ${missing} ${coin} from your proven wallet by ${dueBy}. If it has not arrived by then, your order is credited for the value received.`,
  /** After the quote ended, until the lapse job credits it. */
  partiallyPaidExpired:
    'The quote has expired: your order is being credited for the value received. This updates by itself.',
  /** A verified transfer that paid less than the quote: what the tokens are for. */
  verifiedOtherAmount: (
    amount: string,
    quoted: string,
    coin: string,
    overridden: boolean,
    short?: string | null,
  ) => {
    const of = `We received ${amount} ${coin} of the ${quoted} ${coin} quoted${short ? ` (${short} ${coin} short)` : ''}`;
    return overridden
      ? `${of}; our team credited the whole order (staff override).`
      : `${of}: your tokens are for the value received.`;
  },
  refunded: (amount: string, coin: string) => `Your payment of ${amount} ${coin} was refunded.`,
  closed: 'This order is closed; no payment is expected.',
} as const;

/**
 * What a verified crypto payment's tokens are for when less than the quote arrived (credited by
 * value, or in full by a staff override); null when the exact quote was paid.
 */
export function verifiedAmountNote(payment: PaymentProgress): string | null {
  const { state, amount, quoted, coin, overridden, missing } = payment;
  if (state !== 'verified' || !amount || !quoted || !coin) return null;
  if (compareDecimals(amount, quoted) >= 0) return null;
  return paymentProgressText.verifiedOtherAmount(amount, quoted, coin, overridden, missing);
}

/** Buyer messages of POST /v1/purchase/:id/cancel. */
export const cancelOrderMessages = {
  cancelled: 'Order cancelled',
  notCancellable:
    'This order can no longer be cancelled: a payment or receipt is in, or it is already closed',
} as const;
