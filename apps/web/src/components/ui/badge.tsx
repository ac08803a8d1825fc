import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type BadgeTone =
  'cyan' | 'lime' | 'success' | 'danger' | 'pink' | 'muted' | 'warning' | 'unknown';

const tones: Record<BadgeTone, string> = {
  cyan: 'border-cyan text-cyan',
  lime: 'border-lime text-lime',
  success: 'border-success text-success',
  danger: 'border-danger text-danger',
  pink: 'border-pink text-pink',
  muted: 'border-muted text-muted',
  warning: 'border-danger bg-danger/15 text-fg',
  /** A status the app has no tone for. */
  unknown: 'border-line text-muted',
};

export function Badge({
  tone = 'muted',
  children,
  className,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border-2 px-2.5 py-0.5 text-xs font-black tracking-wide whitespace-nowrap uppercase',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
