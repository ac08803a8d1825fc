import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrencyRates } from '@tmc/shared';
import { api } from '../../../lib/api-client';

export async function getCurrencyRates(signal?: AbortSignal): Promise<CurrencyRates> {
  const { data } = await api.get<CurrencyRates>('/v1/currency-rate/getCurrency', {
    signal,
    auth: false,
  });
  return data;
}

export function currencyRatesQueryOptions() {
  return queryOptions({
    queryKey: ['rates'],
    queryFn: ({ signal }) => getCurrencyRates(signal),
    // Loaded when the buy page opens (spec section 7), so a return visit gets fresh rates.
    staleTime: 0,
  });
}

export function useCurrencyRates() {
  return useQuery(currencyRatesQueryOptions());
}
