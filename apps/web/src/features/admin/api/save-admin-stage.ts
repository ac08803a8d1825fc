import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminStage, StageClosed } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-list';

export interface StageBody {
  name: string;
  priceAud: string;
  tokenCap: string;
  /** ISO date and time. */
  startsAt: string;
  endsAt: string | null;
}

export const createAdminStage = (body: StageBody) => api.post<AdminStage>('/v1/admin/stages', body);

/** Scheduled stages only; only the fields sent change. */
export const updateAdminStage = (stageId: string, change: Partial<StageBody>) =>
  api.patch<AdminStage>(`/v1/admin/stages/${encodeURIComponent(stageId)}`, change);

export const closeAdminStage = (stageId: string, remark: string) =>
  api.post<StageClosed>(`/v1/admin/stages/${encodeURIComponent(stageId)}/close`, { remark });

/** POST for a new stage, PATCH for a scheduled one. */
export function useSaveAdminStage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ stageId, body }: { stageId: string | null; body: StageBody }) =>
      stageId ? updateAdminStage(stageId, body) : createAdminStage(body),
    onSettled: () => client.invalidateQueries({ queryKey: [ADMIN_KEY] }),
  });
}

export function useCloseAdminStage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ stageId, remark }: { stageId: string; remark: string }) =>
      closeAdminStage(stageId, remark),
    onSettled: () => client.invalidateQueries({ queryKey: [ADMIN_KEY] }),
  });
}
