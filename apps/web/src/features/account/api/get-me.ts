import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { getSession, updateUser } from '../../../lib/session';

export async function getMe(signal?: AbortSignal): Promise<User> {
  const { data } = await api.get<{ user: User }>('/v1/auth/me', { signal });
  return data.user;
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: ['account', 'me'],
    queryFn: ({ signal }) => getMe(signal),
    // The profile shows the user as the server knows it now (e.g. affiliate status).
    staleTime: 0,
  });
}

/** Only while that user is still signed in: a late answer must not bring a session back. */
export function storeUser(user: User): void {
  if (getSession().user?._id === user._id) updateUser(user);
}

/** Loads the signed-in user and keeps the stored session user in step with it. */
export function useMe() {
  const query = useQuery(meQueryOptions());
  const { data } = query;
  useEffect(() => {
    if (data) storeUser(data);
  }, [data]);
  return query;
}
