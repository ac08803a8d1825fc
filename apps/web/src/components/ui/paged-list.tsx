import { useEffect, type ReactNode } from 'react';
import type { ListState } from '../../lib/use-list-state';
import { DataTable, queryTableProps, type Column } from './data-table';
import { ListHeader } from './list-toolbar';
import { Select, SortByPriceSelect, type SelectOption } from './select';
import { TextField } from './text-field';
import { toast } from './toast';

/** One field of a list's toolbar, bound to the list filter of the same name. */
export type ListFilter<K extends string> =
  | { kind: 'select'; name: K; label: string; options: readonly SelectOption[]; className?: string }
  | { kind: 'search'; name: K; label: string }
  | { kind: 'sort'; name: K; className?: string };

/** A filter's choices with "All" (no filter) first. */
export const withAll = (options: readonly SelectOption[]): SelectOption[] => [
  { value: '', label: 'All' },
  ...options,
];

/** What a paged list reads of its TanStack Query result. */
export interface PagedListQuery<T> {
  data?: { data: readonly T[]; totalResults: number; totalIsEstimate?: boolean } | undefined;
  isFetching: boolean;
  isError: boolean;
  error: Error | null;
  errorUpdatedAt?: number;
  refetch: () => Promise<unknown>;
}

interface PagedListProps<T extends { _id: string }, F extends Record<string, string>> {
  /** The page's title, with the server's total in front. */
  title: string;
  /** Names the table for screen readers; the title by default. */
  caption?: string;
  list: ListState<F>;
  query: PagedListQuery<T>;
  filters?: readonly ListFilter<Extract<keyof F, string>>[];
  filtersClassName?: string;
  columns: readonly Column<T>[];
  emptyTitle: ReactNode;
  emptyDescription?: ReactNode;
  /** Between the toolbar and the table, e.g. which filter a link applied. */
  notice?: ReactNode;
  /** After the table: the dialogs its rows open. */
  children?: ReactNode;
}

function FilterFields<F extends Record<string, string>>({
  list,
  filters,
}: {
  list: ListState<F>;
  filters: readonly ListFilter<Extract<keyof F, string>>[];
}) {
  return filters.map((filter) => {
    const value = list.filters[filter.name];
    const onChange = (event: { target: { value: string } }) =>
      list.setFilter(filter.name, event.target.value);
    if (filter.kind === 'search')
      return (
        <TextField
          key={filter.name}
          label={filter.label}
          type="search"
          value={value}
          onChange={onChange}
        />
      );
    if (filter.kind === 'sort')
      return (
        <SortByPriceSelect
          key={filter.name}
          value={value}
          onChange={onChange}
          containerClassName={filter.className}
        />
      );
    return (
      <Select
        key={filter.name}
        label={filter.label}
        options={filter.options}
        value={value}
        onChange={onChange}
        containerClassName={filter.className}
      />
    );
  });
}

function ListTable<T extends { _id: string }, F extends Record<string, string>>({
  caption,
  list,
  query,
  columns,
  emptyTitle,
  emptyDescription,
}: Pick<PagedListProps<T, F>, 'list' | 'query' | 'columns' | 'emptyTitle' | 'emptyDescription'> & {
  caption: string;
}) {
  return (
    <DataTable<T>
      caption={caption}
      columns={columns}
      emptyTitle={emptyTitle}
      emptyDescription={emptyDescription}
      {...queryTableProps(query)}
      {...list.paging}
    />
  );
}

function PagedList<T extends { _id: string }, F extends Record<string, string>>({
  buyer,
  title,
  caption = title,
  filters,
  filtersClassName,
  notice,
  children,
  ...table
}: PagedListProps<T, F> & { buyer: boolean }) {
  const { list, query } = table;
  const errorMessage = buyer ? (query.error?.message ?? null) : null;
  useEffect(() => {
    if (errorMessage) toast.error(errorMessage);
  }, [errorMessage, query.errorUpdatedAt]);

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <ListHeader
        filtering={list.pending}
        title={title}
        count={buyer ? (query.data?.totalResults ?? 0) : query.data?.totalResults}
        countIsEstimate={buyer ? undefined : query.data?.totalIsEstimate}
        refreshing={query.isFetching}
        onRefresh={() => void query.refetch()}
        filtersPlacement={buyer ? 'beside' : undefined}
        filtersClassName={filtersClassName}
        filters={filters ? <FilterFields list={list} filters={filters} /> : undefined}
      />
      {notice}
      <ListTable caption={caption} {...table} />
      {children}
    </div>
  );
}

/**
 * A staff list: the title with its total ("10,000+" past a search's cap), refresh, the filter
 * toolbar (debounced), the table with its loading, empty and error states, its phone cards and
 * pager. Every staff table uses it; `StaffListSection` is the same without the page's toolbar.
 */
export function StaffList<T extends { _id: string }, F extends Record<string, string>>(
  props: PagedListProps<T, F>,
) {
  return <PagedList buyer={false} {...props} />;
}

/**
 * A buyer's list (presale requests, transactions): the same table, with the filters beside the
 * title, the total counted from 0 and a failed load also said in a toast.
 */
export function BuyerList<T extends { _id: string }, F extends Record<string, string>>(
  props: PagedListProps<T, F>,
) {
  return <PagedList buyer {...props} />;
}

/** A staff list inside a page section (its own small heading, no filters), e.g. payout batches. */
export function StaffListSection<T extends { _id: string }, F extends Record<string, string>>({
  title,
  caption = title,
  children,
  ...table
}: Omit<PagedListProps<T, F>, 'filters' | 'filtersClassName' | 'notice'>) {
  return (
    <div className="flex flex-col gap-3">
      <h2 className="text-xl">{title}</h2>
      <ListTable caption={caption} {...table} />
      {children}
    </div>
  );
}
