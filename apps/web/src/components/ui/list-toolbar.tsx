import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { formatCount } from '../../lib/format';
import { Button } from './button';
import { RefreshIcon } from './icons';
import { Spinner } from './spinner';

/** A list page's title with the server's total in front: "12 Transactions", "10,000+ Users". */
export function ListHeading({
  title,
  count,
  countIsEstimate = false,
}: {
  title: string;
  count?: number;
  countIsEstimate?: boolean;
}) {
  return (
    <h1 className="text-3xl sm:text-4xl">
      {count !== undefined ? (
        <>
          <span
            className="text-lime tabular-nums"
            title={countIsEstimate ? `More than ${formatCount(count)} match` : undefined}
          >
            {formatCount(count, countIsEstimate)}
          </span>{' '}
        </>
      ) : null}
      {title}
    </h1>
  );
}

export function RefreshButton({
  refreshing,
  onRefresh,
}: {
  refreshing?: boolean;
  onRefresh: () => void;
}) {
  return (
    <Button
      variant="ghost"
      className="size-11 px-0 text-xl"
      aria-label="Refresh"
      onClick={onRefresh}
      disabled={refreshing}
    >
      <RefreshIcon className={cn(refreshing && 'animate-spin')} />
    </Button>
  );
}

interface ListHeaderProps {
  title: string;
  /** The total on the server; hidden until known. */
  count?: number;
  /** The server counted only up to `count` (`totalIsEstimate`): shown as "10,000+". */
  countIsEstimate?: boolean;
  refreshing?: boolean;
  /** A filter changed and the list reloads once typing stops: said next to the title. */
  filtering?: boolean;
  onRefresh?: () => void;
  /** Buttons next to the title, e.g. "Add bank". */
  actions?: ReactNode;
  /** Filter fields, in a grid. */
  filters?: ReactNode;
  /**
   * Where the filters sit: under the title (the default), or beside it, wrapping under it
   * when the row runs out of room.
   */
  filtersPlacement?: 'below' | 'beside';
  /** The filter grid's columns and width; two columns, four from `md` up, by default. */
  filtersClassName?: string;
}

/** A list page's header: the title with its total, a refresh button, actions and filters. */
export function ListHeader({
  title,
  count,
  countIsEstimate,
  refreshing,
  filtering = false,
  onRefresh,
  actions,
  filters,
  filtersPlacement = 'below',
  filtersClassName = 'grid-cols-2 md:grid-cols-4',
}: ListHeaderProps) {
  const beside = filtersPlacement === 'beside';
  const heading = (
    <div className={cn('flex items-center', beside ? 'gap-3' : 'gap-2')}>
      <ListHeading title={title} count={count} countIsEstimate={countIsEstimate} />
      {onRefresh ? (
        <RefreshButton refreshing={refreshing || filtering} onRefresh={onRefresh} />
      ) : null}
      <p role="status" className="flex items-center gap-1.5 text-sm text-muted">
        {filtering ? (
          <>
            <Spinner /> Updating…
          </>
        ) : null}
      </p>
    </div>
  );
  const actionButtons = actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null;
  const filterGrid = filters ? (
    <div className={cn('grid gap-3', filtersClassName)}>{filters}</div>
  ) : null;

  if (beside) {
    return (
      <div className="flex flex-wrap items-end justify-between gap-4">
        {heading}
        {actionButtons}
        {filterGrid}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {heading}
        {actionButtons}
      </div>
      {filterGrid}
    </div>
  );
}
