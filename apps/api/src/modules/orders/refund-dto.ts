import type { AdminRefund, Refund } from '@tmc/shared';
import { fixed } from '../../lib/money.ts';
import type { RefundRow } from './refunds.repo.ts';

const PLACES = { ETH: 18, USDC: 6, AUD: 2 } as const;

export const refundAmountText = (r: Pick<RefundRow, 'amount' | 'coin'>) =>
  fixed(r.amount, PLACES[r.coin]);

/** A refund as its buyer sees it. */
export const toRefundDto = (r: RefundRow): Refund => ({
  id: r.id,
  state: r.state,
  coin: r.coin,
  amount: refundAmountText(r),
  destination: r.destination,
  evidence: r.evidence,
  reason: r.reason,
  declineReason: r.declineReason,
  requestedBy: r.requestedBy,
  createdAt: r.createdAt.toISOString(),
  approvedAt: r.approvedAt?.toISOString() ?? null,
  paidAt: r.paidAt?.toISOString() ?? null,
  declinedAt: r.declinedAt?.toISOString() ?? null,
  tokensReduced: r.tokensReduced === null ? null : fixed(r.tokensReduced, 18),
});

export const toAdminRefundDto = (
  r: RefundRow,
  reference: string | null,
  buyerEmail: string | null,
): AdminRefund => ({
  ...toRefundDto(r),
  _id: r.id,
  purchaseId: r.purchaseId,
  purchaseReference: reference,
  unmatchedPaymentId: r.unmatchedPaymentId,
  buyerEmail,
  requestedById: r.requestedById,
  approvedBy: r.approvedBy,
  paidBy: r.paidBy,
  declinedBy: r.declinedBy,
  evidenceLogIndex: r.evidenceLogIndex,
});
