import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CryptoPurchaseInput, CryptoPurchaseResult, Envelope } from '@tmc/shared';
import { api } from '../../../lib/api-client';

/** POST /v1/purchase/add-crypto: a signed-in buyer's order, answered with the quote to pay. */
export function addCryptoPurchase(
  body: CryptoPurchaseInput,
): Promise<Envelope<CryptoPurchaseResult>> {
  return api.post<CryptoPurchaseResult>('/v1/purchase/add-crypto', body);
}

export function useAddCryptoPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCryptoPurchase,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['purchases'] });
      void queryClient.invalidateQueries({ queryKey: ['transactions'] });
    },
  });
}
