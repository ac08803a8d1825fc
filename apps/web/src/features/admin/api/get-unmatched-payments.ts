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
