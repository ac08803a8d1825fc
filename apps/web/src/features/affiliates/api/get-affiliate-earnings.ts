import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AffiliateEarning, Page } from '@tmc/shared';
import { api } from '../../../lib/api-client';

export interface AffiliateEarningsParams {
  page: number;
  limit: number;
}

export async function getAffiliateEarnings(
  { page, limit }: AffiliateEarningsParams,
  signal?: AbortSignal,
): Promise<Page<AffiliateEarning>> {
  const { data } = await api.get<Page<AffiliateEarning>>('/v1/affiliate-earning/get', {
    signal,
    params: { page, limit },
  });
  return data;
}

export function affiliateEarningsQueryOptions(params: AffiliateEarningsParams) {
  return queryOptions({
    queryKey: ['affiliates', 'earnings', params],
    queryFn: ({ signal }) => getAffiliateEarnings(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAffiliateEarnings(params: AffiliateEarningsParams) {
  return useQuery(affiliateEarningsQueryOptions(params));
}
