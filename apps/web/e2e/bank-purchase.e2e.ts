import { deflateSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { field, useBrowser, openPage, scriptErrors, type Browser, type Page } from './browser.ts';
import { chooseCurrency } from './buy.ts';
import { waitForMail } from './mail-catcher.ts';

let browser: Browser;
useBrowser((launched) => (browser = launched));

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real width × height PNG of one colour (8-bit RGB). */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(width).fill([r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Waits for an <img> to finish loading and answers its natural width (0 if it is broken). */
async function loadedWidth(page: Page, selector: ReturnType<Page['locator']>) {
  await selector.waitFor();
  await page.waitForFunction(
    (img) => (img as HTMLImageElement).complete,
    await selector.elementHandle(),
  );
  return selector.evaluate((img) => (img as HTMLImageElement).naturalWidth);
}

/** True when the page itself does not scroll sideways at the current width. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('buying by bank transfer', () => {
  it('a guest buys 500 EUR, creates an account and finds the request Pending', async () => {
    const { page, errors, close } = await openPage(browser);
    const email = `robin.${Date.now()}@tmc.test`;

    // Buy page: FIAT is the default; choose EUR, enter 500, accept the disclaimer.
    await page.goto('/token/buy');
    await page.getByRole('heading', { name: 'Buy TMC', level: 1 }).waitFor();
    await chooseCurrency(page, 'EUR');
    await field(page, 'Amount').fill('500');
    // Seeded rates: 0.60 EUR per AUD, A$0.02 a token: one figure to the cent, tokens rounded down.
    await page.getByText('833.33 AUD').waitFor();
    await page.getByText('41,666.50 TMC').waitFor();
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('button', { name: 'Bank Transfer' }).click();

    // Bank screen: the only bank is chosen; the order comes first, the receipt after it.
    await page.waitForURL((url) => url.pathname === '/token/buy/bank');
    await page.getByRole('heading', { name: 'Pay with Bank Transfer', level: 1 }).waitFor();
    await page.getByText('833.33 AUD', { exact: true }).waitFor();
    await page.getByText('41,666.50 TMC', { exact: true }).waitFor();
    // The bank is named once it is chosen for the buyer; its account waits for the order.
    await page.getByText('You pay into Demo Bank of Australia (test account).').waitFor();
    // An optional identity document as a pdf: it shows as a link in the list.
    await page.getByLabel('Document Id Front').setInputFiles({
      name: 'id-front.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
    });
    await page.getByRole('link', { name: 'id-front.pdf' }).waitFor();
    await page.getByRole('button', { name: 'Continue to bank transfer' }).click();

    // Guest modal: create a new account, accepting the terms.
    const guest = page.getByRole('dialog', { name: 'Almost there' });
    await guest.getByRole('tab', { name: 'Create new account' }).waitFor();
    await field(page, 'Name').fill('Robin Banks');
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill('robin-pass-1');
    await guest.getByRole('button', { name: 'Terms and Conditions' }).click();
    await page
      .getByRole('dialog', { name: 'Terms and Conditions' })
      .getByRole('button', { name: 'Accept' })
      .click();
    await guest.getByRole('button', { name: 'Create account and submit' }).click();

    // The payment step: reference, exact amount and bank account before any receipt; the
    // e-mail says the same, and the new account is asked for its e-mail code.
    const reference = (await page.getByTestId('payment-reference').textContent())?.trim() ?? '';
    expect(reference).toMatch(/^TMC-\w{6}$/);
    expect(await page.getByTestId('amount-due').textContent()).toBe('833.33 AUD');
    await page.getByRole('button', { name: 'Copy Account Holder' }).waitFor();
    await page.getByRole('region', { name: 'Verify your e-mail' }).waitFor();
    await waitForMail(inject('mailDir'), email, new RegExp(reference));

    // A file named like an image but not one: the server reads its first bytes and refuses it.
    await page.getByLabel('Bank Receipt').setInputFiles({
      name: 'not-an-image.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
    });
    await page.getByRole('alert').getByText('Select only images or pdf files.').waitFor();
    expect(await page.getByText('Uploaded').count()).toBe(0);
    await page.getByLabel('Bank Receipt').setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: solidPng(48, 32, [212, 255, 58]),
    });
    const preview = page.getByRole('img', { name: 'Preview of receipt.png' });
    expect(await loadedWidth(page, preview)).toBe(48);
    await page.getByRole('button', { name: 'Submit receipt' }).click();

    // The payment step is the order's own page: the receipt is attached right there.
    const success = page.getByRole('dialog', { name: 'SUCCESS' });
    await success.getByText('Receipt attached: our team will review your payment.').waitFor();
    await success.getByRole('button', { name: 'OK' }).click();
    expect(page.url()).toMatch(/\/presale-requests\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: `Presale request ${reference}`, level: 1 }).waitFor();
    await page.goto('/presale-requests');

    // The list: one Pending request with its receipt thumbnail, which loads.
    await page.waitForURL((url) => url.pathname === '/presale-requests');
    await page.getByRole('heading', { name: '1 Presale Requests', level: 1 }).waitFor();
    const row = page.getByRole('row').nth(1);
    await row.getByText('Pending', { exact: true }).waitFor();
    await row.getByText('833.33 AUD').waitFor();
    await row.getByText('500.00 EUR').waitFor();
    await row.getByRole('link', { name: /View PDF.*Document Id Front/ }).waitFor();
    const thumbnail = row.getByRole('button', { name: 'View Bank Receipt' });
    expect(await loadedWidth(page, thumbnail.locator('img'))).toBe(48);

    await thumbnail.click();
    const full = page.getByRole('dialog', { name: 'Bank Receipt' }).getByRole('img');
    expect(await loadedWidth(page, full)).toBe(48);
    await page.keyboard.press('Escape');

    // At 360 px the request is a card with its amounts on screen; nothing scrolls sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    const card = page.getByRole('list', { name: 'Presale Requests' }).getByRole('listitem');
    await card.getByText('833.33 AUD').waitFor();
    expect(await page.locator('main table').count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);
    await page.goto('/token/buy');
    await page.getByRole('button', { name: 'Bank Transfer' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);

    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });
});
