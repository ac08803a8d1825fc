import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope, Refund, RefundRequestBody } from '@tmc/shared';
import { api } from '../../../lib/api-client';

/** POST /v1/purchase/:id/refund-request: the buyer asks for the rest of their order back. */
export function requestRefund(
  purchaseId: string,
  body: RefundRequestBody,
): Promise<Envelope<Refund>> {
  return api.post<Refund>(`/v1/purchase/${encodeURIComponent(purchaseId)}/refund-request`, body);
}

export function useRequestRefund(purchaseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundRequestBody) => requestRefund(purchaseId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['purchases'] }),
  });
}
