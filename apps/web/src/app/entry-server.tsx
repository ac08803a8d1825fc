import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { matchRoutes, StaticRouter } from 'react-router';
import { PageHeadContext, type PageHead } from '../lib/use-document-title';
import { Providers } from './providers';
import { preloadPages } from './query-routes';
import { routeList } from './route-list';
import { AppRoutes, NOT_FOUND_ROUTE, routes } from './router';

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
 * One page as a visitor sees it before any JavaScript runs: signed out, without a query string,
 * live figures as placeholders, its code loaded. The browser hydrates this same tree (main.tsx).
 */
export async function serverPage(pathname: string, head: PageHead): Promise<ReactNode> {
  await preloadPages(routes, { pathname });
  return (
    <StrictMode>
      <PageHeadContext value={(page) => Object.assign(head, page)}>
        <Providers>
          <StaticRouter location={pathname}>
            <AppRoutes />
          </StaticRouter>
        </Providers>
      </PageHeadContext>
    </StrictMode>
  );
}

async function readText(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>)
    text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/** Renders one page to HTML, waiting for any lazy code in it: the page, never a spinner. */
export async function render(pathname: string): Promise<RenderedPage> {
  const head: PageHead = {};
  // A large page would otherwise come as a spinner revealed by an inline script: keep it inline.
  const { prelude } = await prerender(await serverPage(pathname, head), {
    progressiveChunkSize: Infinity,
  });
  const matched = matchRoutes(routes, pathname)?.at(-1)?.route.path;
  return { html: await readText(prelude), head, status: matched === NOT_FOUND_ROUTE ? 404 : 200 };
}
