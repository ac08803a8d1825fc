import { useEffect, useRef, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { Toaster } from '../components/ui/toast';
import { ApiError } from '../lib/api-client';
import { useSession } from '../lib/session';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (4xx) will not change on retry; network and server faults might.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
          failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}

/** Cached answers belong to one user: drop them when the signed-in user changes. */
function SessionCacheReset() {
  const queryClient = useQueryClient();
  const userId = useSession().user?._id ?? null;
  const previous = useRef(userId);
  useEffect(() => {
    if (previous.current === userId) return;
    previous.current = userId;
    void queryClient.resetQueries();
  }, [userId, queryClient]);
  return null;
}

export function Providers({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <SessionCacheReset />
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
