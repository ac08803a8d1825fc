import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignUnmatchedPaymentBody, UnmatchedPayment } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-list';

/** Credits a pending crypto order with this payment (its reference and a remark, audited). */
export const assignUnmatchedPayment = (paymentId: string, body: AssignUnmatchedPaymentBody) =>
  api.post<UnmatchedPayment>(
    `/v1/admin/unmatched-payments/${encodeURIComponent(paymentId)}/assign`,
    body,
  );

export function useAssignUnmatchedPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, body }: { paymentId: string; body: AssignUnmatchedPaymentBody }) =>
      assignUnmatchedPayment(paymentId, body),
    // The order, the raised total and the lists all change: refresh the whole console.
    onSettled: () => client.invalidateQueries({ queryKey: [ADMIN_KEY] }),
  });
}
