import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankOrderInput, Envelope, PurchaseResult } from '@tmc/shared';
import { api } from '../../../lib/api-client';

/** POST /v1/purchase/bank-order: a signed-in buyer's bank order, made before paying. */
export function addBankOrder(body: BankOrderInput): Promise<Envelope<PurchaseResult>> {
  return api.post<PurchaseResult>('/v1/purchase/bank-order', body);
}

export function useAddBankOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addBankOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['purchases'] }),
  });
}
