import { useQuery } from '@tanstack/react-query';
import type { AdminBank } from '@tmc/shared';
import { adminListQueryOptions, type AdminListParams } from './admin-list';

/** Query: currency, active (true|false). */
export const adminBanksQueryOptions = (params: AdminListParams) =>
  adminListQueryOptions<AdminBank>('banks', '/v1/admin/banks', params);

export function useAdminBanks(params: AdminListParams) {
  return useQuery(adminBanksQueryOptions(params));
}
