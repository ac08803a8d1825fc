import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { CheckCircleIcon } from './icons';
import { Spinner } from './spinner';

/** One step of a progress list (sent, confirmations, done): a tick, a spinner or an empty ring. */
export function ProgressStep({
  done,
  active = false,
  label,
  children,
}: {
  done: boolean;
  active?: boolean;
  label: string;
  children?: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center gap-2">
      {done ? (
        <CheckCircleIcon className="shrink-0 text-success" aria-hidden="true" />
      ) : active ? (
        <Spinner className="size-4 shrink-0" />
      ) : (
        <span className="size-4 shrink-0 rounded-full border-2 border-line" aria-hidden="true" />
      )}
      <span className={cn('font-bold', !done && !active && 'text-muted')}>{label}</span>
      {children}
      <span className="sr-only">{done ? '(done)' : active ? '(in progress)' : '(waiting)'}</span>
    </li>
  );
}
