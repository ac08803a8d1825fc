import { useQuery } from '@tanstack/react-query';
import type { UnmatchedPaymentDetail } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-list';

const REFERENCE = /^TMC-[A-Z0-9]{6}$/;

/** One transfer with its claims and the orders it could pay (and the order `reference` names). */
export function useUnmatchedPayment(paymentId: string | undefined, reference: string) {
  const named = reference.trim().toUpperCase();
  const withReference = REFERENCE.test(named) ? named : undefined;
  return useQuery({
    queryKey: [ADMIN_KEY, 'unmatched-payment', paymentId, withReference],
    enabled: paymentId !== undefined,
    queryFn: async ({ signal }) =>
      (
        await api.get<UnmatchedPaymentDetail>(
          `/v1/admin/unmatched-payments/${encodeURIComponent(paymentId!)}`,
          { signal, params: withReference ? { reference: withReference } : {} },
        )
      ).data,
    staleTime: 0,
  });
}
