import { queryOptions, useQuery, type Query } from '@tanstack/react-query';
import type { Delivery } from '@tmc/shared';
import { api } from '../../../lib/api-client';

export const deliveryQueryKey = ['delivery'] as const;

export const getDelivery = async (signal?: AbortSignal): Promise<Delivery> =>
  (await api.get<Delivery>('/v1/delivery', { signal })).data;

export const deliveryQueryOptions = () =>
  queryOptions({ queryKey: deliveryQueryKey, queryFn: ({ signal }) => getDelivery(signal) });

/** The buyer's delivery: allocated, published, claimed and claimable, the proof and the wallet. */
export function useDelivery({
  pollMs,
}: {
  pollMs?: (query: Query<Delivery, Error, Delivery, typeof deliveryQueryKey>) => number | false;
} = {}) {
  return useQuery({ ...deliveryQueryOptions(), refetchInterval: pollMs ?? false });
}
