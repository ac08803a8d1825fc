import { useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@tmc/shared';
import { adminListQueryOptions, type AdminListParams } from './admin-list';

/** Query: search, role, isInfluencer, isAffiliated, referredBy (a user id). */
export const adminUsersQueryOptions = (params: AdminListParams) =>
  adminListQueryOptions<AdminUser>('users', '/v1/admin/users', params);

export function useAdminUsers(params: AdminListParams) {
  return useQuery(adminUsersQueryOptions(params));
}
