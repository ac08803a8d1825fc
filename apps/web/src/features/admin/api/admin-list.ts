import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Page } from '@tmc/shared';
import { api, type QueryValue } from '../../../lib/api-client';

/** Every console query sits under this key, so one invalidation refreshes the console. */
export const ADMIN_KEY = 'admin';

export interface AdminListParams {
  page: number;
  limit: number;
  /** The list's own query parameters; empty values are left out. */
  query?: Record<string, QueryValue>;
}

const clean = (query: Record<string, QueryValue> = {}) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== '' && value != null));

export async function getAdminList<T>(
  path: string,
  { page, limit, query }: AdminListParams,
  signal?: AbortSignal,
): Promise<Page<T>> {
  const { data } = await api.get<Page<T>>(path, {
    signal,
    params: { page, limit, ...clean(query) },
  });
  return data;
}

/** Query options of a paged console list: the rows stay on screen while the next page loads. */
export function adminListQueryOptions<T>(name: string, path: string, params: AdminListParams) {
  return queryOptions({
    queryKey: [ADMIN_KEY, name, path, params],
    queryFn: ({ signal }) => getAdminList<T>(path, params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
