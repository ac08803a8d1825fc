import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

/** apps/web/dist/pages/manifest.json, written by the web build (apps/web/build/prerender.ts). */
interface PagesManifest {
  documents: { path: string; file: string; type: string }[];
  notFound: string;
  clientRoutes: string[];
}

type Encoding = 'br' | 'gzip' | 'identity';

/** A text file of the web build with `__SITE_URL__` filled, compressed once on first use. */
interface WebDocument {
  type: string;
  cacheControl: string;
  body: (encoding: Encoding) => Buffer;
}

const API_PREFIXES = ['/v1/', '/files/', '/docs', '/healthz', '/readyz'];
const SITE_URL = '__SITE_URL__';

function webDocument(file: string, type: string, publicUrl: string, cacheControl = 'no-cache') {
  const identity = Buffer.from(fs.readFileSync(file, 'utf8').replaceAll(SITE_URL, publicUrl));
  const encoded = new Map<Encoding, Buffer>([['identity', identity]]);
  const compress: Record<Exclude<Encoding, 'identity'>, () => Buffer> = {
    gzip: () => zlib.gzipSync(identity, { level: 9 }),
    br: () =>
      zlib.brotliCompressSync(identity, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
      }),
  };
  return {
    type: type.startsWith('text/') || type.endsWith('xml') ? `${type}; charset=utf-8` : type,
    cacheControl,
    body: (encoding: Encoding) => {
      let buffer = encoded.get(encoding);
      if (!buffer) {
        buffer = compress[encoding as Exclude<Encoding, 'identity'>]();
        encoded.set(encoding, buffer);
      }
      return buffer;
    },
  } satisfies WebDocument;
}

/** The best encoding the client accepts (q=0 refuses one). */
export function pickEncoding(header: string | undefined): Encoding {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/** React Router path patterns ("/admin/*", "/presale-requests/:id") as case-insensitive tests. */
export function routeMatcher(patterns: string[]): (pathname: string) => boolean {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const tests = patterns.map((pattern) => {
    const segments = pattern.split('/').filter(Boolean);
    const source = segments
      .map((segment) => {
        if (segment === '*') return '(?:/.*)?';
        if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
        return `/${escape(segment)}`;
      })
      .join('');
    return new RegExp(`^${source || '/'}/?$`, 'i');
  });
  return (pathname) => tests.some((test) => test.test(pathname));
}

/** "/Token/Buy/" and "/token/buy" are one page, as they are for the router. */
const normalize = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname;

/** The cookie that keeps a referral link's code (the web app reads it as the stored code). */
export const REFERRAL_COOKIE = 'tmc_referral_code';
const REFERRAL_CODE = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * A page asked for with `?referral_code=` keeps the code in a cookie from the first byte: a
 * visitor who taps a link before the page's script has run (which would store it) keeps the
 * affiliate's attribution. Readable by the page (not HttpOnly); it is no secret.
 */
export function referralCookie(url: string): string | null {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const code = new URLSearchParams(query).get('referral_code')?.trim();
  if (!code || !REFERRAL_CODE.test(code)) return null;
  return `${REFERRAL_COOKIE}=${code}; Path=/; Max-Age=2592000; SameSite=Lax`;
}

/**
 * Serves the built web app: hashed assets cached for a year; the public pages prerendered (with
 * robots.txt and sitemap.xml); routes only the browser renders (signed-in pages, flows) get the
 * plain index.html; any other path the "page not found" page with status 404.
 * A build without prerendered pages answers index.html for every path, as a plain SPA.
 */
export function registerWebApp(
  app: FastifyInstance,
  { webDist, publicUrl }: { webDist: string | undefined; publicUrl: string },
) {
  const indexFile = webDist ? path.join(webDist, 'index.html') : undefined;
  const shell =
    indexFile && fs.existsSync(indexFile) ? webDocument(indexFile, 'text/html', publicUrl) : null;
  const pagesDir = webDist ? path.join(webDist, 'pages') : '';
  const manifestFile = path.join(pagesDir, 'manifest.json');
  const manifest =
    shell && fs.existsSync(manifestFile)
      ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as PagesManifest)
      : null;

  const documents = new Map<string, WebDocument>();
  for (const doc of manifest?.documents ?? []) {
    const cache = doc.type === 'text/html' ? 'no-cache' : 'public, max-age=3600';
    documents.set(
      normalize(doc.path),
      webDocument(path.join(pagesDir, doc.file), doc.type, publicUrl, cache),
    );
  }
  const notFoundPage = manifest
    ? webDocument(path.join(pagesDir, manifest.notFound), 'text/html', publicUrl)
    : null;
  const isClientRoute = routeMatcher(manifest?.clientRoutes ?? []);

  const send = (req: FastifyRequest, reply: FastifyReply, doc: WebDocument, status = 200) => {
    const encoding = pickEncoding(req.headers['accept-encoding']);
    const referral = doc.type.startsWith('text/html') ? referralCookie(req.url) : null;
    if (referral) void reply.header('set-cookie', referral);
    void reply
      .code(status)
      .type(doc.type)
      .header('cache-control', doc.cacheControl)
      .header('vary', 'accept-encoding');
    if (encoding !== 'identity') void reply.header('content-encoding', encoding);
    return reply.send(doc.body(encoding));
  };

  if (webDist && shell) {
    void app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: false,
      cacheControl: false,
      preCompressed: true,
      // Pages and index.html go out through `send`, with the site's address filled in.
      allowedPath: (pathname) => pathname !== '/index.html' && !pathname.startsWith('/pages/'),
      setHeaders: (res, file) => {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
    for (const [pathname, doc] of documents) {
      app.get(pathname, { schema: { hide: true } }, (req, reply) => send(req, reply, doc));
    }
    if (!documents.has('/'))
      app.get('/', { schema: { hide: true } }, (req, reply) => send(req, reply, shell));
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isApi = url === '/v1' || API_PREFIXES.some((p) => url.startsWith(p));
    if (!isApi && shell && (req.method === 'GET' || req.method === 'HEAD')) {
      const doc = documents.get(normalize(url));
      if (doc) return send(req, reply, doc);
      if (!notFoundPage || isClientRoute(url)) return send(req, reply, shell);
      return send(req, reply, notFoundPage, 404);
    }
    return reply.code(404).send({ code: 404, message: 'Not found', data: null });
  });
}
