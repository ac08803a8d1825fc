import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { pickEncoding, routeMatcher } from '../src/lib/web-app.ts';
import { buildTestApp } from './test-app.ts';

let app: FastifyInstance;
let site: string;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tmc-web-pages-'));
const write = (file: string, content: string) => {
  fs.mkdirSync(path.dirname(path.join(webDist, file)), { recursive: true });
  fs.writeFileSync(path.join(webDist, file), content);
};
const page = (title: string) =>
  `<!doctype html><title>${title}</title><link rel="canonical" href="__SITE_URL__/x" /><div id="root"><h1>${title}</h1></div>`;

beforeAll(async () => {
  write('index.html', '<!doctype html><meta content="__SITE_URL__/og.png"><div id="root"></div>');
  write('pages/index.html', page('Home'));
  write('pages/token/buy.html', page('Buy'));
  write('pages/404.html', page('Page not found'));
  write('pages/robots.txt', 'User-agent: *\nSitemap: __SITE_URL__/sitemap.xml\n');
  write(
    'pages/manifest.json',
    JSON.stringify({
      documents: [
        { path: '/', file: 'index.html', type: 'text/html' },
        { path: '/token/buy', file: 'token/buy.html', type: 'text/html' },
        { path: '/robots.txt', file: 'robots.txt', type: 'text/plain' },
      ],
      notFound: '404.html',
      clientRoutes: ['/profile', '/presale-requests/:id', '/admin/*'],
    }),
  );
  const built = await buildTestApp({ webDist });
  app = built.app;
  site = built.config.publicUrl;
});
afterAll(() => app.close());

describe('web pages', () => {
  it('serves the prerendered page of a public route, with the site address filled in', async () => {
    for (const url of ['/', '/token/buy', '/Token/Buy/', '/token/buy?referral_code=MEME42']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toMatch(/<h1>(Home|Buy)<\/h1>/);
      expect(res.body).not.toContain('__SITE_URL__');
      expect(res.body).toContain(`href="${site}/x"`);
    }
  });

  it("keeps a referral link's code in a cookie from the first byte, and nothing else", async () => {
    for (const url of [
      '/token/buy?referral_code=MEME42',
      '/?referral_code=MEME42&x=1',
      '/profile?referral_code=MEME42',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['set-cookie'], url).toBe(
        'tmc_referral_code=MEME42; Path=/; Max-Age=2592000; SameSite=Lax',
      );
    }
    for (const url of [
      '/token/buy',
      '/?referral_code=',
      '/?referral_code=a%3Bb%3Dc',
      `/?referral_code=${'A'.repeat(33)}`,
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
    const robots = await app.inject({ method: 'GET', url: '/robots.txt?referral_code=MEME42' });
    expect(robots.headers['set-cookie']).toBeUndefined();
  });

  it('gives routes only the browser renders the empty index.html', async () => {
    for (const url of ['/profile', '/presale-requests/3f1c', '/admin', '/admin/users?page=2']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain(`${site}/og.png`);
    }
  });

  it('answers any other path with the 404 page and status 404', async () => {
    for (const url of ['/nope', '/presale-requests/a/b', '/index.html', '/pages/index.html']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<h1>Page not found</h1>');
    }
    const api = await app.inject({ method: 'GET', url: '/v1/nope' });
    expect(api.json()).toEqual({ code: 404, message: 'Not found', data: null });
  });

  it('serves robots.txt as text, pointing at the sitemap', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain(`Sitemap: ${site}/sitemap.xml`);
  });

  it('compresses with brotli or gzip as the browser accepts', async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('<h1>Home</h1>');
    const gz = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('<h1>Home</h1>');
  });
});

describe('pickEncoding', () => {
  it('prefers brotli, honours q=0 and falls back to none', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding(undefined)).toBe('identity');
  });
});

describe('routeMatcher', () => {
  it('matches React Router patterns like the router does', () => {
    const matches = routeMatcher(['/admin/*', '/presale-requests/:id', '/profile']);
    expect(matches('/admin')).toBe(true);
    expect(matches('/admin/users/7')).toBe(true);
    expect(matches('/presale-requests/abc')).toBe(true);
    expect(matches('/presale-requests')).toBe(false);
    expect(matches('/Profile/')).toBe(true);
    expect(matches('/profiles')).toBe(false);
  });
});
