import { siteQuery } from './site-db.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentProgressText } from '@tmc/shared';
import { launchBrowser, openPage, scriptErrors, type Browser, type Page } from './browser.ts';
import { chooseCurrency } from './buy.ts';
import { amountDue, devPay, logInBuyer, orderOnBuyPage, verifiedBuyer } from './crypto-helpers.ts';
import { rpc } from './injected-wallet.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** The watcher reads new blocks every 15 s in this suite; the page polls with backoff. */
const WATCHER_WAIT = { timeout: 50_000 };

/** Sets the confirmations a payment needs, as staff would in Settings (the watcher reads it each poll). */
async function requireConfirmations(count: number) {
  await siteQuery('update settings set min_confirmations = $1', [count]);
}

const focusedHeading = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.tagName === 'H1' ? (el.textContent ?? '') : `not a heading: ${el?.tagName}`;
  });

/** The bank path from the Buy page: A$100, disclaimer, Bank Transfer. */
async function bankOrderForm(page: Page) {
  await page.goto('/token/buy');
  await chooseCurrency(page, 'AUD');
  await page.getByLabel('Amount', { exact: true }).fill('100');
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  await page.getByRole('button', { name: 'Bank Transfer' }).click();
  await page.waitForURL((url) => url.pathname === '/token/buy/bank');
  await page.getByRole('heading', { name: 'Pay with Bank Transfer', level: 1 }).waitFor();
}

describe('buyers always know where their money is', () => {
  it('the open payment dialog says so when the watcher credits the order, without a reload', async () => {
    const { page, errors, close } = await openPage(browser);
    await logInBuyer(page, await verifiedBuyer('Wren'));
    await orderOnBuyPage(page, 'Ethereum', '0.05');
    await page.getByRole('button', { name: 'Submit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Presale request submitted' });
    const due = await amountDue(page, 'ETH', '0.05');
    await dialog
      .getByText('Awaiting your payment: this window updates by itself when it arrives.')
      .waitFor();

    // Paid from another wallet app: nobody pastes the hash; the watcher finds the transfer.
    const hash = await devPay(due, 'ETH');
    await dialog
      .getByText(/^Payment verified: [\d,.]+ TMC are allocated to you\.$/)
      .waitFor(WATCHER_WAIT);
    await dialog.getByText(hash).waitFor();
    // The stale controls are gone; the order is one link away.
    for (const stale of ['Copy amount due', 'Verify After Pay'])
      expect(await dialog.getByRole('button', { name: stale }).count()).toBe(0);
    expect(await dialog.getByText(/^Quote valid for/).count()).toBe(0);
    expect(await dialog.getByRole('img', { name: /QR code/ }).count()).toBe(0);
    await dialog.getByRole('link', { name: 'View order' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/presale-requests/'));
    await page.getByText(/^Payment verified: [\d,.]+ TMC are allocated to you\.$/).waitFor();
    await page.getByText(hash).waitFor();
    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });

  it('the open payment dialog shows a payment seen on the chain with its confirmations, then verified, without a reload', async () => {
    const { page, errors, close } = await openPage(browser);
    try {
      await logInBuyer(page, await verifiedBuyer('Sage'));
      await orderOnBuyPage(page, 'Ethereum', '0.05');
      await page.getByRole('button', { name: 'Submit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Presale request submitted' });
      const due = await amountDue(page, 'ETH', '0.05');
      await requireConfirmations(3);

      const hash = await devPay(due, 'ETH');
      const receipt = await rpc('eth_getTransactionReceipt', [hash]);
      const block = BigInt((receipt.result as { blockNumber: string }).blockNumber).toString();
      await dialog.getByText(paymentProgressText.seen(block, 1, 3)).waitFor(WATCHER_WAIT);
      await dialog.getByText(hash).waitFor();
      expect(
        await dialog.getByRole('progressbar', { name: 'Confirmations' }).getAttribute('max'),
      ).toBe('3');
      // The payment is on its way: the amount, QR, countdown and hash form are stale.
      for (const stale of ['Copy amount due', 'Verify After Pay'])
        expect(await dialog.getByRole('button', { name: stale }).count()).toBe(0);
      expect(await dialog.getByText(/^Quote valid for/).count()).toBe(0);
      expect(await dialog.getByRole('img', { name: /QR code/ }).count()).toBe(0);

      // Two more blocks give it the confirmations it needs: the watcher credits it. Mined one
      // at a time: blocks Hardhat mines in one call have no state of their own to read, and the
      // watcher reads the company wallet's balance at them.
      for (let i = 0; i < 2; i++) expect((await rpc('evm_mine', [])).error).toBeUndefined();
      await dialog
        .getByText(/^Payment verified: [\d,.]+ TMC are allocated to you\.$/)
        .waitFor(WATCHER_WAIT);
      await dialog.getByText(hash).waitFor();
      expect(await dialog.getByText(/^Payment seen in block/).count()).toBe(0);
      expect(scriptErrors(errors)).toEqual([]);
    } finally {
      await requireConfirmations(1);
      await close();
    }
  }, 150_000);

  it('a wrong-amount payment shows on the order page as received and with our team, with no payment controls left', async () => {
    const { page, errors, close } = await openPage(browser);
    await logInBuyer(page, await verifiedBuyer('Ash'));
    await orderOnBuyPage(page, 'Ethereum', '0.05');
    await page.getByRole('button', { name: 'Submit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Presale request submitted' });
    await amountDue(page, 'ETH', '0.05');
    await dialog.getByRole('button', { name: 'Verify later' }).click();
    await page.waitForURL((url) => url.pathname === '/transaction');

    await page.goto('/presale-requests');
    await page.getByRole('link', { name: /TMC-/ }).first().click();
    await page.getByRole('heading', { name: /^Presale request TMC-/, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Verify payment' }).waitFor();

    const hash = await devPay('0.02', 'ETH');
    await page.getByRole('button', { name: 'Verify payment' }).click();
    const verify = page.getByRole('dialog', { name: 'Verify Payment' });
    await verify.getByLabel('Transaction Hash').fill(hash);
    await verify.getByRole('button', { name: 'Verify After Pay' }).click();
    await page
      .getByText(/This payment of 0.02 ETH is less than the exact amount due/)
      .first()
      .waitFor();
    await page.keyboard.press('Escape');

    await page.reload();
    await page
      .getByText('We received 0.02 ETH. It is with our team: we will contact you.')
      .waitFor();
    await page.getByText(hash).waitFor();
    for (const stale of ['Verify payment', 'Pay with wallet', 'Cancel order'])
      expect(await page.getByRole('button', { name: stale }).count()).toBe(0);
    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });

  it('the bank payment step is the order page: a reload shows the same reference, Back never places a second order, focus is on the heading, and an unpaid order can be cancelled', async () => {
    const { page, errors, close } = await openPage(browser);
    await logInBuyer(page, await verifiedBuyer('Bay'));
    await bankOrderForm(page);
    await page.getByRole('button', { name: 'Continue to bank transfer' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/presale-requests/'));
    const reference = (await page.getByTestId('payment-reference').textContent())?.trim() ?? '';
    expect(reference).toMatch(/^TMC-[A-Z2-9]{6}$/);
    const heading = page.getByRole('heading', { name: `Presale request ${reference}`, level: 1 });
    await heading.waitFor();
    // Focus lands on the new page's heading, which names the reference.
    await expect.poll(() => focusedHeading(page)).toBe(`Presale request ${reference}`);
    const orderUrl = page.url();

    await page.reload();
    await heading.waitFor();
    expect(await page.getByTestId('payment-reference').textContent()).toBe(reference);

    // Back leaves the payment step for the Buy page, not the form that placed the order.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/token/buy');
    await page.goForward();
    await heading.waitFor();
    expect(page.url()).toBe(orderUrl);

    await page.goto('/presale-requests');
    await page.getByRole('heading', { name: '1 Presale Requests', level: 1 }).waitFor();

    await page.goto(orderUrl);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this order?' });
    await confirm.getByRole('button', { name: 'Cancel order' }).click();
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByText('Order cancelled')
      .waitFor();
    await page.getByText('This order is closed; no payment is expected.').waitFor();
    await page.getByText('Not Accepted').first().waitFor();
    expect(await page.getByRole('button', { name: 'Submit receipt' }).count()).toBe(0);
    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });

  it('focus moves to the new page heading after each navigation', async () => {
    const { page, errors, close } = await openPage(browser);
    await logInBuyer(page, await verifiedBuyer('Fox'));
    await bankOrderForm(page);
    await expect.poll(() => focusedHeading(page)).toBe('Pay with Bank Transfer');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Buy' }).click();
    await page.waitForURL((url) => url.pathname === '/token/buy');
    await expect.poll(() => focusedHeading(page)).not.toMatch(/^not a heading/);
    await page
      .getByRole('button', { name: /account menu/i })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Presale Requests' }).click();
    await page.waitForURL((url) => url.pathname === '/presale-requests');
    await expect.poll(() => focusedHeading(page)).toMatch(/Presale Requests$/);
    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });
});
