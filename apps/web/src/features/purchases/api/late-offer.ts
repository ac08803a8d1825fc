import { useMutation } from '@tanstack/react-query';
import type { Envelope, LateOffer } from '@tmc/shared';
import { api } from '../../../lib/api-client';

/** POST /v1/late-offers/read: the offer behind an e-mailed consent link (no session needed). */
export function readLateOffer(token: string): Promise<Envelope<LateOffer>> {
  return api.post<LateOffer>('/v1/late-offers/read', { token }, { auth: false });
}

/** POST /v1/late-offers/accept: the buyer's consent; again answers the order already made. */
export function acceptLateOffer(token: string): Promise<Envelope<LateOffer>> {
  return api.post<LateOffer>('/v1/late-offers/accept', { token }, { auth: false });
}

export function useReadLateOffer() {
  return useMutation({ mutationFn: readLateOffer });
}

export function useAcceptLateOffer() {
  return useMutation({ mutationFn: acceptLateOffer });
}
