import { z } from 'zod';

/** 0x + 64 hex: an EVM transaction hash. */
export const TXN_HASH_PATTERN = /^0x[0-9a-fA-F]{64}$/;

/**
 * How every verify answer that hands a payment to staff (short, excess, late, over the cap: it
 * credits no order by itself) ends, so the buyer knows what happens next.
 */
export const PAYMENT_REVIEW_NOTE = 'Our team will review it and contact you.';

/**
 * Why a crypto payment was not accepted (POST /v1/transaction/verify-crypto-pay). The spec gives
 * none of these; API.md lists the cases. The client shows them as the server sends them.
 */
export const verifyPaymentMessages = {
  hashFormat: 'Transaction hash must be 0x followed by 64 hex characters',
  notPending: 'This payment is no longer pending, so it cannot be verified again',
  notCryptoPayment: 'Only a crypto wallet payment can be verified with a transaction hash',
  hashUsed: 'This transaction hash has already been used for a payment',
  notOnChain:
    'No transaction with this hash was found on the chain; check the hash and the network',
  notMined: 'The transaction is not mined yet, try again in a minute',
  reverted: 'This transaction failed on the chain (reverted), so nothing was paid',
  notToCompanyWallet: 'This transaction did not send ETH to the company wallet',
  noUsdcToCompanyWallet: 'This transaction has no USDC transfer to the company wallet',
  sentBeforeOrder: 'This transaction was sent before the order was placed, so it cannot pay for it',
  notEnoughConfirmations: 'not enough confirmations yet, try again in a minute',
  /** 503: the RPC endpoint did not answer; nothing was decided. */
  chainUnavailable: 'The chain cannot be reached right now, please try again in a minute',
  /** Short, excess, late and over-cap payments are listed for staff: the buyer hears what happens next. */
  short: (paid: string, due: string, coin: string) =>
    `This payment of ${paid} ${coin} is less than the exact amount due, ${due} ${coin}, so it was not credited automatically. ${PAYMENT_REVIEW_NOTE}`,
  excess: (paid: string, due: string, coin: string) =>
    `This payment of ${paid} ${coin} is more than the exact amount due, ${due} ${coin}, so it was not credited automatically. ${PAYMENT_REVIEW_NOTE}`,
  late: `This payment was sent after the quote expired, so it was not credited automatically. ${PAYMENT_REVIEW_NOTE}`,
  overHardCap: `The presale hard cap has been reached, so this payment was not credited automatically. ${PAYMENT_REVIEW_NOTE}`,
  inReview: `This payment is already with our team. ${PAYMENT_REVIEW_NOTE}`,
  refunded: 'This payment has been refunded by our team, so it cannot pay for an order',
  /** 200 of a verify that counted a short transfer towards the order (partially paid). */
  partiallyPaid: (received: string, quoted: string, missing: string, coin: string) =>
    `Partially paid: we received ${received} ${coin} of the ${quoted} ${coin} due, ${missing} ${coin} is missing. Send it from your proven wallet before the quote expires, or your order is credited for the value received.`,
  /** The amount is the exact amount of another open order: it pays that order, not this one. */
  otherOrder: 'This payment is the exact amount of another order, so it cannot pay for this one',
} as const;

/** True for a verify answer that hands the payment to staff: information, not a dead end. */
export const isHandedToStaff = (message: string) => message.includes(PAYMENT_REVIEW_NOTE);

/** Body of POST /v1/transaction/verify-crypto-pay/:transactionId; the hash is kept lower-case. */
export const verifyCryptoPaySchema = z.object({
  txnHash: z
    .string({ error: verifyPaymentMessages.hashFormat })
    .trim()
    .regex(TXN_HASH_PATTERN, verifyPaymentMessages.hashFormat)
    .transform((hash) => hash.toLowerCase() as `0x${string}`),
});

export type VerifyCryptoPayBody = z.output<typeof verifyCryptoPaySchema>;
