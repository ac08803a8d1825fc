import { useQuery } from '@tanstack/react-query';
import type { AdminTransaction } from '@tmc/shared';
import { adminListQueryOptions, type AdminListParams } from './admin-list';

/** Query: paymentStatus (0–3), paymentMode (0|1), email, txnHash. */
export const adminTransactionsQueryOptions = (params: AdminListParams) =>
  adminListQueryOptions<AdminTransaction>('transactions', '/v1/admin/transactions', params);

export function useAdminTransactions(params: AdminListParams) {
  return useQuery(adminTransactionsQueryOptions(params));
}
