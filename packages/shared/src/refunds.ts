import { z } from 'zod';

/* Refunds: money going back out, from the request to the proof it was paid. */

export const REFUND_STATES = ['requested', 'approved', 'paid', 'declined'] as const;
export type RefundState = (typeof REFUND_STATES)[number];
export const REFUND_COINS = ['ETH', 'USDC', 'AUD'] as const;
export type RefundCoin = (typeof REFUND_COINS)[number];
export const REFUND_REQUESTERS = ['buyer', 'staff', 'system'] as const;
export type RefundRequester = (typeof REFUND_REQUESTERS)[number];

export const REFUND_REASON_MAX = 1000;
export const REFUND_EVIDENCE_MAX = 200;

export const refundStateLabel: Record<RefundState, string> = {
  requested: 'Requested',
  approved: 'Approved',
  paid: 'Paid',
  declined: 'Declined',
};

export const refundMessages = {
  notFound: 'Refund not found',
  orderNotFound: 'Presale request not found',
  paymentNotFound: 'Unmatched payment not found',
  reasonRequired: 'Reason is required',
  reasonTooLong: `Reason must be at most ${REFUND_REASON_MAX} characters long`,
  evidenceRequired: "Enter the bank's reference of the refund",
  evidenceTooLong: `The reference must be at most ${REFUND_EVIDENCE_MAX} characters long`,
  amount: 'Enter an amount greater than 0, e.g. 0.01',
  oneTarget: 'Give either purchaseId or unmatchedPaymentId',
  coinMismatch: (coin: string) => `This payment was made in ${coin}: refund it in ${coin}`,
  overRefundable: (max: string, coin: string) =>
    `At most ${max} ${coin} of this payment can still be refunded`,
  nothingToRefund: 'Nothing of this order was paid or is left to refund',
  notRefundableStatus:
    'Only an accepted order, or a bank order that was rejected or ended after its receipt came, can be refunded',
  inProgress: 'A refund of this order is already in progress',
  paymentNotOpen: 'This payment has already been assigned or refunded',
  tokensClaimed:
    'Tokens of this order were already delivered: send them back to the company wallet first, then ask again',
  noDestination:
    'This payment has no known sender to refund: the refund can only go to the wallet that paid',
  notRequested: 'Only a requested refund can be approved or declined',
  notApproved: 'Only an approved refund can be marked paid',
  notBank: 'A crypto refund is paid when the chain shows the transfer, not by hand',
  notCrypto: 'A bank refund has no Safe transaction: mark it paid with the bank reference',
  requested: 'Refund requested',
  approved: 'Refund approved',
  declined: 'Refund declined',
  paid: 'Refund marked as paid',
  created: 'Refund created',
} as const;

/** The rules a buyer reads next to "Request a refund". */
export const refundRules = [
  'You can ask for a refund of an accepted order, or of a bank payment we rejected.',
  'Crypto is refunded in the coin you paid, only to the wallet that paid it; bank payments go back to the account that paid.',
  'Once tokens of the order have been delivered, send them back to the company wallet first.',
  'Our team reviews each request; a refund takes the order’s tokens and any referral commissions on it back.',
] as const;

const reason = z
  .string({ error: refundMessages.reasonRequired })
  .trim()
  .min(1, refundMessages.reasonRequired)
  .max(REFUND_REASON_MAX, refundMessages.reasonTooLong);

/** Body of POST /v1/purchase/:id/refund-request. */
export const refundRequestSchema = z.object({ reason });
export type RefundRequestBody = z.output<typeof refundRequestSchema>;

const positiveAmount = z
  .string({ error: refundMessages.amount })
  .trim()
  .regex(/^\d{1,42}(\.\d{1,18})?$/, refundMessages.amount)
  .refine((v) => /[1-9]/.test(v), refundMessages.amount)
  .meta({ pattern: '^\\s*\\d{1,42}(\\.\\d{1,18})?\\s*$' });

/** Body of POST /v1/admin/refunds. */
export const createRefundSchema = z
  .object({
    purchaseId: z.uuid().optional(),
    unmatchedPaymentId: z.uuid().optional(),
    amount: positiveAmount,
    coin: z.enum(REFUND_COINS),
    reason,
  })
  .refine((b) => (b.purchaseId === undefined) !== (b.unmatchedPaymentId === undefined), {
    message: refundMessages.oneTarget,
    path: ['purchaseId'],
  });
export type CreateRefundBody = z.output<typeof createRefundSchema>;

/** Body of POST /v1/admin/refunds/:id/decline. */
export const declineRefundSchema = z.object({ reason });
export type DeclineRefundBody = z.output<typeof declineRefundSchema>;

/** Body of POST /v1/admin/refunds/:id/paid (bank refunds). */
export const refundPaidSchema = z.object({
  evidence: z
    .string({ error: refundMessages.evidenceRequired })
    .trim()
    .min(1, refundMessages.evidenceRequired)
    .max(REFUND_EVIDENCE_MAX, refundMessages.evidenceTooLong),
});
export type RefundPaidBody = z.output<typeof refundPaidSchema>;

/** A refund as the buyer's order page shows it. */
export const refundSchema = z.object({
  id: z.string(),
  state: z.enum(REFUND_STATES),
  coin: z.enum(REFUND_COINS),
  amount: z.string(),
  destination: z.string(),
  evidence: z.string().nullable(),
  reason: z.string(),
  declineReason: z.string().nullable(),
  requestedBy: z.enum(REFUND_REQUESTERS),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  declinedAt: z.string().nullable(),
  tokensReduced: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

/** A refund in the buyer's list (My TMC), with the order it belongs to. */
export const buyerRefundSchema = refundSchema.extend({
  purchaseId: z.string(),
  reference: z.string(),
});
export type BuyerRefund = z.infer<typeof buyerRefundSchema>;

/** A refund in the staff queue. */
export const adminRefundSchema = refundSchema.extend({
  /** The same as `id`: the staff lists key their rows by `_id`. */
  _id: z.string(),
  purchaseId: z.string().nullable(),
  purchaseReference: z.string().nullable(),
  unmatchedPaymentId: z.string().nullable(),
  buyerEmail: z.string().nullable(),
  requestedById: z.string().nullable(),
  approvedBy: z.string().nullable(),
  paidBy: z.string().nullable(),
  declinedBy: z.string().nullable(),
  evidenceLogIndex: z.number().nullable(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;
