import { PurchaseStatus, purchaseStatusLabel, paymentStatusLabel } from '@tmc/shared';
import { Badge, type BadgeTone } from './badge';

const purchaseTones: Record<number, BadgeTone> = {
  [PurchaseStatus.Pending]: 'cyan',
  [PurchaseStatus.Accepted]: 'success',
  [PurchaseStatus.Rejected]: 'danger',
  [PurchaseStatus.NotAccepted]: 'pink',
  [PurchaseStatus.Reverted]: 'muted',
};

export function PurchaseStatusBadge({ status }: { status: number }) {
  return <Badge tone={purchaseTones[status] ?? 'muted'}>{purchaseStatusLabel(status)}</Badge>;
}

const paymentTones: BadgeTone[] = ['cyan', 'success', 'danger', 'muted'];

export function PaymentStatusBadge({ status }: { status: number }) {
  return <Badge tone={paymentTones[status] ?? 'muted'}>{paymentStatusLabel(status)}</Badge>;
}

/** Spec: payment mode 0 Bank, 1 Crypto wallet. */
export const paymentModeLabel = (mode: number) => (mode === 1 ? 'Crypto' : 'Bank');
