import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCharts } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-list';

export async function getAdminCharts(days: number, signal?: AbortSignal): Promise<AdminCharts> {
  const { data } = await api.get<AdminCharts>(`/v1/admin/stats/charts?days=${days}`, { signal });
  return data;
}

export function adminChartsQueryOptions(days: number) {
  return queryOptions({
    queryKey: [ADMIN_KEY, 'stats', 'charts', days],
    queryFn: ({ signal }) => getAdminCharts(days, signal),
    staleTime: 60_000,
  });
}

export function useAdminCharts(days = 90) {
  return useQuery(adminChartsQueryOptions(days));
}
