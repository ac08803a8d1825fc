import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { matchRoutes, RouterProvider } from 'react-router';
import { Providers } from './providers';
import { createAppRouter, routes } from './router';

/**
 * Loads the code of the lazy routes the page starts on, as React Router asks before hydrating:
 * the first client render must be the page itself, not the fallback.
 */
async function loadInitialRoutes() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

const app = () => (
  <StrictMode>
    <Providers>
      <RouterProvider router={createAppRouter()} />
    </Providers>
  </StrictMode>
);

/**
 * Public pages arrive prerendered (their HTML already in the container): React hydrates it.
 * Signed-in pages and flows arrive empty and render here.
 */
export async function startApp(container: HTMLElement): Promise<Root> {
  if (!container.hasChildNodes()) {
    const root = createRoot(container);
    root.render(app());
    return root;
  }
  await loadInitialRoutes();
  return hydrateRoot(container, app());
}
