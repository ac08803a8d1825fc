import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutDestination, PayoutDestinationInput } from '@tmc/shared';
import { api } from '../../../lib/api-client';

type Answer = { destination: PayoutDestination | null };

/** GET /v1/affiliate/payout-destination: where the affiliate's commissions are paid. */
export async function getPayoutDestination(signal?: AbortSignal): Promise<Answer> {
  const { data } = await api.get<Answer>('/v1/affiliate/payout-destination', { signal });
  return data;
}

export const payoutDestinationQueryOptions = () =>
  queryOptions({
    queryKey: ['affiliates', 'payout-destination'],
    queryFn: ({ signal }) => getPayoutDestination(signal),
  });

export const usePayoutDestination = () => useQuery(payoutDestinationQueryOptions());

/** POST /v1/affiliate/payout-destination: set or change it, confirmed with the password. */
export function useSavePayoutDestination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutDestinationInput) =>
      api.post<Answer>('/v1/affiliate/payout-destination', body),
    onSuccess: (answer) =>
      queryClient.setQueryData(payoutDestinationQueryOptions().queryKey, answer.data),
  });
}
