import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayoutDetail } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-list';

export interface MarkPayoutPaidInput {
  payoutId: string;
  reference: string;
  /** What staff transferred (AUD); refused unless it is the batch's total. */
  expectedTotal: string;
}

/** Records the transfer reference; the batch's earnings become paid. */
export const markPayoutPaid = ({ payoutId, reference, expectedTotal }: MarkPayoutPaidInput) =>
  api.post<PayoutDetail>(`/v1/admin/payouts/${encodeURIComponent(payoutId)}/paid`, {
    reference,
    expectedTotal,
  });

export function useMarkPayoutPaid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markPayoutPaid,
    onSettled: () => client.invalidateQueries({ queryKey: [ADMIN_KEY] }),
  });
}
