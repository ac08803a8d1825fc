import { Decimal } from 'decimal.js';
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { becomeAffiliate, logIn, verifiedAccount } from './accounts-api.ts';
import {
  baseUrl,
  field,
  openPage,
  scriptErrors,
  useBrowser,
  visitorAddress,
  type Browser,
  type Page,
} from './browser.ts';
import { STAFF, staffTotp } from './staff.ts';

/**
 * Issue 41, "no urgency": with a later stage scheduled at a price of its own, the pages a buyer and
 * an affiliate read show the current price only: no later price, no meter, no ticking timer.
 */

const PASSWORD = 'no-urgency-pass-1';
/** The later stage's price: a figure no page shows for any other reason. */
const LATER_PRICE = '0.0437';

/** Every way a page could write 0.0437 AUD: 0.0437, A$0.0437, 0.04 (2 places), 4.37c, 22.88 TMC per A$1. */
const LATER_PRICE_WRITINGS = [
  /\.0437/,
  /(?<![\d.,])0[.,]04(?!\d)/,
  /4[.,]37\s*(?:c\b|¢|cents)/i,
  /22[.,]88/,
];

const URGENCY_WORDS = [
  /%\s*sold/i,
  /next stage/i,
  /prices?\s+(?:rise|rises|increase|increases|goes up|go up)/i,
  /ends in/i,
  /hurry/i,
  /bonus/i,
];

/** Meters, progress bars and timers, by role or by element. */
const METERS = '[role="progressbar"], [role="meter"], [role="timer"], progress, meter';

const screens = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '360 px', width: 360, height: 740 },
];

let browser: Browser;
useBrowser((launched) => {
  browser = launched;
});

/** Sends a staff request to the API and answers the status and the parsed body. */
async function staffCall(method: string, pathname: string, token: string, body?: unknown) {
  const response = await fetch(`${baseUrl()}${pathname}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-forwarded-for': visitorAddress(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as { data: unknown } };
}

/**
 * The staff member's access token from the API's login with the authenticator code. A code works
 * once: when another test of the run used this period's code, the next period's is sent.
 */
async function staffToken() {
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(`${baseUrl()}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': visitorAddress() },
      body: JSON.stringify({ email: STAFF.email, password: STAFF.password, totp: staffTotp() }),
    });
    if (response.ok) {
      const body = (await response.json()) as {
        data: { tokens: { access: { token: string } } };
      };
      return body.data.tokens.access.token;
    }
    if (attempt >= 3) throw new Error(`Staff login failed (${response.status})`);
    await new Promise((resolve) => setTimeout(resolve, 30_500 - (Date.now() % 30_000)));
  }
}

interface Stage {
  id: string;
  priceAud: string;
  state: string;
}

/** Cleanup steps, added as what they undo is made (none when the setup failed before it). */
const cleanups: (() => Promise<void>)[] = [];
const buyerEmail = `nora.nourgency.${Date.now()}@tmc.test`;

beforeAll(async () => {
  const staffAccess = await staffToken();
  // A year ahead: the stage clock leaves it scheduled for the whole run.
  const startsAt = new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString();
  const created = await staffCall('POST', '/v1/admin/stages', staffAccess, {
    name: 'Later stage',
    priceAud: LATER_PRICE,
    tokenCap: '1000000',
    startsAt,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const laterStage = created.body.data as Stage;
  expect(laterStage.state).toBe('scheduled');
  // Closed at the end, so no other test of the run meets a scheduled stage.
  cleanups.push(async () => {
    const closed = await staffCall('POST', `/v1/admin/stages/${laterStage.id}/close`, staffAccess, {
      remark: 'Scheduled by the no-urgency browser test',
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect((closed.body.data as { stage: Stage }).stage.state).toBe('closed');
  });

  // The buyer, who is an affiliate too: every account has an affiliate area.
  await verifiedAccount('Nora Nourgency', buyerEmail, PASSWORD);
  const { page, close } = await openPage(browser);
  await logIn(page, buyerEmail, PASSWORD);
  await becomeAffiliate(page);
  await close();
});

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

const requestsInFlight = new WeakMap<Page, { open: Set<Request>; since: number }>();

/** Keeps the page's requests in flight, for {@link networkQuiet}. */
function trackRequests(page: Page) {
  const state = { open: new Set<Request>(), since: Date.now() };
  requestsInFlight.set(page, state);
  page.on('request', (request) => (state.open.add(request), (state.since = Date.now())));
  const ended = (request: Request) => (state.open.delete(request), (state.since = Date.now()));
  // An answer counts once its headers are in: a body nobody reads (a preload) never "finishes".
  page.on('response', (response) => ended(response.request()));
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
}

/**
 * No request of the page in flight for half a second. (The load state "networkidle" does not
 * serve here: it is reached once per document, and most of these pages open without a new one.)
 */
async function networkQuiet(page: Page) {
  const state = requestsInFlight.get(page)!;
  await expect
    .poll(
      () =>
        Date.now() - state.since >= 500 ? [...state.open].map((r) => r.url()) : ['(just now)'],
      { timeout: 15_000 },
    )
    .toEqual([]);
}

/** What the page says: its visible text plus the names and descriptions given in attributes. */
const pageText = (page: Page) =>
  page.evaluate(() => {
    const attributes = Array.from(
      document.querySelectorAll('[aria-label], [title], [alt], [placeholder]'),
      (element) =>
        ['aria-label', 'title', 'alt', 'placeholder']
          .map((name) => element.getAttribute(name) ?? '')
          .join(' '),
    );
    return `${document.title}\n${document.body.innerText}\n${attributes.join('\n')}`;
  });

/**
 * The page (its main heading already shown) names no later price, has no meter or timer and urges
 * nothing, and its text is the same 2.5 seconds later: nothing ticks.
 */
async function showsNoUrgency(page: Page, what: string) {
  // Whatever loads after the heading (the account menu, the lists) is in before the first read.
  await networkQuiet(page);
  const text = await pageText(page);
  for (const pattern of [...LATER_PRICE_WRITINGS, ...URGENCY_WORDS]) {
    expect(text, `${what}: ${String(pattern)}`).not.toMatch(pattern);
  }
  expect(await page.locator(METERS).count(), `${what}: meters and timers`).toBe(0);
  await page.waitForTimeout(2500);
  expect(await pageText(page), `${what}: text changed after 2.5 s`).toBe(text);
}

/** The Buy page filled in for an amount in AUD. */
async function fillBuyForm(page: Page, amount: string) {
  await page.goto('/token/buy');
  await page.getByRole('heading', { name: 'Buy TMC', level: 1 }).waitFor();
  await page.waitForFunction(() => {
    const input = document.querySelector<HTMLInputElement>('input[role="combobox"]');
    return input !== null && !input.disabled;
  });
  await page.getByRole('combobox', { name: 'Currency' }).fill('AUD');
  await page.getByRole('option', { name: /^AUD/ }).click();
  await field(page, 'Amount').fill(amount);
}

describe.each(screens)('no later price, meter or timer on $name', ({ width, height }) => {
  it('on the home, buy, order and affiliate pages', async () => {
    const config = (await (await fetch(`${baseUrl()}/v1/presale/config`)).json()) as {
      data: { tokenPriceAud: string; stage: { priceAud: string } | null };
    };
    // The site sells at the current stage; the later one is only scheduled.
    expect(config.data.stage?.priceAud).toBe(config.data.tokenPriceAud);
    expect(Number(config.data.tokenPriceAud)).not.toBe(Number(LATER_PRICE));
    expect(JSON.stringify(config)).not.toContain(LATER_PRICE.slice(1));
    const currentPrice = `A$${Number(config.data.tokenPriceAud)}`;
    const tokensFor100 = new Decimal(100)
      .div(config.data.tokenPriceAud)
      .toDecimalPlaces(2, Decimal.ROUND_DOWN)
      .toNumber()
      .toLocaleString('en-US', { minimumFractionDigits: 2 });

    const { page, errors, close } = await openPage(browser, { width, height });
    trackRequests(page);

    // Home, signed out: the current price is shown where a later one would be.
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'TMC' }).waitFor();
    await page.getByRole('region', { name: 'Meet TMC' }).getByText(currentPrice).waitFor();
    await showsNoUrgency(page, 'home (signed out)');

    await logIn(page, buyerEmail, PASSWORD);
    await page.getByRole('heading', { level: 1, name: 'TMC' }).waitFor();
    await page.getByRole('region', { name: 'Meet TMC' }).getByText(currentPrice).waitFor();
    await showsNoUrgency(page, 'home (signed in)');

    // The buy page, its amount filled in (the tokens it buys shown), then the crypto path.
    await fillBuyForm(page, '100');
    await page.getByText(`${tokensFor100} TMC`).first().waitFor();
    await showsNoUrgency(page, 'buy');

    await page.goto('/token/buy');
    await page.getByRole('heading', { name: 'Buy TMC', level: 1 }).waitFor();
    await page.locator('label', { hasText: 'USD Coin' }).click();
    await field(page, 'Amount').fill('100');
    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    await page.getByRole('button', { name: 'Crypto Transfer' }).click();
    await page.waitForURL((url) => url.pathname === '/token/buy/crypto');
    await page.getByRole('heading', { name: 'Pay with Crypto Transfer', level: 1 }).waitFor();
    await showsNoUrgency(page, 'buy by crypto');

    // The bank path: the page before the order, then the order with its reference.
    await fillBuyForm(page, '100');
    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    await page.getByRole('button', { name: 'Bank Transfer' }).click();
    await page.waitForURL((url) => url.pathname === '/token/buy/bank');
    await page.getByRole('heading', { name: 'Pay with Bank Transfer', level: 1 }).waitFor();
    await page.getByText('You pay into Demo Bank of Australia (test account).').waitFor();
    await showsNoUrgency(page, 'buy by bank');

    await page.getByRole('button', { name: 'Continue to bank transfer' }).click();
    const reference = (await page.getByTestId('payment-reference').textContent())?.trim() ?? '';
    expect(reference).toMatch(/^TMC-[A-Z2-9]{6}$/);
    expect(await page.getByTestId('amount-due').textContent()).toBe('100.00 AUD');
    await showsNoUrgency(page, 'bank order placed');

    // The order's own page, which names the price it keeps.
    await page.goto('/presale-requests');
    await page.getByRole('link', { name: new RegExp(reference) }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/presale-requests/'));
    await page.getByRole('heading', { name: `Presale request ${reference}`, level: 1 }).waitFor();
    await page.getByText('Price paid').waitFor();
    await page.getByText('Awaiting payment', { exact: true }).first().waitFor();
    await showsNoUrgency(page, 'order');

    // The affiliate pages: the programme and marketing kit on the profile, the affiliates list and
    // the affiliate terms.
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    const kit = page.getByRole('region', { name: 'Marketing kit' });
    expect(await kit.getByRole('button', { name: /^Copy message/ }).count()).toBeGreaterThanOrEqual(
      3,
    );
    await field(page, 'Your referral link').waitFor();
    await showsNoUrgency(page, 'profile with the marketing kit');

    await page.goto('/affiliates');
    await page.getByRole('heading', { name: '0 Affiliates', level: 1 }).waitFor();
    await page.getByText('No affiliate earnings yet').waitFor();
    await page.getByText('Referred users').waitFor();
    await showsNoUrgency(page, 'affiliates');

    await page.goto('/affiliate-disclaimer');
    await page.getByRole('heading', { name: 'Affiliate Disclaimer', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Promotion rules', level: 2 }).waitFor();
    await showsNoUrgency(page, 'affiliate terms');

    expect(scriptErrors(errors)).toEqual([]);
    await close();
  }, 150_000);
});
