import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PurchaseDetail } from '@tmc/shared';
import { api } from '../../../lib/api-client';

/** GET /v1/purchase/:id: one of the buyer's orders with its bank account, latest payment and progress. */
export async function getPurchase(id: string, signal?: AbortSignal): Promise<PurchaseDetail> {
  const { data } = await api.get<PurchaseDetail>(`/v1/purchase/${encodeURIComponent(id)}`, {
    signal,
  });
  return data;
}

const FIRST_POLL_MS = 2000;
const LONGEST_POLL_MS = 10_000;

/**
 * While the order's money can still move (`payment.live`), ask again: every 2 s at first, half
 * as often again after each answer, at most every 10 s; a page left open does not hammer the API.
 */
export function followDelay(detail: PurchaseDetail | undefined, answers: number): number | false {
  if (!detail?.payment.live) return false;
  return Math.min(FIRST_POLL_MS * 1.5 ** Math.max(0, answers - 1), LONGEST_POLL_MS);
}

export const purchaseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['purchases', 'one', id],
    queryFn: ({ signal }) => getPurchase(id, signal),
    retry: false,
    refetchInterval: (query) => followDelay(query.state.data, query.state.dataUpdateCount),
  });

/** One order, followed while its payment can still change (see {@link followDelay}). */
export const usePurchase = (id: string, enabled = true) =>
  useQuery({ ...purchaseQueryOptions(id), enabled: enabled && id !== '' });
