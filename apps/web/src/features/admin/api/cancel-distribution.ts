import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Distribution } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { distributionsQueryKey } from './get-distributions';

/** Cancels a draft; a proposed root is cancelled from the Safe (the server says so). */
export const cancelDistribution = (id: string) =>
  api.post<Distribution>(`/v1/admin/distributions/${encodeURIComponent(id)}/cancel`);

export function useCancelDistribution() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelDistribution,
    onSettled: () => client.invalidateQueries({ queryKey: distributionsQueryKey }),
  });
}
