import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import {
  createMemoryRouter,
  RouterProvider,
  type InitialEntry,
  type RouteObject,
} from 'react-router';
import { vi } from 'vitest';
import { Toaster } from '../components/ui/toast';
import { setPresaleConfig } from '../features/presale/api/get-presale-config';
import { PHONE_QUERY } from '../lib/use-media-query';
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

/** Makes the phone media query match (PHONE_QUERY), as on a 360 px screen; undo with vi.unstubAllGlobals. */
export function stubPhoneWidth() {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query === PHONE_QUERY,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}
