import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { logIn, post, verifiedAccount } from './accounts-api.ts';
import { field, useBrowser, openPage, scriptErrors, type Browser, type Page } from './browser.ts';
import { orderOnBuyPage } from './crypto-helpers.ts';
import type { CaughtMail } from './mail-catcher.ts';

let browser: Browser;
useBrowser((launched) => (browser = launched));

const PASSWORD = 'shell-pass-1';
const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications' });

/** The prerendered page has come alive (the toast region mounts once it has). */
const hydrated = (page: Page) => page.locator('[data-toaster]').waitFor({ state: 'attached' });

/** The 4-digit codes mailed to `to`, oldest first. */
function codesMailedTo(to: string): string[] {
  const dir = inject('mailDir');
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as CaughtMail)
    .filter((mail) => mail.to.includes(to))
    .map((mail) => /^\s*(\d{4})\s*$/m.exec(mail.text)?.[1])
    .filter((code): code is string => !!code);
}

async function waitForCodes(to: string, count: number): Promise<string[]> {
  await expect
    .poll(() => codesMailedTo(to).length, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(count);
  return codesMailedTo(to);
}

describe('sign-in and checkout polish', () => {
  it('an unverified login goes straight to the code screen, saying a new code was sent, with no error', async () => {
    const email = `unverified.${Date.now()}@tmc.test`;
    await post('/v1/auth/signup', { email, name: 'Uma Unverified', password: PASSWORD });
    await waitForCodes(email, 1);
    const { page, errors, close } = await openPage(browser);

    await page.goto('/login');
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill(PASSWORD);
    await field(page, 'Password').press('Enter');

    await page.waitForURL((url) => url.pathname === '/otp');
    await page.getByRole('heading', { name: 'Verify OTP', level: 1 }).waitFor();
    await page
      .getByText(`Your e-mail is not verified yet. We sent a new 4-digit code to ${email}`)
      .waitFor();
    // Toasts stay 5 s: one shown on the way here would still be on screen.
    expect(await notifications(page).textContent()).toBe('');
    expect(await page.getByText(/Login failed/).count()).toBe(0);
    expect(await page.getByText('Please verify your email').count()).toBe(0);

    // The new code (the second one mailed) verifies the e-mail and logs in with the password
    // typed at login: no second password entry (m15).
    const codes = await waitForCodes(email, 2);
    await page.getByRole('textbox', { name: 'Digit 1' }).click();
    await page.keyboard.type(codes[codes.length - 1]!);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: /account menu/i }).waitFor();
    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });

  it("shows 'Email already registered' at the checkout e-mail field, and Log in instead keeps the e-mail", async () => {
    const email = `taken.${Date.now()}@tmc.test`;
    await verifiedAccount('Tara Taken', email, PASSWORD);
    const { page, errors, close } = await openPage(browser);
    await orderOnBuyPage(page, 'Ethereum', '0.05');
    await page.getByRole('button', { name: 'Submit' }).click();

    const guest = page.getByRole('dialog', { name: 'Almost there' });
    await guest.getByLabel('Name', { exact: true }).fill('Tara Again');
    await guest.getByLabel('Email', { exact: true }).fill(email);
    await guest.getByLabel('Password', { exact: true }).fill('another-pass-1');
    await guest.getByRole('checkbox').check();
    await guest.getByRole('button', { name: 'Create account and submit' }).click();

    const emailField = guest.getByLabel('Email', { exact: true });
    await guest.getByText('Email already registered').waitFor();
    expect(await emailField.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => emailField.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await notifications(page).getByText('Email already registered').count()).toBe(0);

    await guest.getByRole('button', { name: 'Log in instead' }).click();
    expect(
      await guest.getByRole('tab', { name: 'Login to proceed' }).getAttribute('aria-selected'),
    ).toBe('true');
    expect(await guest.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    await guest.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await guest.getByRole('button', { name: 'Login and submit' }).click();
    await page.getByRole('dialog', { name: 'Presale request submitted' }).waitFor();
    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });

  it("offers the spec's 'Affiliate Login' in the header, and titles the staff console's login for staff", async () => {
    const { page, errors, close } = await openPage(browser);
    await page.goto('/');
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Affiliate Login', exact: true }).waitFor();

    // The login page the spec names keeps its name; buyers are told they log in there too.
    await header.getByRole('link', { name: 'Affiliate Login', exact: true }).click();
    await page.getByRole('heading', { name: 'Affiliate Login', level: 1 }).waitFor();
    await page.getByText('Buyers log in here too').waitFor();

    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('heading', { name: 'Staff Login', level: 1 }).waitFor();
    expect(await page.getByText('Affiliate Login').count()).toBe(0);
    expect(await page.title()).toBe('Staff Login · TMC Presale');
    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });

  it('blames the connection only when there was no answer; an outage is ours', async () => {
    const { page, errors, close } = await openPage(browser);
    await page.goto('/login');
    await field(page, 'Email').fill('someone@tmc.test');
    await field(page, 'Password').fill(PASSWORD);

    await page.route('**/v1/auth/login', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'text/html',
        body: '<h1>Service Unavailable</h1>',
      }),
    );
    await field(page, 'Password').press('Enter');
    const outage = notifications(page).getByText(
      'Login failed: The service is temporarily unavailable, please try again in a moment',
    );
    await outage.waitFor();
    expect(
      await notifications(page)
        .getByText(/connection/)
        .count(),
    ).toBe(0);
    await notifications(page).getByRole('button', { name: 'Close notification' }).click();

    await page.route('**/v1/auth/login', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await notifications(page)
      .getByText('Login failed: Something went wrong on our side. Please try again shortly.')
      .waitFor();
    expect(
      await notifications(page)
        .getByText(/connection/)
        .count(),
    ).toBe(0);
    await notifications(page).getByRole('button', { name: 'Close notification' }).click();

    await page.route('**/v1/auth/login', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await notifications(page)
      .getByText('Login failed: Network error. Please check your connection and try again.')
      .waitFor();
    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });
});

describe('app shell polish', () => {
  it("copying gives one cue: the inline 'Copied!', announced, and no toast", async () => {
    const { page, errors, close } = await openPage(browser);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/');
    await hydrated(page);
    const address = page
      .getByRole('region', { name: 'Swap your scam tokens' })
      .locator('button[title="Click to copy"]');
    await address.waitFor();
    // Count every toast that appears while the cue shows.
    await page.evaluate(() => {
      const region = document.querySelector('[data-toaster]');
      const seen = { toasts: 0 };
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver((records) => {
        seen.toasts += records.reduce((n, r) => n + r.addedNodes.length, 0);
      }).observe(region!, { childList: true });
    });

    await address.click();
    await address.getByText('Copied!').waitFor();
    await page.getByRole('status').filter({ hasText: 'Copied!' }).waitFor();
    await address.getByText('Copy', { exact: true }).waitFor({ timeout: 5000 });
    expect(
      await page.evaluate(() => (window as unknown as { seen: { toasts: number } }).seen.toasts),
    ).toBe(0);
    expect(await page.getByText('Copied to clipboard!').count()).toBe(0);
    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });

  it('the phone menu is an opaque sheet over the page: focus trapped, Escape and navigation close it', async () => {
    const { page, errors, close } = await openPage(browser, { width: 360, height: 740 });
    await page.goto('/');
    await hydrated(page);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const sheet = page.getByTestId('mobile-menu');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.waitFor();

    // Opaque, and on top: the middle of the sheet is the sheet, the page under it is covered.
    const look = await sheet.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const middle = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const below = document.elementFromPoint(box.left + box.width / 2, window.innerHeight - 10);
      return {
        background: getComputedStyle(el).backgroundColor,
        middleIsSheet: !!middle && el.contains(middle),
        belowIsPage: !!below?.closest('main, footer'),
      };
    });
    expect(look.background).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
    expect(look.middleIsSheet).toBe(true);
    expect(look.belowIsPage).toBe(false);
    await page.screenshot({ path: '/tmp/ux-mobile-menu-360.png' });

    // Focus moved in and stays between the sheet and its button.
    const inMenu = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return (
          !!active &&
          (!!active.closest('[data-testid="mobile-menu"]') ||
            active.getAttribute('aria-label') === 'Close menu')
        );
      });
    expect(
      await menu
        .getByRole('link', { name: 'Home' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    const stops = await menu.getByRole('link').count();
    for (let step = 0; step < stops + 3; step += 1) {
      await page.keyboard.press('Tab');
      expect(await inMenu()).toBe(true);
    }
    for (let step = 0; step < 3; step += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await inMenu()).toBe(true);
    }

    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);

    // A link closes it, and the new page's heading takes focus.
    await toggle.click();
    await menu.getByRole('link', { name: 'Buy TMC' }).click();
    await page.waitForURL((url) => url.pathname === '/token/buy');
    await sheet.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');

    // So does a tap on the dimmed page.
    await toggle.click();
    await menu.waitFor();
    await page.mouse.click(180, 700);
    await sheet.waitFor({ state: 'hidden' });
    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });

  it('an empty list shows its empty state with no pager', async () => {
    const email = `empty.${Date.now()}@tmc.test`;
    await verifiedAccount('Eddie Empty', email, PASSWORD);
    const { page, errors, close } = await openPage(browser);
    await logIn(page, email, PASSWORD);
    for (const [pathname, empty, caption] of [
      ['/transaction', 'No transactions yet', 'Transactions'],
      ['/presale-requests', 'No presale requests yet', 'Presale Requests'],
    ] as const) {
      await page.goto(pathname);
      await page.getByText(empty).first().waitFor();
      expect(await page.getByRole('navigation', { name: `${caption} pages` }).count()).toBe(0);
      expect(await page.getByLabel('Rows per page').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Next page' }).count()).toBe(0);
    }
    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });
});
