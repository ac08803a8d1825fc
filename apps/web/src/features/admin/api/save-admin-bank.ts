import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminBank, AdminBankBody } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-list';

export const createAdminBank = (body: AdminBankBody) =>
  api.post<AdminBank>('/v1/admin/banks', body);

/** Only the fields sent change. */
export const updateAdminBank = (bankId: string, change: Partial<AdminBankBody>) =>
  api.patch<AdminBank>(`/v1/admin/banks/${encodeURIComponent(bankId)}`, change);

/** POST for a new account, PATCH for an existing one. */
export function useSaveAdminBank() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ bankId, body }: { bankId: string | null; body: AdminBankBody }) =>
      bankId ? updateAdminBank(bankId, body) : createAdminBank(body),
    onSettled: () => client.invalidateQueries({ queryKey: [ADMIN_KEY] }),
  });
}

export function useSetBankActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ bankId, active }: { bankId: string; active: boolean }) =>
      active ? updateAdminBank(bankId, { active: true }) : deactivateAdminBank(bankId),
    onSettled: () => client.invalidateQueries({ queryKey: [ADMIN_KEY] }),
  });
}

/** Kept for the purchases that name it, so it is deactivated rather than deleted. */
export const deactivateAdminBank = (bankId: string) =>
  api.delete<AdminBank>(`/v1/admin/banks/${encodeURIComponent(bankId)}`);
