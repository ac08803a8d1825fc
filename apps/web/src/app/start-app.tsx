import { startTransition, StrictMode } from 'react';
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

/** After the browser's next paint: the prerendered page shows before hydration starts. */
const afterPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

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
  // The page's code is fetched only once the prerendered HTML has painted, so nothing it needs
  // competes with that first paint. A page whose code fails to load shows the error screen once
  // hydrated.
  await afterPaint();
  await preloadPages(routes, window.location).catch(() => undefined);
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread until the whole page is live: the visitor can scroll and tap meanwhile.
  let root: Root | undefined;
  startTransition(() => {
    root = hydrateRoot(container, app);
  });
  return root!;
}
