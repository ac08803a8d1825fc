import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PresaleConfig } from '@tmc/shared';
import { api } from '../../../lib/api-client';

export async function getPresaleConfig(signal?: AbortSignal): Promise<PresaleConfig> {
  const { data } = await api.get<PresaleConfig>('/v1/presale/config', { signal, auth: false });
  return data;
}

export function presaleConfigQueryOptions() {
  return queryOptions({
    queryKey: ['presale', 'config'],
    queryFn: ({ signal }) => getPresaleConfig(signal),
    // Settings change rarely; one fetch per visit is plenty.
    staleTime: 5 * 60_000,
  });
}

export function usePresaleConfig() {
  return useQuery(presaleConfigQueryOptions());
}
