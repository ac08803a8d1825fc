import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, PaymentMode, PaymentStatus, Transaction } from '@tmc/shared';
import { api } from '../../../lib/api-client';

export type PriceSort = 1 | -1;

export interface UserTransactionsParams {
  page: number;
  limit: number;
  /** Absent: newest first. */
  sortPrice?: PriceSort;
  paymentStatus?: PaymentStatus;
  paymentMode?: PaymentMode;
}

/** `filter[query]` as the API reads it; only the filters in use, none at all when empty. */
export function transactionFilterQuery({
  paymentStatus,
  paymentMode,
}: Pick<UserTransactionsParams, 'paymentStatus' | 'paymentMode'>): string | undefined {
  if (paymentStatus === undefined && paymentMode === undefined) return undefined;
  return JSON.stringify({ paymentStatus, paymentMode });
}

/** GET /v1/transaction/getUserTransaction: the signed-in user's payments, one page. */
export async function getUserTransactions(
  params: UserTransactionsParams,
  signal?: AbortSignal,
): Promise<Page<Transaction>> {
  const { data } = await api.get<Page<Transaction>>('/v1/transaction/getUserTransaction', {
    signal,
    params: {
      page: params.page,
      limit: params.limit,
      'sort[price]': params.sortPrice,
      'filter[query]': transactionFilterQuery(params),
    },
  });
  return data;
}

export function userTransactionsQueryOptions(params: UserTransactionsParams) {
  return queryOptions({
    queryKey: ['transactions', 'mine', params],
    queryFn: ({ signal }) => getUserTransactions(params, signal),
    // Keep the rows on screen while the next page loads.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useUserTransactions(params: UserTransactionsParams) {
  return useQuery(userTransactionsQueryOptions(params));
}
