import { describe, expect, it } from 'vitest';
import { accessToken, largeBankOrder, logIn, verifiedAccount } from './accounts-api.ts';
import { brokenWords, field, useBrowser, openPage, scriptErrors, type Browser } from './browser.ts';
import { devPay } from './crypto-helpers.ts';
import { logInAsStaff } from './staff.ts';

let browser: Browser;
useBrowser((launched) => (browser = launched));

const PASSWORD = 'polish-pass-1';

describe('buyer polish', () => {
  it('no word of the order page or My TMC breaks mid-word at 360 px', async () => {
    const email = `polish.${Date.now()}@tmc.test`;
    await verifiedAccount('Penny Polish', email, PASSWORD);
    const { page, errors, close } = await openPage(browser, { width: 360, height: 740 });
    await logIn(page, email, PASSWORD);
    // A large order, so its figures are long.
    const id = await largeBankOrder(await accessToken(email, PASSWORD), email);

    await page.goto(`/presale-requests/${id}`);
    await page.getByRole('heading', { name: /^Presale request TMC-/, level: 1 }).waitFor();
    await page.getByTestId('payment-reference').waitFor();
    expect(await brokenWords(page)).toEqual([]);
    // The check sees a break: the old break-all heading split "request" at this width.
    const style = await page.addStyleTag({ content: 'main h1 { word-break: break-all }' });
    expect((await brokenWords(page)).length).toBeGreaterThan(0);
    await style.evaluate((el) => (el as HTMLElement).remove());
    // No wallet is saved: the page says so instead of pointing at one.
    await page.getByText('No wallet is saved yet for your tokens.').waitFor();
    await page.screenshot({ path: '/tmp/ux-order-360.png', fullPage: true });

    await page.goto('/presale-requests');
    await page.getByRole('heading', { name: /Presale Requests$/, level: 1 }).waitFor();
    await page.getByTestId('tokens-allocated').waitFor();
    expect(await brokenWords(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/ux-mytmc-360.png', fullPage: true });
    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });

  it('keeps the referral code of a link tapped before the page script ran', async () => {
    const { page, close } = await openPage(browser);
    // The page's scripts are slow to come: the visitor taps a link first.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/?referral_code=EARLY123');
    await page.unroute('**/assets/*.js');
    await page.getByRole('link', { name: 'Affiliate Login', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('referralCode'))).toBeNull();
    await page.goto('/signup');
    await expect.poll(() => field(page, 'Referral Code').inputValue()).toBe('EARLY123');
    await close();
  });

  it('logout from a signed-in page, then login, lands on home', async () => {
    const email = `leave.${Date.now()}@tmc.test`;
    await verifiedAccount('Lee Leave', email, PASSWORD);
    const { page, errors, close } = await openPage(browser);
    await logIn(page, email, PASSWORD);
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page
      .getByRole('button', { name: /account menu/i })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill(PASSWORD);
    await field(page, 'Password').press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });

  it('staff see the open unmatched payments counted in the menu and dashboard, with Assign on screen at 1280 px', async () => {
    await devPay('0.0123', 'ETH');
    const { page, errors, close } = await openPage(browser, { width: 1280, height: 800 });
    await logInAsStaff(page);
    await page.goto('/admin');
    const menuLink = page
      .getByRole('navigation', { name: 'Staff console' })
      .getByRole('link', { name: /^Unmatched payments/ });
    // The watcher lists the transfer within its 15 s round; the count follows.
    await expect
      .poll(
        async () => {
          await page.reload();
          return (await menuLink.textContent()) ?? '';
        },
        { timeout: 50_000, interval: 3000 },
      )
      .toMatch(/^Unmatched payments\d+$/);
    const tile = page
      .getByRole('link', { name: /Unmatched payments/ })
      .filter({ hasText: 'Open transfers' });
    await tile.waitFor();
    const width = await menuLink.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
    expect(width).toBe(true);

    await menuLink.click();
    await page.getByRole('heading', { name: /Unmatched payments/, level: 1 }).waitFor();
    const assign = page.getByRole('button', { name: /^Assign payment/ }).first();
    await assign.waitFor();
    for (const name of [/^Assign payment/, /^Mark payment .* refunded$/]) {
      const box = await page.getByRole('button', { name }).first().boundingBox();
      expect(box && box.x + box.width <= 1280).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= 1280)).toBe(true);
    await page.screenshot({ path: '/tmp/ux-unmatched-1280.png' });

    await page.setViewportSize({ width: 360, height: 740 });
    await assign.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= 360)).toBe(true);
    await page.screenshot({ path: '/tmp/ux-unmatched-360.png', fullPage: true });
    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });
});
