import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deliveryQueryKey } from './get-delivery';

/** Whether our team sends this buyer's claim for them (with the push batches). */
export const chooseDeliveryPush = (push: boolean) =>
  api.put<{ push: boolean }>('/v1/account/delivery-push', { push });

export function useChooseDeliveryPush() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: chooseDeliveryPush,
    onSettled: () => client.invalidateQueries({ queryKey: deliveryQueryKey }),
  });
}
