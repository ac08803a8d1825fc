import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminRefund } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-list';

/** A staff step on a refund: approve, decline with a reason, or mark a bank refund paid. */
export type RefundStep =
  { step: 'approve' } | { step: 'decline'; reason: string } | { step: 'paid'; evidence: string };

export const decideRefund = (refundId: string, action: RefundStep) => {
  const url = `/v1/admin/refunds/${encodeURIComponent(refundId)}/${action.step}`;
  if (action.step === 'approve') return api.post<AdminRefund>(url, {});
  if (action.step === 'decline') return api.post<AdminRefund>(url, { reason: action.reason });
  return api.post<AdminRefund>(url, { evidence: action.evidence });
};

export function useDecideRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ refundId, action }: { refundId: string; action: RefundStep }) =>
      decideRefund(refundId, action),
    onSettled: () => client.invalidateQueries({ queryKey: [ADMIN_KEY] }),
  });
}
