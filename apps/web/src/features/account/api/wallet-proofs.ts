import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toHex, type Address } from 'viem';
import type { AccountWallet } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import type { Eip1193Provider } from '../../crypto/lib/wallet-discovery';
import { refreshWalletViews } from './wallet-changed';

export const walletsQueryKey = ['account', 'wallets'] as const;

export const getWallets = async () =>
  (await api.get<{ wallets: AccountWallet[] }>('/v1/account/wallets')).data.wallets;

/** The buyer's wallets and which are proven. */
export function useWallets() {
  return useQuery({ queryKey: walletsQueryKey, queryFn: getWallets, staleTime: 0 });
}

/**
 * Proves `address` with the browser wallet: the server issues a Sign-In with Ethereum message,
 * the wallet signs it (personal_sign) and the server checks it. Answers the server's message.
 */
export async function proveWallet(provider: Eip1193Provider, address: Address) {
  const issued = await api.post<{ message: string }>('/v1/account/wallets/nonce', { address });
  const signature = (await provider.request({
    method: 'personal_sign',
    params: [toHex(issued.data.message), address],
  })) as string;
  const proved = await api.post<{ wallets: AccountWallet[] }>('/v1/account/wallets/prove', {
    message: issued.data.message,
    signature,
  });
  return proved;
}

export function useProveWallet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, address }: { provider: Eip1193Provider; address: Address }) =>
      proveWallet(provider, address),
    onSuccess: ({ data }) => {
      client.setQueryData(walletsQueryKey, data.wallets);
      void refreshWalletViews(client);
    },
  });
}
