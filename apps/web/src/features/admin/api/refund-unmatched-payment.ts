import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundUnmatchedPaymentBody, UnmatchedPayment } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-list';

/** Records that staff refunded the payment outside the site (with a remark, audited). */
export const refundUnmatchedPayment = (paymentId: string, body: RefundUnmatchedPaymentBody) =>
  api.post<UnmatchedPayment>(
    `/v1/admin/unmatched-payments/${encodeURIComponent(paymentId)}/refund`,
    body,
  );

export function useRefundUnmatchedPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, body }: { paymentId: string; body: RefundUnmatchedPaymentBody }) =>
      refundUnmatchedPayment(paymentId, body),
    onSettled: () => client.invalidateQueries({ queryKey: [ADMIN_KEY] }),
  });
}
