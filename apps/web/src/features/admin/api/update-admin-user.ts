import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, Role } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-list';

export interface AdminUserChange {
  isInfluencer?: boolean;
  role?: Role;
}

export function updateAdminUser(userId: string, change: AdminUserChange) {
  return api.patch<AdminUser>(`/v1/admin/users/${encodeURIComponent(userId)}`, change);
}

export function useUpdateAdminUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, change }: { userId: string; change: AdminUserChange }) =>
      updateAdminUser(userId, change),
    onSettled: () => client.invalidateQueries({ queryKey: [ADMIN_KEY] }),
  });
}
