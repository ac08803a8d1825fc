import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deliveryQueryKey } from './get-delivery';

/** Where the tokens go: one of the wallets this account proved (400 otherwise). */
export const chooseDeliveryWallet = (address: string) =>
  api.put<{ deliveryWallet: string }>('/v1/account/delivery-wallet', { address });

export function useChooseDeliveryWallet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: chooseDeliveryWallet,
    onSettled: () => client.invalidateQueries({ queryKey: deliveryQueryKey }),
  });
}
