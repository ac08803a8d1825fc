import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayoutDetail } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-list';

/** Records the transfer reference; the batch's earnings become paid. */
export const markPayoutPaid = (payoutId: string, reference: string) =>
  api.post<PayoutDetail>(`/v1/admin/payouts/${encodeURIComponent(payoutId)}/paid`, { reference });

export function useMarkPayoutPaid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ payoutId, reference }: { payoutId: string; reference: string }) =>
      markPayoutPaid(payoutId, reference),
    onSettled: () => client.invalidateQueries({ queryKey: [ADMIN_KEY] }),
  });
}
