import { useMutation } from '@tanstack/react-query';
import type { Envelope, GuestBankPurchaseInput, GuestPurchaseResult } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';

/** POST /v1/purchase/add-noUser: a visitor's bank purchase that also signs them in. */
export function addGuestPurchase(
  body: GuestBankPurchaseInput,
): Promise<Envelope<GuestPurchaseResult>> {
  return api.post<GuestPurchaseResult>('/v1/purchase/add-noUser', body, { auth: false });
}

export function useAddGuestPurchase() {
  return useMutation({
    mutationFn: addGuestPurchase,
    // The new or logged-in account is signed in at once (spec section 4).
    onSuccess: ({ data }) => setSession(data.data),
  });
}
