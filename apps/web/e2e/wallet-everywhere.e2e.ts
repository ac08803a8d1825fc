import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  field,
  launchBrowser,
  openPage,
  scriptErrors,
  type Browser,
  type Page,
} from './browser.ts';
import { logInBuyer, PASSWORD, verifiedBuyer } from './crypto-helpers.ts';
import { devAccount, injectWallet } from './injected-wallet.ts';

/**
 * M2 of the 2026-11-27 walk: a wallet saved, then proven, on the profile shows at once in every
 * place that names it (My TMC, the wallet list, the delivery page), with no reload. The dev
 * account is this file's own: proving it moves it to this buyer.
 */
const ACCOUNT_INDEX = 11;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const myTmc = (page: Page) => page.getByRole('region', { name: 'My TMC' });
const wallets = (page: Page) => page.getByRole('region', { name: 'Proven wallets' });

/** Marks the document: a full reload would lose the mark. */
const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
  });
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

/** To the delivery page and back through the site's own links: no page load. */
async function deliveryWalletLine(page: Page) {
  await myTmc(page)
    .getByRole('link', { name: 'Delivery: claim your TMC and download your proof' })
    .click();
  const section = page.getByRole('region', { name: 'Delivery wallet' });
  await section.waitFor();
  return section;
}

describe('a saved, then proven, wallet shows everywhere without a reload (M2)', () => {
  it('updates My TMC, the wallet list and the delivery page as the wallet is saved and proven', async () => {
    const { page, errors, close } = await openPage(browser);
    const account = await devAccount(ACCOUNT_INDEX);
    const calls = await injectWallet(page, account);
    await logInBuyer(page, await verifiedBuyer('Erin'));
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    await markDocument(page);

    // Before: no wallet anywhere, and the delivery page (loaded once) says none is chosen.
    await myTmc(page)
      .getByText(/No wallet saved: your tokens cannot be delivered/)
      .waitFor();
    await wallets(page)
      .getByText(/No wallet yet: save one above/)
      .waitFor();
    let delivery = await deliveryWalletLine(page);
    await delivery.getByText('No delivery wallet chosen yet.').waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();

    // Save: My TMC and the wallet list follow at once, and Prove this wallet is offered.
    await field(page, 'Wallet Address').fill(account.toLowerCase());
    await field(page, 'Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Update wallet' }).click();
    await myTmc(page).getByText(account, { exact: true }).waitFor();
    await myTmc(page).getByText('Delivered to').waitFor();
    expect(
      await myTmc(page)
        .getByText(/No wallet saved/)
        .count(),
    ).toBe(0);
    const row = wallets(page).getByRole('listitem').filter({ hasText: account });
    await row.getByText('Not proven').waitFor();
    await row.getByRole('button', { name: 'Prove this wallet' }).waitFor();
    await page.screenshot({ path: '/tmp/ux-m2-wallet-saved-1280.png', fullPage: true });

    // Prove: the wallet signs the site's message; the list says Proven.
    await row.getByRole('button', { name: 'Prove this wallet' }).click();
    await row.getByText('Proven', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: 'Prove this wallet' }).count()).toBe(0);
    expect(calls.filter((c) => c.method === 'personal_sign')).toHaveLength(1);

    // The delivery page, already loaded once, now names the proven wallet.
    delivery = await deliveryWalletLine(page);
    await delivery.getByText('Your TMC go to').waitFor();
    expect(await delivery.getByTestId('delivery-wallet').textContent()).toBe(account);
    await page.goBack();
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    await wallets(page)
      .getByRole('listitem')
      .filter({ hasText: account })
      .getByText('Proven', {
        exact: true,
      })
      .waitFor();
    await page.screenshot({ path: '/tmp/ux-m2-wallet-proven-1280.png', fullPage: true });

    // The same profile on a phone.
    await page.setViewportSize({ width: 360, height: 740 });
    await myTmc(page).getByText(account, { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await page.screenshot({ path: '/tmp/ux-m2-wallet-proven-360.png', fullPage: true });

    expect(await sameDocument(page)).toBe(true);
    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });
});
