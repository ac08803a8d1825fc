import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-list';

export async function getAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  const { data } = await api.get<AdminStats>('/v1/admin/stats', { signal });
  return data;
}

export function adminStatsQueryOptions() {
  return queryOptions({
    queryKey: [ADMIN_KEY, 'stats'],
    queryFn: ({ signal }) => getAdminStats(signal),
    staleTime: 0,
  });
}

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}
