import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminIdentityReview } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-list';

/** Approve, or reject with a reason the buyer reads. */
export type IdentityDecision = { step: 'approve' } | { step: 'reject'; reason: string };

export const decideIdentityReview = (reviewId: string, decision: IdentityDecision) => {
  const url = `/v1/admin/identity-reviews/${encodeURIComponent(reviewId)}/${decision.step}`;
  return api.post<AdminIdentityReview>(
    url,
    decision.step === 'reject' ? { reason: decision.reason } : {},
  );
};

export function useDecideIdentityReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, decision }: { reviewId: string; decision: IdentityDecision }) =>
      decideIdentityReview(reviewId, decision),
    onSettled: () => client.invalidateQueries({ queryKey: [ADMIN_KEY] }),
  });
}
