import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@tmc/shared';
import { useDebouncedValue } from './use-debounced-value';

/** Spec sections 4 and 9: filters reload 1000 ms after the last change; paging reloads at once. */
export const FILTER_DEBOUNCE_MS = 1000;

/**
 * Page, page size and filters of a server-paged list. New filters start again at page 1 in the
 * same render, so the old page is never fetched with them.
 */
export function useListState<F extends Record<string, string>>(initial: F) {
  const [filters, setFilters] = useState(initial);
  const applied = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  const appliedKey = JSON.stringify(applied);
  const [paging, setPaging] = useState({ key: appliedKey, page: 1 });
  const page = paging.key === appliedKey ? paging.page : 1;
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);

  return {
    filters,
    /** The filters as they stand after the debounce: what the query uses. */
    applied,
    /** A filter changed and the list waits for the debounce to reload with it. */
    pending: JSON.stringify(filters) !== appliedKey,
    setFilter: (name: keyof F, value: string) =>
      setFilters((current) => ({ ...current, [name]: value })),
    /** Query params: page, page size and the applied filters. */
    params: { page, limit, query: applied },
    /** Spread into DataTable. */
    paging: {
      page,
      limit,
      onPageChange: (next: number) => setPaging({ key: appliedKey, page: next }),
      onLimitChange: (next: number) => {
        setLimit(next);
        setPaging({ key: appliedKey, page: 1 });
      },
    },
  };
}

export type ListState<F extends Record<string, string>> = ReturnType<typeof useListState<F>>;
