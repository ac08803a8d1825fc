import { useMutation } from '@tanstack/react-query';
import type { Envelope, GuestBankOrderInput, GuestPurchaseResult } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';

/** POST /v1/purchase/bank-order-noUser: a visitor's bank order that also signs them in. */
export function addGuestBankOrder(
  body: GuestBankOrderInput,
): Promise<Envelope<GuestPurchaseResult>> {
  return api.post<GuestPurchaseResult>('/v1/purchase/bank-order-noUser', body, { auth: false });
}

export function useAddGuestBankOrder() {
  return useMutation({
    mutationFn: addGuestBankOrder,
    onSuccess: ({ data }) => setSession(data.data),
  });
}
