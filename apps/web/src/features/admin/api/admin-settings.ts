import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSettings, AdminSettingsChange } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { reloadPresaleConfig } from '../../presale/api/get-presale-config';
import { ADMIN_KEY } from './admin-list';

const PATH = '/v1/admin/settings';

export async function getAdminSettings(signal?: AbortSignal): Promise<AdminSettings> {
  const { data } = await api.get<AdminSettings>(PATH, { signal });
  return data;
}

export const adminSettingsQueryOptions = () =>
  queryOptions({
    queryKey: [ADMIN_KEY, 'settings'],
    queryFn: ({ signal }) => getAdminSettings(signal),
    staleTime: 0,
  });

export function useAdminSettings() {
  return useQuery(adminSettingsQueryOptions());
}

/** Only the fields sent change. */
export const updateAdminSettings = (change: AdminSettingsChange) =>
  api.put<AdminSettings>(PATH, change);

export function useUpdateAdminSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateAdminSettings,
    // The public presale config (price, minimum, wallets) changes with them.
    onSettled: () => {
      reloadPresaleConfig();
      return client.invalidateQueries();
    },
  });
}
