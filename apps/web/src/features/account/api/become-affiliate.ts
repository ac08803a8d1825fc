import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope, User } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { meQueryOptions, storeUser } from './get-me';

/** Accepting the affiliate terms: the user gets isAffiliated and an affiliate code. */
export function becomeAffiliate(): Promise<Envelope<{ user: User; msg: string }>> {
  return api.post<{ user: User; msg: string }>('/v1/auth/become-affiliate', {});
}

export function useBecomeAffiliate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: becomeAffiliate,
    onSuccess: ({ data }) => {
      storeUser(data.user);
      queryClient.setQueryData(meQueryOptions().queryKey, data.user);
    },
  });
}
