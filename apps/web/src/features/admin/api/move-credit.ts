import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MoveCreditBody, Transaction } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-list';

/** Moves the transfer that credited this order to the pending order of `reference` (audited). */
export const moveCredit = (transactionId: string, body: MoveCreditBody) =>
  api.post<Transaction>(
    `/v1/admin/transactions/${encodeURIComponent(transactionId)}/move-credit`,
    body,
  );

export function useMoveCredit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ transactionId, body }: { transactionId: string; body: MoveCreditBody }) =>
      moveCredit(transactionId, body),
    // Both orders, the raised total and the lists change: refresh the whole console.
    onSettled: () => client.invalidateQueries({ queryKey: [ADMIN_KEY] }),
  });
}
