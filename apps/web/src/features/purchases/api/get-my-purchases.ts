import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, Purchase, PurchaseStatus } from '@tmc/shared';
import { api } from '../../../lib/api-client';

export type PriceSort = 1 | -1;

export interface MyPurchasesParams {
  page: number;
  limit: number;
  /** Absent: newest first. */
  sortPrice?: PriceSort;
  status?: PurchaseStatus;
}

export async function getMyPurchases(
  { page, limit, sortPrice, status }: MyPurchasesParams,
  signal?: AbortSignal,
): Promise<Page<Purchase>> {
  const { data } = await api.get<Page<Purchase>>('/v1/purchase/getmypurchase', {
    signal,
    params: {
      page,
      limit,
      'sort[price]': sortPrice,
      'filter[query]': status === undefined ? undefined : JSON.stringify({ status }),
    },
  });
  return data;
}

export function myPurchasesQueryOptions(params: MyPurchasesParams) {
  return queryOptions({
    queryKey: ['purchases', 'mine', params],
    queryFn: ({ signal }) => getMyPurchases(params, signal),
    // Keep the rows on screen while the next page loads.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useMyPurchases(params: MyPurchasesParams) {
  return useQuery(myPurchasesQueryOptions(params));
}
