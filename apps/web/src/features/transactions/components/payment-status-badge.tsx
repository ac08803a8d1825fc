import { PaymentStatus, paymentStatusLabel } from '@tmc/shared';
import { cn } from '../../../lib/cn';

const tones: Record<number, string> = {
  [PaymentStatus.Pending]: 'border-cyan text-cyan',
  [PaymentStatus.Success]: 'border-success text-success',
  [PaymentStatus.Failed]: 'border-danger text-danger',
  [PaymentStatus.Refunded]: 'border-muted text-muted',
};

export function PaymentStatusBadge({ status }: { status: number }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full border-2 px-2.5 py-0.5 text-xs font-black tracking-wide whitespace-nowrap uppercase',
        tones[status] ?? 'border-line text-muted',
      )}
    >
      {paymentStatusLabel(status)}
    </span>
  );
}
