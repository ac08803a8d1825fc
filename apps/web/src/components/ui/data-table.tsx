import { useId, type ReactNode } from 'react';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@tmc/shared';
import { cn } from '../../lib/cn';
import { formatCount } from '../../lib/format';
import { Button } from './button';
import { EmptyState } from './empty-state';
import {
  AlertIcon,
  ChevronDownIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  ChevronsLeftIcon,
  ChevronsRightIcon,
} from './icons';
import { controlClasses } from './field';
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query';

export interface Column<T> {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  className?: string;
  /**
   * Keeps the column in view at the table's right edge while the rest scrolls sideways:
   * for a row's actions, e.g. the review queue's Review button.
   */
  pinEnd?: boolean;
}

export interface DataTableProps<T> {
  /** Names the table for screen readers (visually hidden). */
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[] | undefined;
  getRowId: (row: T) => string;
  loading?: boolean;
  /** A message to show instead of the rows, e.g. the server message of a failed list call. */
  error?: string | null;
  onRetry?: () => void;
  emptyTitle?: ReactNode;
  emptyDescription?: ReactNode;
  /** Server pagination: 1-based page, page size and the total across all pages. */
  page: number;
  limit: number;
  totalResults: number;
  /**
   * The server counted only up to `totalResults` (a staff search past its cap): the total and
   * the page count read "10,000+", Next stays open while pages come back full, Last is off.
   */
  totalIsEstimate?: boolean;
  onPageChange: (page: number) => void;
  onLimitChange: (limit: number) => void;
  pageSizeOptions?: readonly number[];
  /**
   * On phones, each row is a card of "header: value" lines instead of a table that scrolls
   * sideways; on by default for every list.
   */
  stackOnPhone?: boolean;
}

/** What `queryTableProps` reads of a paged query (a TanStack Query result). */
interface PagedQuery<T> {
  data?: { data: readonly T[]; totalResults: number; totalIsEstimate?: boolean } | undefined;
  isFetching: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => Promise<unknown>;
}

/** The DataTable props that follow a paged query: its rows and total, loading, error and retry. */
export function queryTableProps<T extends { _id: string }>(query: PagedQuery<T>) {
  return {
    rows: query.data?.data,
    getRowId: (row: T) => row._id,
    loading: query.isFetching,
    error: query.isError ? (query.error?.message ?? null) : null,
    onRetry: () => void query.refetch(),
    totalResults: query.data?.totalResults ?? 0,
    totalIsEstimate: query.data?.totalIsEstimate ?? false,
  };
}

const alignClass = { left: 'text-left', right: 'text-right', center: 'text-center' };

/** A pinned column's cells: stuck to the right edge, opaque so scrolled cells pass under them. */
const pinnedClass = (column: { pinEnd?: boolean }, background: string) =>
  column.pinEnd
    ? cn('sticky right-0 z-[1] shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.6)]', background)
    : undefined;

/** The list's error state: the server's message and Try again. */
function LoadFailed({ error, onRetry }: { error: string; onRetry?: () => void }) {
  return (
    <EmptyState
      icon={<AlertIcon className="text-danger" />}
      title="Could not load this list"
      description={error}
      action={
        onRetry ? (
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Try again
          </Button>
        ) : undefined
      }
    />
  );
}

export function DataTable<T>({
  caption,
  columns,
  rows,
  getRowId,
  loading = false,
  error,
  onRetry,
  emptyTitle = 'No records found',
  emptyDescription,
  page,
  limit = DEFAULT_PAGE_SIZE,
  totalResults,
  totalIsEstimate = false,
  onPageChange,
  onLimitChange,
  pageSizeOptions = PAGE_SIZES,
  stackOnPhone = true,
}: DataTableProps<T>) {
  const pageSizeId = useId();
  const stacked = useMediaQuery(PHONE_QUERY) && stackOnPhone;
  const totalPages = Math.max(1, Math.ceil(totalResults / limit));
  const shown = rows?.length ?? 0;
  const from = (totalIsEstimate ? shown === 0 : totalResults === 0) ? 0 : (page - 1) * limit + 1;
  const to = totalIsEstimate ? (page - 1) * limit + shown : Math.min(page * limit, totalResults);
  const hasNext = totalIsEstimate ? shown === limit : page < totalPages;
  const span = columns.length;
  // Nothing to page through: no pager under an empty list (or one that failed or is loading its
  // first page). A page past the end of a non-empty list keeps it, to find the way back.
  const showPager = totalResults > 0 || shown > 0;

  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: Math.min(limit, 10) }, (_, rowIndex) => (
      <tr key={`skeleton-${rowIndex}`} aria-hidden="true">
        {columns.map((column) => (
          <td key={column.id} className={cn('px-4 py-4', pinnedClass(column, 'bg-surface'))}>
            <span className="block h-4 w-full max-w-32 animate-skeleton rounded-full bg-surface-3" />
          </td>
        ))}
      </tr>
    ));
  } else if (error) {
    body = (
      <tr>
        <td colSpan={span}>
          <LoadFailed error={error} onRetry={onRetry} />
        </td>
      </tr>
    );
  } else if (!rows || rows.length === 0) {
    body = (
      <tr>
        <td colSpan={span}>
          <EmptyState title={emptyTitle} description={emptyDescription} />
        </td>
      </tr>
    );
  } else {
    body = rows.map((row) => (
      <tr key={getRowId(row)} className="border-t border-line/70 transition hover:bg-surface-2/60">
        {columns.map((column) => (
          <td
            key={column.id}
            className={cn(
              'px-3 py-3.5 align-middle first:pl-4 last:pr-4',
              alignClass[column.align ?? 'left'],
              column.className,
              pinnedClass(column, 'bg-surface'),
            )}
          >
            {column.cell(row)}
          </td>
        ))}
      </tr>
    ));
  }

  const pageButton = 'size-10 px-0';
  return (
    <div className="card overflow-hidden">
      {stacked ? (
        <StackedRows
          caption={caption}
          columns={columns}
          rows={rows}
          getRowId={getRowId}
          loading={loading}
          error={error}
          onRetry={onRetry}
          emptyTitle={emptyTitle}
          emptyDescription={emptyDescription}
        />
      ) : (
        // relative: visually hidden labels in cells stay inside the scroller, not the page.
        <div className="relative overflow-x-auto">
          <table
            className="w-full min-w-[640px] border-collapse text-sm"
            aria-busy={loading || undefined}
          >
            <caption className="sr-only">
              {caption}
              {loading ? ' (loading)' : ''}
            </caption>
            <thead className="bg-surface-2">
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.id}
                    scope="col"
                    className={cn(
                      'px-3 py-3 text-xs font-black tracking-wider whitespace-nowrap text-muted uppercase first:pl-4 last:pr-4',
                      alignClass[column.align ?? 'left'],
                      pinnedClass(column, 'bg-surface-2'),
                    )}
                  >
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{body}</tbody>
          </table>
        </div>
      )}

      {showPager ? (
        <nav
          aria-label={`${caption} pages`}
          className="flex flex-col gap-3 border-t-2 border-line bg-surface-2/50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="flex items-center gap-3">
            <label htmlFor={pageSizeId} className="text-sm text-muted">
              Rows per page
            </label>
            <div className="relative">
              <select
                id={pageSizeId}
                value={String(limit)}
                onChange={(event) => onLimitChange(Number(event.target.value))}
                className={cn(
                  controlClasses,
                  'min-h-10 w-20 cursor-pointer appearance-none px-3 pr-8',
                )}
              >
                {pageSizeOptions.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
              <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-2.5 -translate-y-1/2 text-muted" />
            </div>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 sm:justify-end">
            <p className="text-sm text-muted" aria-live="polite">
              {from}–{to} of {formatCount(totalResults, totalIsEstimate)}
            </p>
            <div className="flex items-center gap-1">
              <Button
                variant="ghost"
                className={pageButton}
                aria-label="First page"
                disabled={loading || page <= 1}
                onClick={() => onPageChange(1)}
              >
                <ChevronsLeftIcon />
              </Button>
              <Button
                variant="ghost"
                className={pageButton}
                aria-label="Previous page"
                disabled={loading || page <= 1}
                onClick={() => onPageChange(page - 1)}
              >
                <ChevronLeftIcon />
              </Button>
              <span className="px-1 text-sm font-bold whitespace-nowrap">
                Page {page} of {formatCount(totalPages, totalIsEstimate)}
              </span>
              <Button
                variant="ghost"
                className={pageButton}
                aria-label="Next page"
                disabled={loading || !hasNext}
                onClick={() => onPageChange(page + 1)}
              >
                <ChevronRightIcon />
              </Button>
              <Button
                variant="ghost"
                className={pageButton}
                aria-label="Last page"
                disabled={loading || totalIsEstimate || page >= totalPages}
                onClick={() => onPageChange(totalPages)}
              >
                <ChevronsRightIcon />
              </Button>
            </div>
          </div>
        </nav>
      ) : null}
    </div>
  );
}

type StackedRowsProps<T> = Pick<
  DataTableProps<T>,
  | 'caption'
  | 'columns'
  | 'rows'
  | 'getRowId'
  | 'loading'
  | 'error'
  | 'onRetry'
  | 'emptyTitle'
  | 'emptyDescription'
>;

/** The phone view: one card per row, each cell under its column's header. */
function StackedRows<T>({
  caption,
  columns,
  rows,
  getRowId,
  loading,
  error,
  onRetry,
  emptyTitle,
  emptyDescription,
}: StackedRowsProps<T>) {
  if (loading) {
    return (
      <div aria-busy="true" aria-label={`${caption} (loading)`} className="flex flex-col">
        {Array.from({ length: 3 }, (_, index) => (
          <div key={index} className="flex flex-col gap-2 border-b border-line/70 p-4">
            <span className="block h-4 w-2/3 animate-skeleton rounded-full bg-surface-3" />
            <span className="block h-4 w-1/2 animate-skeleton rounded-full bg-surface-3" />
          </div>
        ))}
      </div>
    );
  }
  if (error) {
    return <LoadFailed error={error} onRetry={onRetry} />;
  }
  if (!rows || rows.length === 0) {
    return <EmptyState title={emptyTitle} description={emptyDescription} />;
  }
  return (
    <ul aria-label={caption} className="flex flex-col">
      {rows.map((row) => (
        <li key={getRowId(row)} className="border-b border-line/70 p-4 last:border-b-0">
          <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] items-center gap-x-3 gap-y-2 text-sm">
            {columns.map((column) => (
              <div key={column.id} className="contents">
                <dt className="text-xs font-black tracking-wider text-muted uppercase">
                  {column.header}
                </dt>
                <dd className="min-w-0 break-words">{column.cell(row)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
