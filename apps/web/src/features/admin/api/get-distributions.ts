import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Distribution } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-list';

export const distributionsQueryKey = [ADMIN_KEY, 'distributions'] as const;

/** Every distribution, newest first (a short list: one per epoch plus cancelled drafts). */
export async function getDistributions(signal?: AbortSignal): Promise<Distribution[]> {
  const { data } = await api.get<{ results: Distribution[] }>('/v1/admin/distributions', {
    signal,
  });
  return data.results;
}

export const distributionsQueryOptions = () =>
  queryOptions({
    queryKey: distributionsQueryKey,
    queryFn: ({ signal }) => getDistributions(signal),
  });

export function useDistributions() {
  return useQuery(distributionsQueryOptions());
}
