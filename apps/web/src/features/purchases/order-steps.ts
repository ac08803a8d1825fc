import {
  PaymentMode,
  PurchaseStatus,
  paymentProgressText,
  verifiedAmountNote,
  type PaymentProgress,
  type Purchase,
} from '@tmc/shared';
import { formatDeadline } from '../../lib/format';

export type StepState = 'done' | 'current' | 'upcoming' | 'stopped';

export interface OrderStep {
  key: 'created' | 'paid' | 'reviewed' | 'allocated';
  label: string;
  /** What happened, or what happens next. */
  detail: string;
  at: string | null;
  state: StepState;
}

const decided = (status: number) => status !== PurchaseStatus.Pending;

/** A partially paid order's paid step: what arrived, what is missing and by when. */
function partialDetail(payment: PaymentProgress) {
  const { amount, quoted, missing, coin, dueBy } = payment;
  const figures = paymentProgressText.partiallyPaid(
    amount ?? '',
    quoted ?? '',
    missing ?? '',
    coin ?? '',
  );
  return `${figures} ${paymentProgressText.partiallyPaidSendRest(missing ?? '', coin ?? '', formatDeadline(dueBy))}`;
}

/**
 * created → paid → reviewed → tokens allocated, as far as the order has come. With the order's
 * payment, the paid step says when less than the quote arrived and how it was credited.
 */
export function orderSteps(
  p: Purchase,
  tokenSymbol: string,
  payment?: PaymentProgress,
  /** The buyer's own cancel closed it: named as theirs, not as the team's decision. */
  cancelledByBuyer = false,
): OrderStep[] {
  const crypto = p.paymentMode === PaymentMode.Crypto;
  const paid = p.paidAt !== null;
  const accepted = p.status === PurchaseStatus.Accepted;
  const refused = decided(p.status) && !accepted;
  return [
    {
      key: 'created',
      label: 'Order created',
      detail: `Reference ${p.reference}`,
      at: p.createdAt,
      state: 'done',
    },
    {
      key: 'paid',
      label: crypto ? 'Payment verified' : 'Paid',
      detail: paid
        ? crypto
          ? ['Your payment was found on the chain.', payment && verifiedAmountNote(payment)]
              .filter(Boolean)
              .join(' ')
          : 'Your bank receipt is in.'
        : crypto
          ? payment?.state === 'partiallyPaid'
            ? partialDetail(payment)
            : payment?.state === 'seen'
              ? `${paymentProgressText.seen(payment.blockNumber ?? '', payment.confirmations ?? 0, payment.confirmationsRequired ?? 0)}.`
              : 'Send the amount due and verify it with the transaction hash.'
          : 'Transfer the amount with your reference, then upload the receipt.',
      at: p.paidAt,
      state: paid ? 'done' : refused ? 'stopped' : 'current',
    },
    {
      key: 'reviewed',
      label: cancelledByBuyer ? 'Cancelled' : 'Reviewed',
      detail: decided(p.status)
        ? accepted
          ? 'Accepted.'
          : cancelledByBuyer
            ? 'You cancelled this order (Not Accepted). Do not pay for it.'
            : `Our team marked it ${p.status === PurchaseStatus.Rejected ? 'Rejected' : p.status === PurchaseStatus.Reverted ? 'Reverted' : 'Not Accepted'}.`
        : 'Our team checks your payment.',
      at: p.reviewedAt,
      state: decided(p.status) ? (accepted ? 'done' : 'stopped') : paid ? 'current' : 'upcoming',
    },
    {
      key: 'allocated',
      label: 'Tokens allocated',
      detail: accepted
        ? `${tokenSymbol} allocated to you, delivered as described under My TMC.`
        : refused
          ? 'No tokens for this request.'
          : `${tokenSymbol} are allocated once the request is accepted.`,
      at: accepted ? p.reviewedAt : null,
      state: accepted ? 'done' : refused ? 'stopped' : 'upcoming',
    },
  ];
}
