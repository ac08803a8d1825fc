import type { Plugin } from 'vite';

/**
 * In development, fills `__SITE_URL__` in index.html with PUBLIC_URL: sharing previews (Open
 * Graph, Twitter) want absolute URLs. A build keeps the placeholder and the server fills it with
 * its own PUBLIC_URL, so one build serves any address.
 */
export function siteUrl(): Plugin {
  const base = (process.env.PUBLIC_URL ?? '').replace(/\/+$/, '');
  return {
    name: 'tmc:site-url',
    apply: 'serve',
    transformIndexHtml: (html) => html.replaceAll('__SITE_URL__', base),
  };
}
