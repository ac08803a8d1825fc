import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Distribution } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { distributionsQueryKey } from './get-distributions';

/** Builds a draft from every accepted order (409 while a draft or a proposal exists, 400 with nothing to distribute). */
export const buildDistribution = () => api.post<Distribution>('/v1/admin/distributions');

export function useBuildDistribution() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: buildDistribution,
    onSettled: () => client.invalidateQueries({ queryKey: distributionsQueryKey }),
  });
}
