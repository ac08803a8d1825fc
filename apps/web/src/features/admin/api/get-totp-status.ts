import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TotpStatus } from '@tmc/shared';
import { api } from '../../../lib/api-client';

export const TOTP_STATUS_KEY = ['auth', 'totp'] as const;

export async function getTotpStatus(signal?: AbortSignal): Promise<TotpStatus> {
  const { data } = await api.get<TotpStatus>('/v1/auth/totp', { signal });
  return data;
}

export function totpStatusQueryOptions() {
  return queryOptions({
    queryKey: TOTP_STATUS_KEY,
    queryFn: ({ signal }) => getTotpStatus(signal),
    staleTime: 0,
  });
}

/** Whether the staff account has an authenticator, and whether this login was opened with it. */
export function useTotpStatus() {
  return useQuery(totpStatusQueryOptions());
}
