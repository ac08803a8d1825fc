import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminRefund, CreateRefundBody } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-list';

/** POST /v1/admin/refunds: staff start a refund of an order or a listed transfer. */
export const createRefund = (body: CreateRefundBody) =>
  api.post<AdminRefund>('/v1/admin/refunds', body);

export function useCreateRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createRefund,
    onSettled: () => client.invalidateQueries({ queryKey: [ADMIN_KEY] }),
  });
}
