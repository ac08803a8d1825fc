import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { AlertIcon, InboxIcon } from './icons';

interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ title, description, icon, action, className }: EmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center gap-3 px-4 py-10 text-center', className)}>
      <div className="grid size-14 place-items-center rounded-2xl bg-surface-3 text-3xl text-cyan">
        {icon ?? <InboxIcon />}
      </div>
      <p className="font-display text-lg font-black text-fg">{title}</p>
      {description ? <p className="max-w-md text-sm text-muted">{description}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}

/** What a card shows when its data could not be read: why, and a way to try again. */
export function LoadError({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: Error;
  onRetry: () => unknown;
}) {
  return (
    <div className="card">
      <EmptyState
        icon={<AlertIcon className="text-danger" />}
        title={title}
        description={error.message}
        action={
          <Button variant="secondary" size="sm" onClick={() => void onRetry()}>
            Try again
          </Button>
        }
      />
    </div>
  );
}
