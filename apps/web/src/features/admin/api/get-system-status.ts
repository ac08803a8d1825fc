import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SystemStatus } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-list';

export async function getSystemStatus(signal?: AbortSignal): Promise<SystemStatus> {
  const { data } = await api.get<SystemStatus>('/v1/admin/system', { signal });
  return data;
}

/** Read again every 15 s while a page shows it: a stalled part should not wait for a reload. */
export function systemStatusQueryOptions() {
  return queryOptions({
    queryKey: [ADMIN_KEY, 'system'],
    queryFn: ({ signal }) => getSystemStatus(signal),
    staleTime: 0,
    refetchInterval: 15_000,
  });
}

export function useSystemStatus() {
  return useQuery(systemStatusQueryOptions());
}
