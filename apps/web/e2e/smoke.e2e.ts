import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, type Browser } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('the site on npm start', () => {
  it('serves the home page with the Buy button and live presale data', async () => {
    const { page, errors, close } = await openPage(browser);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).first().textContent()).resolves.toContain(
      'TMC',
    );
    await page.getByRole('link', { name: /buy/i }).first().waitFor();
    const config = await page.evaluate(() => fetch('/v1/presale/config').then((r) => r.json()));
    expect(config).toMatchObject({ code: 200, data: { tokenSymbol: 'TMC' } });
    expect(errors).toEqual([]);
    await close();
  });

  it("shows the 404 page whose 'Click to go back' link leads home", async () => {
    const { page, errors, close } = await openPage(browser);
    const res = await page.goto('/no/such/page');
    // Prerendered, with a real 404 status so search engines drop the address.
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Click to go back' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // The browser logs the document's own 404 status; nothing else may fail.
    expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
    await close();
  });

  it('sends a visitor who opens a signed-in page to /login', async () => {
    const { page, close } = await openPage(browser);
    await page.goto('/presale-requests');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('heading', { name: 'Affiliate Login' }).waitFor();
    await close();
  });

  it('answers unknown API paths with JSON, not the app', async () => {
    const { page, close } = await openPage(browser);
    const res = await page.request.get('/v1/nothing-here');
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual({ code: 404, message: 'Not found', data: null });
    await close();
  });
});
