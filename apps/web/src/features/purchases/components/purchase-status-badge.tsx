import { PurchaseStatus, purchaseStatusLabel } from '@tmc/shared';
import { cn } from '../../../lib/cn';

const tones: Record<number, string> = {
  [PurchaseStatus.Pending]: 'border-cyan text-cyan',
  [PurchaseStatus.Accepted]: 'border-success text-success',
  [PurchaseStatus.Rejected]: 'border-danger text-danger',
  [PurchaseStatus.NotAccepted]: 'border-pink text-pink',
  [PurchaseStatus.Reverted]: 'border-muted text-muted',
};

export function PurchaseStatusBadge({ status }: { status: number }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full border-2 px-2.5 py-0.5 text-xs font-black tracking-wide whitespace-nowrap uppercase',
        tones[status] ?? 'border-line text-muted',
      )}
    >
      {purchaseStatusLabel(status)}
    </span>
  );
}
