import type { EarningStatus } from '@tmc/shared';
import { cn } from '../../../lib/cn';

const tones: Record<EarningStatus, string> = {
  pending: 'border-cyan text-cyan',
  approved: 'border-lime text-lime',
  paid: 'border-success text-success',
  void: 'border-muted text-muted',
};

const labels: Record<EarningStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  paid: 'Paid',
  void: 'Void',
};

export function EarningStatusBadge({ status }: { status: EarningStatus }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full border-2 px-2.5 py-0.5 text-xs font-black tracking-wide whitespace-nowrap uppercase',
        tones[status] ?? 'border-line text-muted',
      )}
    >
      {labels[status] ?? status}
    </span>
  );
}
