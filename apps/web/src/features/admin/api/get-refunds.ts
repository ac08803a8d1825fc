import { useQuery } from '@tanstack/react-query';
import type { AdminRefund } from '@tmc/shared';
import { adminListQueryOptions, type AdminListParams } from './admin-list';

/** Query: state (requested | approved | paid | declined; empty for all). */
export const refundsQueryOptions = (params: AdminListParams) =>
  adminListQueryOptions<AdminRefund>('refunds', '/v1/admin/refunds', params);

export function useRefunds(params: AdminListParams) {
  return useQuery(refundsQueryOptions(params));
}
