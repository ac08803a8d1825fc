import { cn } from '../../lib/cn';
import { Button } from './button';
import { RefreshIcon } from './icons';

/** A list page's title with the server's total in front: "12 Transactions". */
export function ListHeading({ title, count }: { title: string; count?: number }) {
  return (
    <h1 className="text-3xl sm:text-4xl">
      {count !== undefined ? (
        <>
          <span className="text-lime tabular-nums">{count}</span>{' '}
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
