import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DismissedAffiliate } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-list';

/** Dismissal for breach: the user stops being an affiliate and their unpaid commissions are voided. */
export const dismissAffiliate = (userId: string, reason: string) =>
  api.post<DismissedAffiliate>(`/v1/admin/users/${encodeURIComponent(userId)}/dismiss`, {
    reason,
  });

export function useDismissAffiliate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: string; reason: string }) =>
      dismissAffiliate(userId, reason),
    onSettled: () => client.invalidateQueries({ queryKey: [ADMIN_KEY] }),
  });
}
