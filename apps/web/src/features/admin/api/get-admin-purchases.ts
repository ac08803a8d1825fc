import { useQuery } from '@tanstack/react-query';
import type { PurchaseReview } from '@tmc/shared';
import { adminListQueryOptions, getAdminList, type AdminListParams } from './admin-list';

const PATH = '/v1/admin/purchases';

/** Query: status (0–4), paymentMode (0|1), receipt (true|false), email, reference. */
export const getAdminPurchases = (params: AdminListParams, signal?: AbortSignal) =>
  getAdminList<PurchaseReview>(PATH, params, signal);

export const adminPurchasesQueryOptions = (params: AdminListParams) =>
  adminListQueryOptions<PurchaseReview>('purchases', PATH, params);

export function useAdminPurchases(params: AdminListParams) {
  return useQuery(adminPurchasesQueryOptions(params));
}
