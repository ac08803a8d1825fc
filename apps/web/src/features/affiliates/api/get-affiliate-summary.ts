import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AffiliateSummary } from '@tmc/shared';
import { api } from '../../../lib/api-client';

export async function getAffiliateSummary(signal?: AbortSignal): Promise<AffiliateSummary> {
  const { data } = await api.get<AffiliateSummary>('/v1/affiliate-earning/summary', { signal });
  return data;
}

export function affiliateSummaryQueryOptions() {
  return queryOptions({
    queryKey: ['affiliates', 'summary'],
    queryFn: ({ signal }) => getAffiliateSummary(signal),
    staleTime: 0,
  });
}

export function useAffiliateSummary() {
  return useQuery(affiliateSummaryQueryOptions());
}
