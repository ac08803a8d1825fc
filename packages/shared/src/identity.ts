import { z } from 'zod';
import { formatMoney } from './format.ts';

/* Identity (KYC tiers): how much an account may buy in 12 months, and the documents that raise it. */

export const IDENTITY_STATES = ['none', 'pending', 'approved', 'rejected'] as const;
export type IdentityState = (typeof IDENTITY_STATES)[number];
export const IDENTITY_REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;
export type IdentityReviewState = (typeof IDENTITY_REVIEW_STATES)[number];

export const IDENTITY_REASON_MAX = 1000;

/** Where a buyer uploads their identity documents: the 403 of an order over the limit links here. */
export const IDENTITY_PAGE_PATH = '/profile/identity';

export const identityStateLabel: Record<IdentityState, string> = {
  none: 'Not verified',
  pending: 'Under review',
  approved: 'Verified',
  rejected: 'Not accepted',
};

/** Staff's words for a review's state. */
export const identityReviewStateLabel: Record<IdentityReviewState, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const identityMessages = {
  /** 403 of an order that would take an unverified account past its limit. */
  overLimit: (limitAud: string) =>
    `To buy more than ${formatMoney(limitAud, 'AUD')} in 12 months, verify your identity first`,
  /** 403 of an order that would take a verified account past the verified limit. */
  overVerifiedLimit: (limitAud: string) =>
    `An account can buy at most ${formatMoney(limitAud, 'AUD')} in 12 months`,
  documentRequired: 'Upload your ID document',
  secondDocumentRequired: 'Upload a selfie holding your ID, or a second document',
  sameFile: 'Upload two different files',
  submitted: 'Your documents are sent: our team will review them',
  alreadyPending: 'Your documents are already being reviewed',
  alreadyApproved: 'Your identity is already verified',
  reasonRequired: 'Reason is required',
  reasonTooLong: `Reason must be at most ${IDENTITY_REASON_MAX} characters long`,
  notFound: 'Identity review not found',
  alreadyDecided: 'This review has already been decided',
  approved: 'Identity approved',
  rejected: 'Identity rejected',
  verifiedBelowBasic: 'kycVerifiedLimitAud cannot be below kycLimitAud',
} as const;

const documentLink = (message: string) =>
  z.string({ error: message }).trim().min(1, { message, abort: true }).max(2048, message);

/** Body of POST /v1/account/identity: two signed upload links (image or pdf each). */
export const identitySubmitSchema = z
  .object({
    documentUrl: documentLink(identityMessages.documentRequired),
    secondDocumentUrl: documentLink(identityMessages.secondDocumentRequired),
  })
  .refine((b) => b.documentUrl.split('?')[0] !== b.secondDocumentUrl.split('?')[0], {
    message: identityMessages.sameFile,
    path: ['secondDocumentUrl'],
  });
export type IdentitySubmitBody = z.output<typeof identitySubmitSchema>;

/** Body of POST /v1/admin/identity-reviews/:id/reject. */
export const identityRejectSchema = z.object({
  reason: z
    .string({ error: identityMessages.reasonRequired })
    .trim()
    .min(1, identityMessages.reasonRequired)
    .max(IDENTITY_REASON_MAX, identityMessages.reasonTooLong),
});
export type IdentityRejectBody = z.output<typeof identityRejectSchema>;

/** `data` of GET and POST /v1/account/identity. AUD figures have 2 decimals. */
export const identityStatusSchema = z.object({
  state: z.enum(IDENTITY_STATES),
  /** Why staff did not accept the last documents (state rejected), else null. */
  reason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** What this account may buy in 12 months now; null: no limit. */
  limitAud: z.string().nullable(),
  /** What it may buy once verified; null: no limit. */
  verifiedLimitAud: z.string().nullable(),
  /** Bought in the last 12 months: open and accepted orders. */
  usedAud: z.string(),
});
export type IdentityStatus = z.output<typeof identityStatusSchema>;

/** Items of GET /v1/admin/identity-reviews. */
export const adminIdentityReviewSchema = z.object({
  id: z.string(),
  /** The same as `id`: the staff lists key their rows by `_id`. */
  _id: z.string(),
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  state: z.enum(IDENTITY_REVIEW_STATES),
  documentType: z.string(),
  secondDocumentType: z.string(),
  reason: z.string().nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The staff member who decided, by e-mail. */
  decidedBy: z.string().nullable(),
  /** What the buyer bought in the last 12 months (AUD, 2 decimals). */
  usedAud: z.string(),
});
export type AdminIdentityReview = z.output<typeof adminIdentityReviewSchema>;

/** `data` of GET /v1/admin/identity-reviews/:id/documents: links that expire in a minute. */
export const identityDocumentsSchema = z.object({
  documentUrl: z.string(),
  secondDocumentUrl: z.string(),
  expiresAt: z.string(),
});
export type IdentityDocuments = z.output<typeof identityDocumentsSchema>;
