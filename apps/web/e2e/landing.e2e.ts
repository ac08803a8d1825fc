import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  launchBrowser,
  openPage,
  seriousAxeViolations,
  type Browser,
  type Page,
} from './browser.ts';

const screens = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '360 px', width: 360, height: 740 },
];

interface PresaleConfig {
  tokenPriceAud: string;
  swapWallet: string;
  whitePaperUrl: string;
  endsAt: string | null;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function presaleConfig(page: Page): Promise<PresaleConfig> {
  const body = await (await page.request.get('/v1/presale/config')).json();
  return body.data;
}

async function noHorizontalScroll(page: Page) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [
    document.scrollingElement!.scrollWidth,
    window.innerWidth,
  ]);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

describe.each(screens)('home page on $name', ({ width, height }) => {
  it('shows every block with its links', async () => {
    const { page, errors, close } = await openPage(browser, { width, height });
    const config = await presaleConfig(page);
    await page.goto('/');
    const main = page.locator('main');

    // Intro
    await main.getByRole('heading', { level: 1, name: 'TMC' }).waitFor();
    expect(await page.title()).toBe('Home · TMC Presale');
    const buyLinks = main.getByRole('link', { name: 'Buy TMC' });
    expect(await buyLinks.count()).toBe(2);
    for (const link of await buyLinks.all())
      expect(await link.getAttribute('href')).toBe('/token/buy');
    const whitePaper = main.getByRole('link', { name: /White Paper/ });
    expect(await whitePaper.getAttribute('href')).toBe(config.whitePaperUrl);
    expect(await whitePaper.getAttribute('target')).toBe('_blank');

    // Token block: the current price only (no meter, no timer), no end date by default
    const token = page.getByRole('region', { name: 'Meet TMC' });
    await token.getByText(`A$${Number(config.tokenPriceAud)}`).waitFor();
    expect(await page.getByRole('progressbar').count()).toBe(0);
    expect(await page.getByRole('timer').count()).toBe(0);
    await token.getByText('No end date is set', { exact: false }).waitFor();
    expect(await token.getByRole('link', { name: 'Buy TMC' }).getAttribute('href')).toBe(
      '/token/buy',
    );

    // Long description: cut at 250 characters, Show more / Show less
    const toggle = token.getByRole('button', { name: 'Show more' });
    const description = token.locator(`#${await toggle.getAttribute('aria-controls')}`);
    const short = (await description.textContent())!;
    expect(short.length).toBeLessThanOrEqual(251);
    expect(short.endsWith('…')).toBe(true);
    await toggle.click();
    expect((await description.textContent())!.length).toBeGreaterThan(250);
    await token.getByRole('button', { name: 'Show less' }).click();
    expect(await description.textContent()).toBe(short);

    // How to buy
    const steps = page.getByRole('region', { name: 'How to buy' }).getByRole('listitem');
    expect(await steps.count()).toBe(3);

    // Swap offer with the address to copy
    const swap = page.getByRole('region', { name: 'Swap your scam tokens' });
    await swap.getByRole('button', { name: `${config.swapWallet} Copy` }).waitFor();

    // Affiliate programme
    const affiliate = page.getByRole('region', { name: 'Become an Affiliate' });
    for (const perk of [
      '20% commission',
      'Weekly payouts',
      'No cost to join',
      'Marketing content',
    ]) {
      await affiliate.getByText(perk, { exact: false }).waitFor();
    }
    expect(
      await affiliate.getByRole('link', { name: 'Become an Affiliate' }).getAttribute('href'),
    ).toBe('/signup');
    expect(
      await affiliate.getByRole('link', { name: 'Read the affiliate terms' }).getAttribute('href'),
    ).toBe('/affiliate-disclaimer');

    // Disclaimer
    const disclaimer = page.getByRole('region', { name: 'Just for fun' });
    await disclaimer.getByText('not a financial product', { exact: false }).waitFor();
    await disclaimer.getByText('18 or older', { exact: false }).waitFor();
    expect(
      await disclaimer.getByRole('link', { name: 'Read the disclaimer' }).getAttribute('href'),
    ).toBe('/disclaimer');

    await noHorizontalScroll(page);
    expect(errors).toEqual([]);
    await close();
  });

  it('keeps the header links, in the menu on a phone', async () => {
    const { page, close } = await openPage(browser, { width, height });
    await page.goto('/?referral_code=MEME42');
    // The prerendered links carry the referral code once the page runs.
    await expect
      .poll(() => page.getByRole('link', { name: 'TMC home' }).first().getAttribute('href'))
      .toBe('/?referral_code=MEME42');
    if (width < 960) await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByRole('navigation', { name: width < 960 ? 'Mobile' : 'Main' });
    expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe(
      '/?referral_code=MEME42',
    );
    expect(await nav.getByRole('link', { name: 'Buy TMC' }).getAttribute('href')).toBe(
      '/token/buy?referral_code=MEME42',
    );
    expect(await nav.getByRole('link', { name: /White Paper/ }).getAttribute('href')).toBe(
      '/white-paper',
    );
    await noHorizontalScroll(page);
    await close();
  });

  it('writes the end date as a date, with no ticking timer', async () => {
    const { page, errors, close } = await openPage(browser, { width, height });
    const endsAt = new Date(Date.now() + ((2 * 24 + 5) * 3600 + 30) * 1000).toISOString();
    await page.route('**/v1/presale/config', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      await route.fulfill({ response, json: { ...body, data: { ...body.data, endsAt } } });
    });
    await page.goto('/');
    const ends = page.getByText('The presale ends on', { exact: false });
    await ends.waitFor();
    const first = await ends.textContent();
    await page.waitForTimeout(1500);
    expect(await ends.textContent()).toBe(first);
    expect(await page.getByRole('timer').count()).toBe(0);
    await noHorizontalScroll(page);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('copying the swap address', () => {
  it("shows 'Copied!' for 2 seconds, then the Copy label again", async () => {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 1280, height: 800 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    const { swapWallet } = await presaleConfig(page);
    await page.goto('/');
    const address = page
      .getByRole('region', { name: 'Swap your scam tokens' })
      .getByRole('button', { name: new RegExp(swapWallet) });
    await address.getByText(swapWallet).waitFor();

    // Time the label in the page itself, so a slow test runner cannot blur the 2 seconds.
    await address.evaluate((button) => {
      const times: { shown?: number; hidden?: number } = {};
      (window as unknown as { copiedTimes: typeof times }).copiedTimes = times;
      new MutationObserver(() => {
        const copied = button.textContent?.includes('Copied!') ?? false;
        if (copied && times.shown === undefined) times.shown = performance.now();
        if (!copied && times.shown !== undefined) times.hidden ??= performance.now();
      }).observe(button, { subtree: true, childList: true, characterData: true });
    });

    await address.getByText(swapWallet).click();
    await address.getByText('Copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(swapWallet);
    // The inline cue is the only one (announced by its live region), no toast as well.
    await page.getByRole('status').filter({ hasText: 'Copied!' }).waitFor();
    await address.getByText('Copy', { exact: true }).waitFor({ timeout: 5000 });

    const { shown, hidden } = await page.evaluate(
      () => (window as unknown as { copiedTimes: { shown: number; hidden: number } }).copiedTimes,
    );
    expect(hidden - shown).toBeGreaterThanOrEqual(1950);
    expect(hidden - shown).toBeLessThan(2500);
    await context.close();
  });
});

/** The page's image has loaded, at the size the build drew it. */
async function pageIsShown(page: Page, pageNumber: number) {
  return page.evaluate((n) => {
    const image = document.querySelector<HTMLImageElement>(`img[data-page="${n}"]`);
    return Boolean(image?.complete && image.naturalWidth === 1040);
  }, pageNumber);
}

describe.each(screens)('white paper flipbook on $name', ({ name, width, height }) => {
  it('renders page 1 and turns to page 2 with the button and the arrow keys', async () => {
    const { page, errors, close } = await openPage(browser, { width, height });
    await page.goto('/white-paper');
    await page.getByRole('heading', { level: 1, name: 'White Paper' }).waitFor();
    expect(await page.title()).toBe('White Paper · TMC Presale');

    const counter = page.getByTestId('page-counter');
    await counter.waitFor();
    const total = Number(/of (\d+)$/.exec((await counter.textContent())!)![1]);
    expect(total).toBeGreaterThanOrEqual(6);
    expect(await counter.textContent()).toBe(`Page 1 of ${total}`);
    await expect.poll(() => pageIsShown(page, 1)).toBe(true);

    const phone = name === '360 px';
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect
      .poll(() => counter.textContent())
      .toBe(phone ? `Page 2 of ${total}` : `Pages 2–3 of ${total}`);
    await expect.poll(() => pageIsShown(page, 2)).toBe(true);
    // Each page's text is there for screen readers.
    expect(await page.locator('img[data-page="3"] + .sr-only').textContent()).toContain(
      'Welcome to TMC',
    );

    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => counter.textContent())
      .toBe(phone ? `Page 3 of ${total}` : `Pages 4–5 of ${total}`);
    await page.keyboard.press('ArrowLeft');
    await expect
      .poll(() => counter.textContent())
      .toBe(phone ? `Page 2 of ${total}` : `Pages 2–3 of ${total}`);

    const download = page.getByRole('link', { name: 'Download the white paper (PDF)' });
    const pdf = await page.request.get((await download.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await noHorizontalScroll(page);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('moving between pages', () => {
  it('glides to the top from a footer link and opens a page from the header at the top', async () => {
    const { page, errors, close } = await openPage(browser);
    const scrollY = () => page.evaluate(() => window.scrollY);
    const toBottom = async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(scrollY).toBeGreaterThan(0);
    };
    await page.goto('/', { waitUntil: 'networkidle' });

    await toBottom();
    const footer = page.getByRole('navigation', { name: 'Footer' });
    await footer.getByRole('link', { name: 'Disclaimer' }).click();
    await page.getByRole('heading', { level: 1, name: 'Disclaimer' }).waitFor();
    await expect.poll(scrollY).toBe(0);

    await toBottom();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Buy TMC' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Buy TMC' }).waitFor();
    // The page starts at the top as it appears, not after a scroll.
    expect(await scrollY()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('what each page loads and says about itself', () => {
  it('keeps the flipbook out of the home page and loads it on /white-paper only', async () => {
    const { page, close } = await openPage(browser);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(scripts.filter((s) => /flipbook|pdf/.test(s))).toEqual([]);

    await page.getByRole('navigation', { name: 'Footer' }).waitFor();
    await page.goto('/white-paper', { waitUntil: 'networkidle' });
    expect(scripts.some((s) => s.includes('flipbook'))).toBe(true);
    // The pages are images drawn when the PDF was built: no PDF renderer runs in the browser.
    expect(scripts.filter((s) => /pdf/.test(s))).toEqual([]);
    await close();
  });

  it('sets the title and description per page, and carries share tags, favicon and image', async () => {
    const { page, close } = await openPage(browser);
    const description = () => page.locator('meta[name="description"]').getAttribute('content');
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'TMC' }).waitFor();
    const home = await description();
    expect(home).toContain('meme coin');

    await page.goto('/disclaimer');
    await page.getByRole('heading', { level: 1, name: 'Disclaimer' }).waitFor();
    expect(await page.title()).toBe('Disclaimer · TMC Presale');
    await expect.poll(description).toContain('not a financial product');
    expect(await description()).not.toBe(home);

    const html = await (await page.request.get('/')).text();
    for (const tag of ['og:title', 'og:description', 'og:image', 'twitter:card', 'twitter:image']) {
      expect(html).toContain(tag);
    }
    const image = await page.request.get(/property="og:image" content="([^"]+)"/.exec(html)![1]!);
    expect(image.headers()['content-type']).toBe('image/png');
    const png = await image.body();
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    expect((await page.request.get('/favicon.svg')).status()).toBe(200);
    await close();
  });

  it('shows the general disclaimer', async () => {
    const { page, errors, close } = await openPage(browser, { width: 360, height: 740 });
    await page.goto('/disclaimer');
    const main = page.locator('main');
    await main.getByRole('heading', { level: 1, name: 'Disclaimer' }).waitFor();
    for (const heading of [
      'Not a financial product',
      'Not financial advice',
      '18 or older',
      'The risks of crypto assets',
      'No guarantee of listing or value',
    ]) {
      await main.getByRole('heading', { level: 2, name: heading }).waitFor();
    }
    await noHorizontalScroll(page);
    expect(errors).toEqual([]);
    await close();
  });
});

describe.each(screens)('accessibility scan on $name', ({ width, height }) => {
  it.each([
    '/',
    '/token/buy',
    '/login',
    '/signup',
    '/white-paper',
    '/disclaimer',
    '/purchase-terms',
  ])('%s has no serious or critical axe violations', async (path) => {
    // The site's CSP rightly refuses injected scripts; the scanner is let in for the test.
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width, height },
      bypassCSP: true,
    });
    const page = await context.newPage();
    await page.goto(path, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
