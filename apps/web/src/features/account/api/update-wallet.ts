import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope, UpdateWalletBody, User } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { meQueryOptions, storeUser } from './get-me';
import { refreshWalletViews } from './wallet-changed';

export function updateWallet(
  body: UpdateWalletBody,
): Promise<Envelope<{ user: User; msg: string }>> {
  return api.post<{ user: User; msg: string }>('/v1/auth/update-wallet', body);
}

export function useUpdateWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWallet,
    onSuccess: ({ data }) => {
      storeUser(data.user);
      queryClient.setQueryData(meQueryOptions().queryKey, data.user);
      void refreshWalletViews(queryClient);
    },
  });
}
