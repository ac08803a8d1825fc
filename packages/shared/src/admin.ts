import { z } from 'zod';

/** Texts of the staff user actions, shown by the console and answered by the API. */
export const adminUserMessages = {
  notFound: 'User not found',
  ownRole: 'You cannot change your own role',
  influencerNotAffiliate: 'Only an affiliate can be marked as an influencer',
  dismissNotAffiliate: 'Only an affiliate can be dismissed',
  reasonRequired: 'Reason is required',
  reasonTooLong: 'Reason must be at most 1000 characters long',
} as const;

/* ------------------------------------------------------------------------------------------ */
/* Unmatched payments: transfers to the company wallet that credited no order (money-integrity */
/* issue). GET /v1/admin/unmatched-payments, POST …/:id/assign and …/:id/refund.               */
/* ------------------------------------------------------------------------------------------ */

export const UNMATCHED_PAYMENT_STATUSES = ['open', 'assigned', 'refunded'] as const;
export type UnmatchedPaymentStatus = (typeof UNMATCHED_PAYMENT_STATUSES)[number];

export const UNMATCHED_PAYMENT_REASONS = ['short', 'excess', 'late', 'unknown', 'hardCap'] as const;
export type UnmatchedPaymentReason = (typeof UNMATCHED_PAYMENT_REASONS)[number];

/** How the console names each reason. */
export const unmatchedPaymentReasonLabel: Record<UnmatchedPaymentReason, string> = {
  short: 'Paid less than quoted',
  excess: 'Paid more than quoted',
  late: 'Paid after the quote expired',
  unknown: 'No matching order',
  hardCap: 'Over the hard cap',
};

/** Texts of the staff actions on unmatched payments, shown by the console and answered by the API. */
export const unmatchedPaymentMessages = {
  remarkRequired: 'Remark is required',
  remarkTooLong: 'Remark must be at most 500 characters long',
  reference: 'Enter the order reference, e.g. TMC-7KQ2XM',
} as const;

const UNMATCHED_REMARK_MAX = 500;

const unmatchedRemark = z
  .string({ error: unmatchedPaymentMessages.remarkRequired })
  .trim()
  .min(1, unmatchedPaymentMessages.remarkRequired)
  .max(UNMATCHED_REMARK_MAX, unmatchedPaymentMessages.remarkTooLong);

/** Body of POST /v1/admin/unmatched-payments/:id/assign: the pending crypto order it pays for. */
export const assignUnmatchedPaymentSchema = z.object({
  reference: z
    .string({ error: unmatchedPaymentMessages.reference })
    .trim()
    .toUpperCase()
    .regex(/^TMC-[A-Z0-9]{1,16}$/, unmatchedPaymentMessages.reference),
  remark: unmatchedRemark,
});
export type AssignUnmatchedPaymentBody = z.output<typeof assignUnmatchedPaymentSchema>;

/** Body of POST /v1/admin/unmatched-payments/:id/refund: staff refunded it outside the site. */
export const refundUnmatchedPaymentSchema = z.object({ remark: unmatchedRemark });
export type RefundUnmatchedPaymentBody = z.output<typeof refundUnmatchedPaymentSchema>;

/** Query of GET /v1/admin/unmatched-payments (and page, limit); status defaults to open. */
export const unmatchedPaymentsQuerySchema = z.object({
  status: z.enum(UNMATCHED_PAYMENT_STATUSES).default('open'),
});
