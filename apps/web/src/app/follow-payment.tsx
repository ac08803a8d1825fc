import type { ReactNode } from 'react';
import type { PaymentProgress } from '@tmc/shared';
import { usePurchase } from '../features/purchases/api/get-purchase';

/**
 * Follows one order's payment on the server (GET /v1/purchase/:id, polled with backoff while it
 * can change) for a screen outside the order page, e.g. the crypto payment dialog.
 */
export function FollowPayment({
  purchaseId,
  children,
}: {
  purchaseId: string;
  children: (payment: PaymentProgress | undefined, refresh: () => void) => ReactNode;
}) {
  const query = usePurchase(purchaseId);
  return <>{children(query.data?.payment, () => void query.refetch())}</>;
}
