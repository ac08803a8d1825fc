import type { Plugin } from 'vite';

/**
 * Fills `__SITE_URL__` in index.html with PUBLIC_URL when the build knows it: sharing previews
 * (Open Graph, Twitter) want absolute image URLs. Without it the paths stay site-relative.
 */
export function siteUrl(): Plugin {
  const base = (process.env.PUBLIC_URL ?? '').replace(/\/+$/, '');
  return {
    name: 'tmc:site-url',
    transformIndexHtml: (html) => html.replaceAll('__SITE_URL__', base),
  };
}
