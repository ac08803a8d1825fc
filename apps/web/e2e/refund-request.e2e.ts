import { describe, expect, it } from 'vitest';
import { accessToken, logIn, post, verifiedAccount } from './accounts-api.ts';
import { baseUrl, openPage, scriptErrors, useBrowser, type Browser, type Page } from './browser.ts';
import { acceptInReviewQueue, staffSession } from './staff.ts';

const PASSWORD = 'refund-pass-1';
const REASON = 'I ordered twice by mistake';
const DECLINE = 'The tokens of this order were already delivered to your wallet';

let browser: Browser;
let staff: Page;
useBrowser(async (launched) => {
  browser = launched;
  staff = await staffSession(browser);
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** A bank order of A$100 placed through the API: its id and payment reference. */
async function bankOrder(token: string) {
  const banks = await fetch(`${baseUrl()}/v1/bank/getBankDetailsByCurrency/AUD`);
  const bankId = ((await banks.json()) as { data: { _id: string }[] }).data[0]!._id;
  const order = await post(
    '/v1/purchase/bank-order',
    { investmentAmount: '100', currency: 'AUD', userCurrency: 'AUD', userAmount: '100', bankId },
    { token },
  );
  const purchase = order.data.purchase as { _id: string; reference: string };
  return { id: purchase._id, reference: purchase.reference };
}

describe('a refund request', () => {
  it('the buyer asks, staff decline with a reason, the buyer reads it at 1280 px and at 360 px', async () => {
    const email = `refund.${Date.now()}@tmc.test`;
    await verifiedAccount('Rita Refund', email, PASSWORD);
    const { id, reference } = await bankOrder(await accessToken(email, PASSWORD));
    const { page, errors, close } = await openPage(browser, { width: 1280, height: 800 });
    await logIn(page, email, PASSWORD);

    // The receipt from the order's page, then staff accept the order in the review queue.
    await page.goto(`/presale-requests/${id}`);
    await page.getByRole('heading', { name: `Presale request ${reference}`, level: 1 }).waitFor();
    await page.getByLabel('Bank Receipt').setInputFiles({
      name: 'transfer.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await page.getByRole('img', { name: 'Preview of transfer.png' }).waitFor();
    await page.getByRole('button', { name: 'Submit receipt' }).click();
    await page.getByRole('dialog', { name: 'SUCCESS' }).getByRole('button', { name: 'OK' }).click();

    await staff.goto('/admin');
    await acceptInReviewQueue(staff, reference);

    // The buyer asks for a refund, with the rules in words and a reason.
    await page.reload();
    const refunds = page.getByRole('region', { name: 'Refunds' });
    await refunds.getByRole('button', { name: 'Request a refund' }).click();
    const ask = page.getByRole('dialog', { name: 'Request a refund' });
    await ask.getByText(/send them back to the company wallet first/).waitFor();
    await ask.getByLabel('Why do you want a refund?').fill(REASON);
    await ask.getByRole('button', { name: 'Send request' }).click();
    await refunds
      .getByText(/Requested by you/)
      .first()
      .waitFor();
    expect(await refunds.getByRole('button', { name: 'Request a refund' }).count()).toBe(0);

    // Staff decline it on the Refunds page, with a reason the buyer reads.
    await staff
      .getByRole('navigation', { name: 'Staff console' })
      .getByRole('link', { name: 'Refunds' })
      .click();
    await staff.getByRole('heading', { name: /Refunds/, level: 1 }).waitFor();
    const row = staff.getByRole('row').filter({ hasText: reference });
    await row.getByRole('button', { name: 'Decline' }).click();
    const decline = staff.getByRole('dialog', { name: 'Decline refund' });
    await decline.getByLabel('Reason (the buyer reads it)').fill(DECLINE);
    await decline.getByRole('button', { name: 'Decline', exact: true }).click();
    // It leaves the queue of requests; the declined ones show it with its reason.
    await row.waitFor({ state: 'detached' });
    await staff.getByRole('combobox', { name: 'State' }).selectOption('declined');
    await staff.getByRole('row').filter({ hasText: reference }).getByText(DECLINE).waitFor();

    // The buyer reads the reason on the order page, on a desktop and on a phone.
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 360, height: 740 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(`/presale-requests/${id}`);
      const section = page.getByRole('region', { name: 'Refunds' });
      await section.getByText('Declined', { exact: true }).first().waitFor();
      const reason = section.getByText(DECLINE).first();
      await reason.waitFor();
      expect(await reason.isVisible(), `${viewport.width} px`).toBe(true);
      // The reason is read whole: inside the page's width, no sideways scroll.
      const box = await reason.boundingBox();
      expect(box, `${viewport.width} px`).not.toBeNull();
      expect(box!.x + box!.width, `${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
      expect(await fitsWidth(page), `${viewport.width} px`).toBe(true);
      await section.getByText(REASON).first().waitFor();
    }
    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });
});
