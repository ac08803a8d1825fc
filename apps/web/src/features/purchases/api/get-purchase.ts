import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PurchaseDetail } from '@tmc/shared';
import { api } from '../../../lib/api-client';

/** GET /v1/purchase/:id: one of the buyer's orders with its bank account and latest payment. */
export async function getPurchase(id: string, signal?: AbortSignal): Promise<PurchaseDetail> {
  const { data } = await api.get<PurchaseDetail>(`/v1/purchase/${encodeURIComponent(id)}`, {
    signal,
  });
  return data;
}

export const purchaseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['purchases', 'one', id],
    queryFn: ({ signal }) => getPurchase(id, signal),
    retry: false,
  });

export const usePurchase = (id: string) => useQuery(purchaseQueryOptions(id));
