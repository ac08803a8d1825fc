import { z } from 'zod';

/** Texts of the staff user actions, shown by the console and answered by the API. */
export const adminUserMessages = {
  notFound: 'User not found',
  ownRole: 'You cannot change your own role',
  influencerNotAffiliate: 'Only an affiliate can be marked as an influencer',
  dismissNotAffiliate: 'Only an affiliate can be dismissed',
  staffNeedsVerifiedEmail: 'Only an account with a verified e-mail can be made staff',
  reasonRequired: 'Reason is required',
  reasonTooLong: 'Reason must be at most 1000 characters long',
} as const;

/* ------------------------------------------------------------------------------------------ */
/* Unmatched payments: transfers to the company wallet that credited no order by themselves.   */
/* ------------------------------------------------------------------------------------------ */

/**
 * Why a transfer credited no order: less or more than the exact amount of the order it was
 * claimed for, mined after that order's quote expired, no open order has its exact amount,
 * crediting it would have passed the hard cap, or ETH that reached the company wallet through a
 * contract (an internal call: no transaction of its own, found by the wallet's balance change).
 */
export const UNMATCHED_PAYMENT_REASONS = [
  'short',
  'excess',
  'late',
  'unknown',
  'hardCap',
  'overpaid',
  'conflict',
  'internal',
] as const;
export type UnmatchedPaymentReason = (typeof UNMATCHED_PAYMENT_REASONS)[number];

export const UNMATCHED_PAYMENT_STATUSES = ['open', 'assigned', 'refunded'] as const;
export type UnmatchedPaymentStatus = (typeof UNMATCHED_PAYMENT_STATUSES)[number];

export const UNMATCHED_REMARK_MAX = 500;

/** How the console names each reason. */
export const unmatchedPaymentReasonLabel: Record<UnmatchedPaymentReason, string> = {
  short: 'Paid less than quoted',
  excess: 'Paid more than quoted',
  late: 'Paid after the quote expired',
  unknown: 'No matching order',
  hardCap: 'Over the hard cap',
  overpaid: 'Paid beyond the order it credited: refund',
  conflict: "Exact amount of one buyer's order, sent from another buyer's proven wallet",
  internal: 'ETH sent through a contract: sender unknown',
};

export const unmatchedPaymentMessages = {
  notFound: 'Unmatched payment not found',
  notOpen: 'This payment has already been assigned or refunded',
  status: 'status must be open, assigned or refunded',
  reference: 'Enter the order reference, e.g. TMC-7KQ2XM',
  notPendingCryptoOrder: (coin: string) =>
    `Only a pending ${coin} order can take this payment: check the reference`,
  hashUsed: 'This transaction hash already pays for another order',
  remarkRequired: 'Remark is required',
  remarkTooLong: `Remark must be at most ${UNMATCHED_REMARK_MAX} characters long`,
  assigned: 'Payment assigned to the order',
  notOnChainNow: 'The chain no longer shows this transfer as listed, so it cannot be assigned',
  notEnoughConfirmations: (needed: number) =>
    `This transfer has fewer than ${needed} confirmations yet, so it cannot be assigned`,
  overrideRequired: 'Give the reason for crediting more than was received',
  overrideTooLong: `The reason must be at most ${UNMATCHED_REMARK_MAX} characters long`,
  refunded: 'Payment marked as refunded',
  moved: 'Payment moved to the order',
  notMovable: 'Only a crypto payment that credited an order can be moved',
  /** The order was paid by several transfers (partially paid, then completed or expired). */
  paidInParts:
    'This order was paid in several transfers, so its payment cannot be moved: revert the order and refund it instead',
  sameOrder: 'The payment already credits this order',
  movedRemark: (reference: string) => `Its payment was moved to the order ${reference} by our team`,
  partRefunded:
    'What this payment paid beyond its order was already refunded or assigned, so it cannot be moved',
} as const;

const unmatchedRemark = z
  .string({ error: unmatchedPaymentMessages.remarkRequired })
  .trim()
  .min(1, unmatchedPaymentMessages.remarkRequired)
  .max(UNMATCHED_REMARK_MAX, unmatchedPaymentMessages.remarkTooLong);

/** Body of POST /v1/admin/unmatched-payments/:id/assign. */
export const assignUnmatchedPaymentSchema = z.object({
  reference: z
    .string({ error: unmatchedPaymentMessages.reference })
    .trim()
    .toUpperCase()
    .regex(/^TMC-[A-Z0-9]{6}$/, unmatchedPaymentMessages.reference),
  remark: unmatchedRemark,
  /**
   * Credit the order's whole token amount although the transfer is less than it was due; the
   * reason is audited and shown in the order's timeline. Without it an order gets what the
   * transfer is worth at its frozen price.
   */
  override: z
    .string({ error: unmatchedPaymentMessages.overrideRequired })
    .trim()
    .min(1, unmatchedPaymentMessages.overrideRequired)
    .max(UNMATCHED_REMARK_MAX, unmatchedPaymentMessages.overrideTooLong)
    .optional(),
});
export type AssignUnmatchedPaymentBody = z.output<typeof assignUnmatchedPaymentSchema>;

/**
 * Body of POST /v1/admin/transactions/:id/move-credit: the transfer that credited this order is
 * taken off it (the order is reverted) and credits the order of `reference` instead.
 */
export const moveCreditSchema = assignUnmatchedPaymentSchema;
export type MoveCreditBody = AssignUnmatchedPaymentBody;

/** Body of POST /v1/admin/unmatched-payments/:id/refund: staff refunded it outside the site. */
export const refundUnmatchedPaymentSchema = z.object({ remark: unmatchedRemark });
export type RefundUnmatchedPaymentBody = z.output<typeof refundUnmatchedPaymentSchema>;
