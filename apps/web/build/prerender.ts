import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import type { RouteEntry } from '../src/app/route-list.ts';
import type { RenderedPage } from '../src/app/entry-server.tsx';

/** Filled by the server with its PUBLIC_URL (see apps/api/src/lib/web-pages.ts). */
const SITE_URL = '__SITE_URL__';

/** What the server reads: the prerendered documents and the routes only the browser renders. */
export interface PagesManifest {
  documents: { path: string; file: string; type: string }[];
  notFound: string;
  /** Path patterns ("/admin/*", "/presale-requests/:id") that get the plain index.html. */
  clientRoutes: string[];
}

interface ServerEntry {
  pages: RouteEntry[];
  NOT_FOUND_PATH: string;
  render: (pathname: string) => Promise<RenderedPage>;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Sets the content of `<meta {attr}="{key}" content="…">` (the tag may span lines). */
function setMeta(html: string, attr: 'name' | 'property', key: string, value: string): string {
  const tag = new RegExp(`<meta\\s+${attr}="${key}"\\s+content="[^"]*"\\s*/?>`);
  if (!tag.test(html)) throw new Error(`index.html has no <meta ${attr}="${key}">`);
  return html.replace(tag, `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`);
}

/** index.html with the page's markup in #root and its own title, description and card. */
export function pageDocument(
  template: string,
  pathname: string | null,
  page: RenderedPage,
): string {
  const { title, description } = page.head;
  if (!title || !description) throw new Error(`${pathname ?? '404'} sets no title`);
  let html = template.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  html = setMeta(html, 'name', 'description', description);
  html = setMeta(html, 'property', 'og:description', description);
  html = setMeta(html, 'name', 'twitter:description', description);
  // The home page keeps the site's own card title: it is what a shared referral link shows.
  if (pathname !== '/') {
    html = setMeta(html, 'property', 'og:title', title);
    html = setMeta(html, 'name', 'twitter:title', title);
  }
  const extra =
    pathname === null
      ? '<meta name="robots" content="noindex" />'
      : `<link rel="canonical" href="${SITE_URL}${pathname}" />\n    <meta property="og:url" content="${SITE_URL}${pathname}" />`;
  html = html.replace('</title>', `</title>\n    ${extra}`);
  const root = '<div id="root"></div>';
  if (!html.includes(root)) throw new Error('index.html has no empty #root');
  return html.replace(root, `<div id="root">${page.html}</div>`);
}

export function sitemap(paths: string[]): string {
  const urls = paths.map((p) => `  <url><loc>${SITE_URL}${p}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** Client-only routes are flows and signed-in pages: nothing for a search engine there. */
export function robots(clientRoutes: string[]): string {
  const prefixes = [...new Set(clientRoutes.map((p) => p.replace(/\/(\*|:.*)$/, '')))];
  const disallow = prefixes.map((p) => `Disallow: ${p}`).join('\n');
  return `User-agent: *\nAllow: /\n${disallow}\n\nSitemap: ${SITE_URL}/sitemap.xml\n`;
}

/**
 * The stylesheet written into the page: a prerendered page then paints with its HTML alone,
 * instead of waiting for a CSS file that shares the connection with the app's scripts.
 */
export async function inlineStylesheet(template: string, outDir: string): Promise<string> {
  const link = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/;
  const href = link.exec(template)?.[1];
  if (!href) throw new Error('index.html links no stylesheet');
  const css = await fs.readFile(path.join(outDir, href), 'utf8');
  if (css.includes('</style')) throw new Error(`${href} cannot be inlined`);
  return template.replace(link, () => `<style>${css}</style>`);
}

/**
 * A prerendered page shows its content with its HTML alone; its scripts only make it interactive.
 * They are fetched at low priority, so on a slow connection they do not hold back what the page
 * shows (and the browser paints before running them).
 */
export function lowPriorityScripts(template: string): string {
  const tags = /<(script type="module"|link rel="modulepreload")/g;
  if (!template.match(tags)) throw new Error('index.html loads no module script');
  return template.replace(tags, '<$1 fetchpriority="low"');
}

const fileFor = (pathname: string) =>
  pathname === '/' ? 'index.html' : `${pathname.slice(1)}.html`;

/**
 * After the server build of src/app/entry-server.tsx: renders every public page of the router
 * into dist/pages (HTML, robots.txt, sitemap.xml and a manifest for the server).
 */
export function prerender(clientOutDir: string): Plugin {
  let serverOutDir = '';
  return {
    name: 'tmc:prerender',
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild === true,
    configResolved(config) {
      serverOutDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entryUrl = pathToFileURL(path.join(serverOutDir, 'entry-server.js')).href;
      const entry = (await import(entryUrl)) as ServerEntry;
      const template = lowPriorityScripts(
        await inlineStylesheet(
          await fs.readFile(path.join(clientOutDir, 'index.html'), 'utf8'),
          clientOutDir,
        ),
      );
      const outDir = path.join(clientOutDir, 'pages');
      await fs.rm(outDir, { recursive: true, force: true });

      const write = async (file: string, content: string) => {
        await fs.mkdir(path.dirname(path.join(outDir, file)), { recursive: true });
        await fs.writeFile(path.join(outDir, file), content);
      };
      const publicPaths = entry.pages.filter((p) => p.prerender).map((p) => p.path);
      const clientRoutes = entry.pages
        .filter((p) => !p.prerender && p.path !== '/*')
        .map((p) => p.path);
      const documents: PagesManifest['documents'] = [];
      for (const pathname of publicPaths) {
        const page = await entry.render(pathname);
        if (page.status !== 200) throw new Error(`${pathname} rendered with ${page.status}`);
        await write(fileFor(pathname), pageDocument(template, pathname, page));
        documents.push({ path: pathname, file: fileFor(pathname), type: 'text/html' });
      }
      const notFound = await entry.render(entry.NOT_FOUND_PATH);
      await write('404.html', pageDocument(template, null, notFound));
      await write('sitemap.xml', sitemap(publicPaths));
      await write('robots.txt', robots(clientRoutes));
      documents.push(
        { path: '/sitemap.xml', file: 'sitemap.xml', type: 'application/xml' },
        { path: '/robots.txt', file: 'robots.txt', type: 'text/plain' },
      );
      const manifest: PagesManifest = { documents, notFound: '404.html', clientRoutes };
      await write('manifest.json', JSON.stringify(manifest, null, 2));
    },
  };
}
