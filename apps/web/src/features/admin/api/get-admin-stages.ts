import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStage } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-list';

/** Every stage in selling order (a handful: not paged). */
export const getAdminStages = async (signal?: AbortSignal) =>
  (await api.get<AdminStage[]>('/v1/admin/stages', { signal })).data;

export const adminStagesQueryOptions = () =>
  queryOptions({
    queryKey: [ADMIN_KEY, 'stages'],
    queryFn: ({ signal }) => getAdminStages(signal),
    staleTime: 0,
  });

export function useAdminStages() {
  return useQuery(adminStagesQueryOptions());
}
