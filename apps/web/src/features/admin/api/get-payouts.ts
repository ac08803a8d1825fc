import { useQuery } from '@tanstack/react-query';
import type { Payout } from '@tmc/shared';
import { adminListQueryOptions, type AdminListParams } from './admin-list';

/** Query: tier, status (created|paid). */
export const payoutsQueryOptions = (params: AdminListParams) =>
  adminListQueryOptions<Payout>('payouts', '/v1/admin/payouts', params);

export function usePayouts(params: AdminListParams) {
  return useQuery(payoutsQueryOptions(params));
}
