import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { Providers } from './providers';
import { withQueryScope } from './query-routes';
import { routes } from './router';

/**
 * Loads the code of the lazy routes the page starts on, as React Router asks before hydrating:
 * the first client render must be the page itself, not the fallback.
 */
async function loadInitialRoutes(routes: RouteObject[]) {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

const app = (appRoutes: RouteObject[]) => (
  <StrictMode>
    <Providers>
      <RouterProvider router={createBrowserRouter(appRoutes)} />
    </Providers>
  </StrictMode>
);

/**
 * Public pages arrive prerendered (their HTML already in the container): React hydrates it.
 * Signed-in pages and flows arrive empty and render here.
 */
export async function startApp(container: HTMLElement): Promise<Root> {
  const appRoutes = withQueryScope(routes);
  if (!container.hasChildNodes()) {
    const root = createRoot(container);
    root.render(app(appRoutes));
    return root;
  }
  await loadInitialRoutes(appRoutes);
  return hydrateRoot(container, app(appRoutes));
}
