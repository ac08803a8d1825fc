import { useMutation } from '@tanstack/react-query';
import type { IdentityDocuments } from '@tmc/shared';
import { api } from '../../../lib/api-client';

/**
 * Links that open a review's two documents for a minute. Asked for on each click (each view is
 * in the audit log), never cached.
 */
export const getIdentityDocuments = async (reviewId: string) =>
  (
    await api.get<IdentityDocuments>(
      `/v1/admin/identity-reviews/${encodeURIComponent(reviewId)}/documents`,
    )
  ).data;

export function useIdentityDocuments() {
  return useMutation({ mutationFn: getIdentityDocuments });
}
