import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayoutPreview } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-list';

/** 1: direct commission, paid weekly; 2: influencer introductions, every 14 days. */
export type PayoutTier = 1 | 2;

export async function getPayoutPreview(tier: PayoutTier, signal?: AbortSignal) {
  const { data } = await api.get<PayoutPreview>('/v1/admin/payouts/preview', {
    signal,
    params: { tier },
  });
  return data;
}

export const payoutPreviewQueryOptions = (tier: PayoutTier) =>
  queryOptions({
    queryKey: [ADMIN_KEY, 'payouts', 'preview', tier],
    queryFn: ({ signal }) => getPayoutPreview(tier, signal),
    staleTime: 0,
  });

export function usePayoutPreview(tier: PayoutTier) {
  return useQuery(payoutPreviewQueryOptions(tier));
}
