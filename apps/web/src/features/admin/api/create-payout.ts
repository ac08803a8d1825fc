import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayoutDetail } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-list';
import type { PayoutTier } from './get-payout-preview';

/** Creates the batch of the last complete period (201), or answers the one it already has (200). */
export const createPayout = (tier: PayoutTier) =>
  api.post<PayoutDetail>('/v1/admin/payouts', { tier });

export function useCreatePayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createPayout,
    onSettled: () => client.invalidateQueries({ queryKey: [ADMIN_KEY] }),
  });
}
