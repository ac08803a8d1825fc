import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openPage, type Browser, type Page } from './browser.ts';

// The pages the build prerendered: the router's public routes.
const manifest = JSON.parse(
  fs.readFileSync(
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/pages/manifest.json'),
    'utf8',
  ),
) as { documents: { path: string; type: string }[] };
const publicPages = manifest.documents.filter((d) => d.type === 'text/html').map((d) => d.path);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Resolves once React has taken over #root (hydrated or rendered). */
const reactStarted = (page: Page) =>
  page.waitForFunction(() =>
    Object.keys(document.getElementById('root') ?? {}).some((k) =>
      k.startsWith('__reactContainer'),
    ),
  );

describe('prerendered public pages', () => {
  it('lists the public routes', () => {
    expect(publicPages).toEqual([
      '/',
      '/token/buy',
      '/white-paper',
      '/disclaimer',
      '/affiliate-disclaimer',
      '/purchase-terms',
      '/login',
      '/signup',
    ]);
  });

  it.each([...publicPages, '/?referral_code=MEME42', '/no/such/page'])(
    '%s hydrates with no console error or hydration mismatch',
    async (url) => {
      const { page, errors, close } = await openPage(browser, { width: 360, height: 740 });
      const warnings: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'warning') warnings.push(msg.text());
      });
      const response = await page.goto(url);
      expect(response!.status()).toBe(url.startsWith('/no/') ? 404 : 200);
      await reactStarted(page);
      await page.waitForLoadState('networkidle');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // The browser reports the 404 page's own status as a failed load; that one is expected.
      const real = errors.filter((e) => !(url.startsWith('/no/') && e.includes('status of 404')));
      expect(real).toEqual([]);
      expect(warnings.filter((w) => /hydrat|did not match|didn't match/i.test(w))).toEqual([]);
      await close();
    },
  );

  it('shows each page and its card without JavaScript', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
    const page = await context.newPage();
    for (const url of publicPages) {
      const html = await (await page.goto(url))!.text();
      // Styled by its own HTML: no stylesheet to wait for before the first paint.
      expect(html, url).toMatch(/<style>[^<]*\.container-page/);
      expect(html, url).not.toContain('rel="stylesheet"');
      // Its scripts only make it interactive: fetched after what it shows.
      const scripts = html.match(/<(script type="module"|link rel="modulepreload")[^>]*>/g) ?? [];
      expect(scripts.length, url).toBeGreaterThan(1);
      for (const tag of scripts) expect(tag, url).toContain('fetchpriority="low"');
      expect(await page.getByRole('heading', { level: 1 }).first().textContent(), url).toBeTruthy();
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
        `${baseUrl()}${url}`,
      );
      expect(await page.locator('meta[property="og:url"]').getAttribute('content')).toBe(
        `${baseUrl()}${url}`,
      );
    }
    // A shared referral link: the home page's card, with absolute URLs, before any script.
    await page.goto('/?referral_code=MEME42');
    await page.getByRole('heading', { level: 1, name: 'TMC' }).waitFor();
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(
      'TMC: the meme coin with a grin',
    );
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toBe(
      `${baseUrl()}/og-image.png`,
    );
    // The white paper shows its cover before any script.
    await page.goto('/white-paper');
    const cover = page.getByRole('img', { name: 'The cover of the TMC white paper' });
    await expect
      .poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(1040);
    await page.goto('/disclaimer');
    expect(await page.title()).toBe('Disclaimer · TMC Presale');
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(
      'Disclaimer · TMC Presale',
    );
    await context.close();
  });

  it('serves robots.txt and a sitemap of the public pages', async () => {
    const { page, close } = await openPage(browser);
    const robots = await page.request.get('/robots.txt');
    expect(robots.headers()['content-type']).toContain('text/plain');
    expect(await robots.text()).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
    const sitemap = await (await page.request.get('/sitemap.xml')).text();
    const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(urls).toEqual(publicPages.map((p) => `${baseUrl()}${p}`));
    await close();
  });

  it('keeps signed-in pages rendered in the browser', async () => {
    const { page, errors, close } = await openPage(browser);
    const html = await (await page.request.get('/profile')).text();
    expect(html).toContain('<div id="root"></div>');
    // Nothing shows until its scripts run: they come first.
    expect(html).not.toContain('fetchpriority');
    await page.goto('/profile');
    // Signed out, the guard sends the visitor to log in.
    await page.getByRole('heading', { level: 1, name: 'Affiliate Login' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});
