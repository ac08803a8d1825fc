import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, inject, it } from 'vitest';
import { logIn, verifiedAccount } from './accounts-api.ts';
import {
  field,
  useBrowser,
  openPage,
  scriptErrors,
  seriousAxeViolations,
  type Browser,
  type Page,
} from './browser.ts';
import { chooseCurrency } from './buy.ts';
import { waitForMail } from './mail-catcher.ts';
import { acceptInReviewQueue, staffSession } from './staff.ts';

const PASSWORD = 'order-pass-1';

let browser: Browser;
let staff: Page;
useBrowser(async (launched) => {
  browser = launched;
  staff = await staffSession(browser);
});

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.each([
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 360, height: 740 },
])('the order journey on $name', ({ name, width, height }) => {
  it('reference and bank details before paying, receipt from the order page, staff accept, timeline, PDF and My TMC', async () => {
    const email = `order.${name}.${Date.now()}@tmc.test`;
    await verifiedAccount('Olive Order', email, PASSWORD);
    const { page, errors, close } = await openPage(browser, { width, height, axe: true });

    await logIn(page, email, PASSWORD);

    // My TMC starts empty and asks for a wallet.
    await page.goto('/presale-requests');
    const allocated = page.getByTestId('tokens-allocated');
    expect(await allocated.textContent()).toBe('0.00 TMC');
    await page.getByRole('link', { name: 'Add a wallet' }).waitFor();

    // Buy A$100 by bank transfer.
    await page.goto('/token/buy');
    await chooseCurrency(page, 'AUD');
    await field(page, 'Amount').fill('100');
    await page.getByText('5,000.00 TMC').waitFor();
    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    await page.getByRole('button', { name: 'Bank Transfer' }).click();
    await page.waitForURL((url) => url.pathname === '/token/buy/bank');
    await page.getByText('You pay into Demo Bank of Australia (test account).').waitFor();
    await page.getByRole('button', { name: 'Continue to bank transfer' }).click();

    // Before any upload: the reference, the exact amount and the account to pay.
    const reference = (await page.getByTestId('payment-reference').textContent())?.trim() ?? '';
    expect(reference).toMatch(/^TMC-[A-Z2-9]{6}$/);
    expect(await page.getByTestId('amount-due').textContent()).toBe('100.00 AUD');
    await page.getByRole('button', { name: 'Copy Account Holder' }).waitFor();
    expect(await page.getByRole('img', { name: /^Preview of/ }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await waitForMail(inject('mailDir'), email, new RegExp(reference));

    // (The buyer pays at their bank.) Later, from the list, the order's page by keyboard.
    await page.goto('/presale-requests');
    const link = page.getByRole('link', { name: new RegExp(reference) });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/presale-requests/'));
    await page.getByRole('heading', { name: `Presale request ${reference}`, level: 1 }).waitFor();
    await page.getByText('Awaiting payment', { exact: true }).first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);

    await page.getByLabel('Bank Receipt').setInputFiles({
      name: 'transfer.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await page.getByRole('img', { name: 'Preview of transfer.png' }).waitFor();
    await page.getByRole('button', { name: 'Submit receipt' }).click();
    const result = page.getByRole('dialog', { name: 'SUCCESS' });
    await result.getByText(/Receipt attached/).waitFor();
    await result.getByRole('button', { name: 'OK' }).click();
    await page
      .getByText(/Your receipt is in\./)
      .first()
      .waitFor();

    // Staff accept it from the review queue, which opens on requests with a receipt.
    await staff.goto('/admin');
    await acceptInReviewQueue(staff, reference);

    // The buyer: the whole timeline, the PDF receipt and the new My TMC total.
    await page.reload();
    await page.getByRole('heading', { name: `Presale request ${reference}`, level: 1 }).waitFor();
    const timeline = page.getByRole('list', { name: 'Order status' });
    for (const step of ['Order created', 'Paid', 'Reviewed', 'Tokens allocated']) {
      await timeline.getByText(`${step} (done)`).waitFor();
    }
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF receipt' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`tmc-receipt-${reference}.pdf`);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toContain(reference);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto('/presale-requests');
    await page.getByTestId('tokens-allocated').getByText('5,000.00 TMC').waitFor();
    expect(await page.getByTestId('tokens-pending').textContent()).toBe('0.00 TMC');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);

    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });
});
