import { z } from 'zod';

/** 0x + 64 hex: an EVM transaction hash. */
export const TXN_HASH_PATTERN = /^0x[0-9a-fA-F]{64}$/;

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
  underpaid: (missing: string, paid: string, due: string, coin: string) =>
    `The payment is ${missing} ${coin} short: ${paid} ${coin} received of ${due} ${coin} due`,
} as const;

/**
 * How every verify answer that hands a payment to staff (short, excess or late: it credits no
 * order by itself) ends, so the buyer knows what happens next.
 */
export const PAYMENT_REVIEW_NOTE = 'Our team will review it and contact you.';

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
