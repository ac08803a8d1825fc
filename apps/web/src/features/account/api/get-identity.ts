import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IdentityStatus } from '@tmc/shared';
import { api } from '../../../lib/api-client';

export const IDENTITY_KEY = ['account', 'identity'] as const;

/** GET /v1/account/identity: the check's state, the buying limit and what was bought in 12 months. */
export async function getIdentity(signal?: AbortSignal): Promise<IdentityStatus> {
  return (await api.get<IdentityStatus>('/v1/account/identity', { signal })).data;
}

export const identityQueryOptions = () =>
  queryOptions({
    queryKey: IDENTITY_KEY,
    queryFn: ({ signal }) => getIdentity(signal),
    staleTime: 0,
  });

export function useIdentity() {
  return useQuery(identityQueryOptions());
}
