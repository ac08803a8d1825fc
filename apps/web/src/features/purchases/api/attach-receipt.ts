import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope, Purchase, ReceiptInput } from '@tmc/shared';
import { api } from '../../../lib/api-client';

/** POST /v1/purchase/:id/receipt: the bank receipt of an order made before paying. */
export function attachReceipt(
  purchaseId: string,
  body: ReceiptInput,
): Promise<Envelope<{ purchase: Purchase }>> {
  return api.post<{ purchase: Purchase }>(
    `/v1/purchase/${encodeURIComponent(purchaseId)}/receipt`,
    body,
  );
}

export function useAttachReceipt(purchaseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReceiptInput) => attachReceipt(purchaseId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['purchases'] }),
  });
}
