import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { AppRouter } from './browser-router';
import { Providers } from './providers';
import { preloadPages } from './query-routes';
import { AppRoutes, routes } from './router';

const app = (
  <StrictMode>
    <Providers>
      <AppRouter>
        <AppRoutes />
      </AppRouter>
    </Providers>
  </StrictMode>
);

/**
 * Public pages arrive prerendered (their HTML already in the container): React hydrates it, with
 * the page's code loaded first so the first client render is the page itself, not the spinner.
 * Signed-in pages and flows arrive empty and render here.
 */
export async function startApp(container: HTMLElement): Promise<Root> {
  if (!container.hasChildNodes()) {
    const root = createRoot(container);
    root.render(app);
    return root;
  }
  // A page whose code fails to load shows the error screen once hydrated.
  await preloadPages(routes, window.location).catch(() => undefined);
  return hydrateRoot(container, app);
}
