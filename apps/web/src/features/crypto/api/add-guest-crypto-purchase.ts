import { useMutation } from '@tanstack/react-query';
import type { Envelope, GuestCryptoPurchaseInput, GuestCryptoPurchaseResult } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';

/**
 * POST /v1/purchase/add-crypto-noUser: a visitor's order plus an account (`name` present
 * creates it, absent logs in to it), signed in at once.
 */
export function addGuestCryptoPurchase(
  body: GuestCryptoPurchaseInput,
): Promise<Envelope<GuestCryptoPurchaseResult>> {
  return api.post<GuestCryptoPurchaseResult>('/v1/purchase/add-crypto-noUser', body, {
    auth: false,
  });
}

export function useAddGuestCryptoPurchase() {
  return useMutation({
    mutationFn: addGuestCryptoPurchase,
    // Spec section 4: the visitor's new tokens are stored and they are signed in.
    onSuccess: ({ data }) => setSession(data.data),
  });
}
