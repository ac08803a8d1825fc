import { useQuery } from '@tanstack/react-query';
import type { AdminIdentityReview } from '@tmc/shared';
import { adminListQueryOptions, type AdminListParams } from './admin-list';

/** Query: state (pending | approved | rejected; empty for all). */
export const identityReviewsQueryOptions = (params: AdminListParams) =>
  adminListQueryOptions<AdminIdentityReview>(
    'identity-reviews',
    '/v1/admin/identity-reviews',
    params,
  );

export function useIdentityReviews(params: AdminListParams) {
  return useQuery(identityReviewsQueryOptions(params));
}
