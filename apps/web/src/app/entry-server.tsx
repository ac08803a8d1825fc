import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { PageHeadContext, type PageHead } from '../lib/use-document-title';
import { Providers } from './providers';
import { routeList } from './route-list';
import { withQueryScope } from './query-routes';
import { routes } from './router';

/** The public pages to prerender and every client route, from the router itself. */
export const pages = routeList(routes);

/** A path no route has: renders the catch-all, i.e. the "page not found" screen. */
export const NOT_FOUND_PATH = '/__not-found__';

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  head: PageHead;
  status: number;
}

/**
 * Renders one page as a visitor sees it before any JavaScript runs: signed out, without a
 * query string, live figures as placeholders. The browser hydrates this same tree (main.tsx).
 */
export async function render(pathname: string): Promise<RenderedPage> {
  const handler = createStaticHandler(withQueryScope(routes));
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.invalid')));
  if (context instanceof Response)
    throw new Error(`${pathname} redirects; it cannot be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const head: PageHead = {};
  const html = renderToString(
    <StrictMode>
      <PageHeadContext value={(page) => Object.assign(head, page)}>
        <Providers>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Providers>
      </PageHeadContext>
    </StrictMode>,
  );
  return { html, head, status: context.statusCode };
}
