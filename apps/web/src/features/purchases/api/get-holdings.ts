import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Holdings } from '@tmc/shared';
import { api } from '../../../lib/api-client';

/** GET /v1/purchase/holdings: the buyer's TMC, allocated and pending, and where it goes. */
export async function getHoldings(signal?: AbortSignal): Promise<Holdings> {
  const { data } = await api.get<Holdings>('/v1/purchase/holdings', { signal });
  return data;
}

// Under 'purchases', so a new order, a receipt or a decision refreshes it.
export const holdingsQueryOptions = () =>
  queryOptions({
    queryKey: ['purchases', 'holdings'],
    queryFn: ({ signal }) => getHoldings(signal),
  });

export const useHoldings = () => useQuery(holdingsQueryOptions());
