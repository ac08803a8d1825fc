import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Delivery } from '@tmc/shared';
import { api } from '../../../lib/api-client';

export const deliveryQueryKey = ['delivery'] as const;

export const getDelivery = async (signal?: AbortSignal): Promise<Delivery> =>
  (await api.get<Delivery>('/v1/delivery', { signal })).data;

export const deliveryQueryOptions = () =>
  queryOptions({ queryKey: deliveryQueryKey, queryFn: ({ signal }) => getDelivery(signal) });

/**
 * The buyer's delivery: allocated, published, claimed and claimable, the proof and the wallet.
 * `poll` re-reads it while it answers true for the last answer (a claim not counted yet).
 */
export function useDelivery(poll?: {
  everyMs: number;
  while: (data: Delivery | undefined) => boolean;
}) {
  return useQuery({
    ...deliveryQueryOptions(),
    refetchInterval: poll
      ? (query) => (poll.while(query.state.data) ? poll.everyMs : false)
      : false,
  });
}
