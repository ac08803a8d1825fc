import { useQuery } from '@tanstack/react-query';
import type { UnmatchedPayment } from '@tmc/shared';
import { adminListQueryOptions, type AdminListParams } from './admin-list';

/** Query: status (open | assigned | refunded; the server's default is open). */
export const unmatchedPaymentsQueryOptions = (params: AdminListParams) =>
  adminListQueryOptions<UnmatchedPayment>(
    'unmatched-payments',
    '/v1/admin/unmatched-payments',
    params,
  );

export function useUnmatchedPayments(params: AdminListParams) {
  return useQuery(unmatchedPaymentsQueryOptions(params));
}

/**
 * How many transfers wait for staff (status open): the list's own total, one row fetched.
 * Refreshed every minute for the console menu and the dashboard.
 */
export function useOpenUnmatchedCount() {
  const query = useQuery({
    ...unmatchedPaymentsQueryOptions({ page: 1, limit: 10, query: { status: 'open' } }),
    refetchInterval: 60_000,
  });
  return query.data?.totalResults;
}
