import { useContext, type ReactNode } from 'react';
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { getSession, subscribeSession } from '../lib/session';

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

const queryClient = createQueryClient();

// Cached answers belong to one user: drop them when the signed-in user changes.
if (typeof window !== 'undefined') {
  let userId = getSession().user?._id ?? null;
  subscribeSession(() => {
    const next = getSession().user?._id ?? null;
    if (next === userId) return;
    userId = next;
    void queryClient.resetQueries();
  });
}

/** TanStack Query for the pages that use it; a client given from outside (tests) wins. */
export function QueryScope({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return children;
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
