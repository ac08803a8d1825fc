import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PurchaseDecisionBody, PurchaseReview } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-list';

export function decidePurchase(purchaseId: string, body: PurchaseDecisionBody) {
  return api.post<PurchaseReview>(
    `/v1/admin/purchases/${encodeURIComponent(purchaseId)}/status`,
    body,
  );
}

/** A review decision; the whole console reloads after it (counts, queue, earnings, audit log). */
export function useDecidePurchase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ purchaseId, ...body }: PurchaseDecisionBody & { purchaseId: string }) =>
      decidePurchase(purchaseId, body),
    onSettled: () => client.invalidateQueries({ queryKey: [ADMIN_KEY] }),
  });
}
