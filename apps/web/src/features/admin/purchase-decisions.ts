import { PaymentMode, PurchaseStatus } from '@tmc/shared';
import type { ButtonVariant } from '../../components/ui/button';

export interface Decision {
  status: 1 | 2 | 3 | 4;
  label: string;
  /** What happens, shown in the confirmation. */
  effect: string;
  variant: ButtonVariant;
}

const accept: Decision = {
  status: PurchaseStatus.Accepted,
  label: 'Accept',
  effect:
    'The payment is recorded as received, the tokens are allocated and the affiliate earnings are created. The buyer is e-mailed.',
  variant: 'primary',
};
const reject: Decision = {
  status: PurchaseStatus.Rejected,
  label: 'Reject',
  effect: 'The request is closed as rejected. The buyer is e-mailed with your remark.',
  variant: 'danger',
};
const notAccepted: Decision = {
  status: PurchaseStatus.NotAccepted,
  label: 'Not Accepted',
  effect:
    'The request is closed as not accepted (e.g. the payment never arrived). The buyer is e-mailed with your remark.',
  variant: 'secondary',
};
const revert: Decision = {
  status: PurchaseStatus.Reverted,
  label: 'Revert',
  effect:
    'The payment is marked refunded, the tokens leave the totals, unpaid earnings are voided and paid ones are taken off the next payout. The buyer is e-mailed.',
  variant: 'danger',
};

/**
 * The decisions the server allows from a request's status (API.md): a Pending request can be
 * accepted, rejected or not accepted; an Accepted one reverted; the rest are final. A crypto
 * request is accepted by verifying its payment on the chain, never by hand.
 */
export function legalDecisions(purchase: { status: number; paymentMode: number }): Decision[] {
  if (purchase.status === PurchaseStatus.Pending) {
    return purchase.paymentMode === PaymentMode.Crypto
      ? [reject, notAccepted]
      : [accept, reject, notAccepted];
  }
  if (purchase.status === PurchaseStatus.Accepted) return [revert];
  return [];
}
