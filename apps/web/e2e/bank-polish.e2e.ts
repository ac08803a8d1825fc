import type { FileChooser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  brokenWords,
  field,
  useBrowser,
  openPage,
  scriptErrors,
  type Browser,
  type Page,
} from './browser.ts';
import { chooseCurrency } from './buy.ts';

let browser: Browser;
useBrowser((launched) => (browser = launched));

const BANK = 'Demo Bank of Australia (test account)';
const CYAN = 'rgb(61, 232, 255)';
const PDF = {
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
};

/** The focus ring an element shows: the outline's style, width and colour. */
const ring = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const el = document.querySelector(sel)!;
    const style = getComputedStyle(el);
    return `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
  }, selector);

/** From the buy page, 100 AUD by bank transfer, to the bank screen. */
async function toBankScreen(page: Page) {
  await page.goto('/token/buy');
  await page.getByRole('heading', { name: 'Buy TMC', level: 1 }).waitFor();
  await chooseCurrency(page, 'AUD');
  await field(page, 'Amount').fill('100');
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  await page.getByRole('button', { name: 'Bank Transfer' }).click();
  await page.waitForURL((url) => url.pathname === '/token/buy/bank');
  await page.getByRole('heading', { name: 'Pay with Bank Transfer', level: 1 }).waitFor();
}

describe('bank transfer polish', () => {
  it('at 360 px: no account before the order, optional documents, keyboard uploads, whole bank name', async () => {
    const { page, errors, close } = await openPage(browser, { width: 360, height: 740 });
    // Listened for from the start: the browser intercepts file pickers only once a listener is
    // set up, which a listener added beside the key press could miss on a busy machine.
    const choosers: FileChooser[] = [];
    page.on('filechooser', (chooser) => choosers.push(chooser));
    const nextChooser = async () => {
      await expect.poll(() => choosers.length, { timeout: 10_000 }).toBeGreaterThan(0);
      return choosers.shift()!;
    };
    await toBankScreen(page);
    const main = page.locator('main');

    // 1. Before the order: no account, reference or copy button; the intro says what happens.
    await page.getByText(`You pay into ${BANK}.`).waitFor();
    await main
      .getByText(
        /the account details and your payment reference are shown once the order is placed/,
      )
      .waitFor();
    await main.getByText(/Pick a bank and place your order/).waitFor();
    expect(await main.getByText(/upload your receipt and submit/).count()).toBe(0);
    expect(await main.getByRole('button', { name: /^Copy/ }).count()).toBe(0);
    for (const detail of ['12345678', 'DEMOAU2S', '062-000', 'TMC Presale Pty Ltd'])
      expect(await main.getByText(detail).count()).toBe(0);
    expect(await page.getByTestId('payment-reference').count()).toBe(0);

    // 5. The closed box cuts a long name with an ellipsis, never mid-word; the whole name is
    // its title and the text below it, which wraps between words.
    const select = page.getByRole('combobox', { name: 'Bank' });
    expect(await select.getAttribute('title')).toBe(BANK);
    const cut = await select.evaluate((el) => {
      const style = getComputedStyle(el);
      return [style.textOverflow, style.whiteSpace];
    });
    expect(cut).toEqual(['ellipsis', 'nowrap']);
    expect(await brokenWords(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= 360)).toBe(true);

    // 2. ID and AML documents are optional (spec, API.md), grouped and worded that way.
    const optional = page.getByRole('region', { name: '2. Optional details' });
    await optional.getByText(/They are optional when you order/).waitFor();
    expect(await optional.getByText(/we ask for|asks for/i).count()).toBe(0);
    for (const label of ['Document Id Front', 'Document Id Back', 'Billing Document (AML)'])
      expect(await optional.getByLabel(label).getAttribute('aria-required')).toBeNull();

    // 3. Enter and Space on a focused upload box open the file picker (and submit nothing),
    // and the box shows the focus ring.
    const front = page.getByLabel('Document Id Front');
    // By keyboard: from the link just before it, Tab.
    await optional.getByRole('link', { name: /Purchase terms, clause 5/ }).focus();
    await page.keyboard.press('Tab');
    expect(await front.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await ring(page, 'label:has(input[type="file"]:focus)')).toBe(`solid 3px ${CYAN}`);
    await page.keyboard.press('Enter');
    await (await nextChooser()).setFiles({ name: 'id-front.pdf', ...PDF });
    await page.getByRole('link', { name: 'id-front.pdf' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/token/buy/bank');
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.getByLabel('Document Id Back').focus();
    await page.keyboard.press('Space');
    await (await nextChooser()).setFiles({ name: 'id-back.pdf', ...PDF });
    // Once each: one key press opens one picker.
    expect(choosers).toEqual([]);
    await page.getByRole('link', { name: 'id-back.pdf' }).waitFor();

    await page.screenshot({ path: '/tmp/ux-bank-360.png', fullPage: true });
    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });

  it('the terms checkbox in its error state shows the focus ring; the order page has the account; Transactions points at the pending order', async () => {
    const { page, errors, close } = await openPage(browser);
    const email = `polly.${Date.now()}@tmc.test`;
    await toBankScreen(page);
    await page.getByRole('button', { name: 'Continue to bank transfer' }).click();

    // 4. The guest leaves the terms unticked: the form moves focus to the box in error.
    const guest = page.getByRole('dialog', { name: 'Almost there' });
    await field(page, 'Name').fill('Polly Polish');
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill('polly-pass-1');
    await guest.getByRole('button', { name: 'Create account and submit' }).click();
    await guest.getByText('Please read and accept Terms and conditions.').waitFor();
    const terms = guest.getByRole('checkbox');
    expect(await terms.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => terms.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = 'input[type="checkbox"][aria-invalid="true"]';
    expect(await ring(page, box)).toBe(`solid 3px ${CYAN}`);
    // Away from it, the error outline is red; back by keyboard, the ring again.
    await page.keyboard.press('Shift+Tab');
    expect(await ring(page, box)).not.toContain(CYAN);
    await page.keyboard.press('Tab');
    expect(await ring(page, box)).toBe(`solid 3px ${CYAN}`);
    await page.screenshot({ path: '/tmp/ux-terms-error-focus.png' });

    await terms.check();
    await guest.getByRole('button', { name: 'Create account and submit' }).click();

    // 1. The order page: the reference, the account and its copy buttons.
    const reference = page.getByTestId('payment-reference');
    await reference.waitFor();
    const ref = ((await reference.textContent()) ?? '').trim();
    await page.getByRole('button', { name: 'Copy Account Number' }).waitFor();
    await page.getByRole('button', { name: 'Copy payment reference' }).first().waitFor();
    await page.locator('dd').getByText(BANK).waitFor();

    // 7. Transactions: the pending bank order is pointed at, with its page.
    await page.goto('/transaction');
    const note = page.getByRole('region', { name: 'Bank transfers in progress' });
    await note.getByText(/shows here as a transaction once our team has accepted/).waitFor();
    await note.getByText('100.00 AUD').waitFor();
    await note.getByText('Awaiting payment').waitFor();
    await note.getByRole('link', { name: ref }).click();
    await page.getByRole('heading', { name: `Presale request ${ref}`, level: 1 }).waitFor();

    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });
});
