import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { RefreshIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';

interface ListHeaderProps {
  title: string;
  /** The total on the server; hidden until known. */
  count?: number;
  refreshing?: boolean;
  onRefresh?: () => void;
  /** Buttons next to the title, e.g. "Add bank". */
  actions?: ReactNode;
  /** Filter fields under the title. */
  filters?: ReactNode;
}

export function ListHeader({
  title,
  count,
  refreshing,
  onRefresh,
  actions,
  filters,
}: ListHeaderProps) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <h1 className="text-3xl sm:text-4xl">
            {count !== undefined ? <span className="text-lime tabular-nums">{count} </span> : null}
            {title}
          </h1>
          {onRefresh ? (
            <Button
              variant="ghost"
              className="size-11 px-0 text-xl"
              aria-label="Refresh"
              onClick={onRefresh}
              disabled={refreshing}
            >
              <RefreshIcon className={cn(refreshing && 'animate-spin')} />
            </Button>
          ) : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {filters ? <div className="grid grid-cols-2 gap-3 md:grid-cols-4">{filters}</div> : null}
    </div>
  );
}
