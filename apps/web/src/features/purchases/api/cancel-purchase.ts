import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope, Purchase } from '@tmc/shared';
import { api } from '../../../lib/api-client';

/** POST /v1/purchase/:id/cancel: the buyer's unpaid order becomes Not Accepted. */
export function cancelPurchase(purchaseId: string): Promise<Envelope<{ purchase: Purchase }>> {
  return api.post<{ purchase: Purchase }>(
    `/v1/purchase/${encodeURIComponent(purchaseId)}/cancel`,
    {},
  );
}

export function useCancelPurchase(purchaseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelPurchase(purchaseId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['purchases'] }),
  });
}
