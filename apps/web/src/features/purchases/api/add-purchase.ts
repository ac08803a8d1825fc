import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankPurchaseInput, Envelope, PurchaseResult } from '@tmc/shared';
import { api } from '../../../lib/api-client';

/** POST /v1/purchase/add: a signed-in buyer's bank purchase. */
export function addPurchase(body: BankPurchaseInput): Promise<Envelope<PurchaseResult>> {
  return api.post<PurchaseResult>('/v1/purchase/add', body);
}

export function useAddPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPurchase,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['purchases'] }),
  });
}
