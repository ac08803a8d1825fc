import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BuyerRefund, Page } from '@tmc/shared';
import { api } from '../../../lib/api-client';

export interface MyRefundsParams {
  page: number;
  limit: number;
}

/** GET /v1/account/refunds: the caller's refunds across their orders, newest first. */
export async function getMyRefunds(
  { page, limit }: MyRefundsParams,
  signal?: AbortSignal,
): Promise<Page<BuyerRefund & { _id: string }>> {
  const { data } = await api.get<Page<BuyerRefund>>('/v1/account/refunds', {
    signal,
    params: { page, limit },
  });
  // The lists key their rows by `_id`.
  return { ...data, data: data.data.map((r) => ({ ...r, _id: r.id })) };
}

export function myRefundsQueryOptions(params: MyRefundsParams) {
  return queryOptions({
    queryKey: ['purchases', 'refunds', params],
    queryFn: ({ signal }) => getMyRefunds(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useMyRefunds(params: MyRefundsParams) {
  return useQuery(myRefundsQueryOptions(params));
}
