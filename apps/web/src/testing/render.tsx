import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import {
  createMemoryRouter,
  RouterProvider,
  type InitialEntry,
  type RouteObject,
} from 'react-router';
import { Toaster } from '../components/ui/toast';
import { setPresaleConfig } from '../features/presale/api/get-presale-config';
import { presaleConfigFixture } from './fixtures';

/** A query client that never retries and already knows the presale config (no network). */
export function createTestQueryClient() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity } },
  });
  setPresaleConfig(presaleConfigFixture);
  return client;
}

export function renderWithClient(ui: ReactNode, queryClient = createTestQueryClient()) {
  return render(
    <QueryClientProvider client={queryClient}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
}

/** Renders route objects in a memory router; returns the router to inspect its location. */
export function renderRoutes(routes: RouteObject[], initialEntries: InitialEntry[] = ['/']) {
  const router = createMemoryRouter(routes, { initialEntries });
  const result = renderWithClient(<RouterProvider router={router} />);
  return { router, ...result };
}
