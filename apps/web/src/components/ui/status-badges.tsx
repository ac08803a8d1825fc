import {
  PaymentStatus,
  PurchaseStatus,
  paymentStatusLabel,
  purchaseStatusLabel,
  type EarningStatus,
} from '@tmc/shared';
import { Badge, type BadgeTone } from './badge';

const purchaseTones: Record<number, BadgeTone> = {
  [PurchaseStatus.Pending]: 'cyan',
  [PurchaseStatus.Accepted]: 'success',
  [PurchaseStatus.Rejected]: 'danger',
  [PurchaseStatus.NotAccepted]: 'pink',
  [PurchaseStatus.Reverted]: 'muted',
};

/** A Pending bank order without its receipt reads "Awaiting payment". */
export const AWAITING_PAYMENT = 'Awaiting payment';

/** A Pending crypto order that received less than its quote, open for the rest. */
export const PARTIALLY_PAID = 'Partially paid';

export function PurchaseStatusBadge({
  status,
  awaitingPayment = false,
  partiallyPaid = false,
}: {
  status: number;
  awaitingPayment?: boolean;
  partiallyPaid?: boolean;
}) {
  if (awaitingPayment) return <Badge tone="lime">{AWAITING_PAYMENT}</Badge>;
  if (partiallyPaid) return <Badge tone="cyan">{PARTIALLY_PAID}</Badge>;
  return <Badge tone={purchaseTones[status] ?? 'unknown'}>{purchaseStatusLabel(status)}</Badge>;
}

const paymentTones: Record<number, BadgeTone> = {
  [PaymentStatus.Pending]: 'cyan',
  [PaymentStatus.Success]: 'success',
  [PaymentStatus.Failed]: 'danger',
  [PaymentStatus.Refunded]: 'muted',
};

export function PaymentStatusBadge({ status }: { status: number }) {
  return <Badge tone={paymentTones[status] ?? 'unknown'}>{paymentStatusLabel(status)}</Badge>;
}

const earningTones: Record<EarningStatus, BadgeTone> = {
  pending: 'cyan',
  approved: 'lime',
  paid: 'success',
  void: 'muted',
};

const earningLabels: Record<EarningStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  paid: 'Paid',
  void: 'Void',
};

export function EarningStatusBadge({ status }: { status: EarningStatus }) {
  return <Badge tone={earningTones[status] ?? 'unknown'}>{earningLabels[status] ?? status}</Badge>;
}

/** Spec section 2: payment mode 1 is Crypto, otherwise Bank. */
export const paymentModeLabel = (mode: number) => (mode === 1 ? 'Crypto' : 'Bank');
