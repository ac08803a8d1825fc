import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Bank } from '@tmc/shared';
import { api } from '../../../lib/api-client';

export async function getBanksByCurrency(currency: string, signal?: AbortSignal): Promise<Bank[]> {
  const { data } = await api.get<Bank[]>(
    `/v1/bank/getBankDetailsByCurrency/${encodeURIComponent(currency)}`,
    { signal, auth: false },
  );
  return data;
}

export function banksByCurrencyQueryOptions(currency: string) {
  return queryOptions({
    queryKey: ['banks', currency],
    queryFn: ({ signal }) => getBanksByCurrency(currency, signal),
    staleTime: 60_000,
  });
}

export function useBanksByCurrency(currency: string) {
  return useQuery(banksByCurrencyQueryOptions(currency));
}
