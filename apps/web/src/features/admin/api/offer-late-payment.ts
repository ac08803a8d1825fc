import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LateOffer } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-list';

/** POST /v1/admin/purchases/:id/late-offer: e-mail the buyer an order at the price of the day. */
export const offerLatePayment = (purchaseId: string) =>
  api.post<LateOffer>(`/v1/admin/purchases/${encodeURIComponent(purchaseId)}/late-offer`);

export function useOfferLatePayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: offerLatePayment,
    onSettled: () => client.invalidateQueries({ queryKey: [ADMIN_KEY] }),
  });
}
