import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminRatesTable } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-list';

const PATH = '/v1/admin/currency-rates';

export async function getAdminRates(signal?: AbortSignal): Promise<AdminRatesTable> {
  const { data } = await api.get<AdminRatesTable>(PATH, { signal });
  return data;
}

export const adminRatesQueryOptions = () =>
  queryOptions({
    queryKey: [ADMIN_KEY, 'rates'],
    queryFn: ({ signal }) => getAdminRates(signal),
    staleTime: 0,
  });

export function useAdminRates() {
  return useQuery(adminRatesQueryOptions());
}

/** Units per 1 AUD; codes not sent stay as they are. */
export const setAdminRates = (rates: Record<string, string>) =>
  api.put<AdminRatesTable>(PATH, { rates });

export function useSetAdminRates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setAdminRates,
    onSettled: () => client.invalidateQueries({ queryKey: [ADMIN_KEY] }),
  });
}
