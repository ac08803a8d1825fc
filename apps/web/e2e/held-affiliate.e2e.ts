import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accessToken, logIn, post, verifiedAccount } from './accounts-api.ts';
import { ageEarnings } from './affiliate-helpers.ts';
import {
  baseUrl,
  launchBrowser,
  openPage,
  scriptErrors,
  type Browser,
  type Page,
} from './browser.ts';
import { waitForMail } from './mail-catcher.ts';
import { logInAsStaff } from './staff.ts';

/**
 * M3 of the 2026-11-27 walk: an affiliate who has not said where to be paid is told the
 * commission is held until they add a payout destination, with a link to the form, in the
 * commission e-mail, on the Approved card and on the earning's line; never "the next payout".
 */
const PASSWORD = 'held-affiliate-1';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** A referred buyer's bank order of 500 AUD, placed through the API; answers its id. */
async function bankOrder(token: string) {
  const banks = await fetch(`${baseUrl()}/v1/bank/getBankDetailsByCurrency/AUD`);
  const bankId = ((await banks.json()) as { data: { _id: string }[] }).data[0]!._id;
  const order = await post(
    '/v1/purchase/bank-order',
    { investmentAmount: '500', currency: 'AUD', userCurrency: 'AUD', userAmount: '500', bankId },
    { token },
  );
  return (order.data.purchase as { _id: string })._id;
}

/** Whether the element's top edge lies within the window (a link to it scrolled there). */
const inView = (page: Page, id: string) =>
  page.evaluate((target) => {
    const top = document.getElementById(target)?.getBoundingClientRect().top;
    return top !== undefined && top >= 0 && top < window.innerHeight;
  }, id);

describe('an affiliate without a payout destination (M3)', () => {
  it('reads "held until you add a payout destination" in the e-mail, on the card and on the line', async () => {
    const stamp = Date.now();
    const mailDir = inject('mailDir');
    const affiliateEmail = `hank.held.${stamp}@tmc.test`;
    const buyerEmail = `jack.referred.${stamp}@tmc.test`;

    // Hank joins the programme and gives no payout destination; Jack signs up with his code.
    await verifiedAccount('Hank Held', affiliateEmail, PASSWORD);
    const joined = await post(
      '/v1/auth/become-affiliate',
      {},
      { token: await accessToken(affiliateEmail, PASSWORD) },
    );
    const code = (joined.data.user as { affiliateCode: string }).affiliateCode;
    await post('/v1/auth/signup', {
      email: buyerEmail,
      name: 'Jack Referred',
      password: PASSWORD,
      referralCode: code,
    });
    const signup = await waitForMail(mailDir, buyerEmail, /\b(\d{4})\b/);
    await post('/v1/auth/otpVerification', {
      email: buyerEmail,
      otp: signup.match[1],
      password: PASSWORD,
    });
    const orderId = await bankOrder(await accessToken(buyerEmail, PASSWORD));

    // Staff accept the order (the transfer checked on the bank statement, so no receipt).
    const staff = await openPage(browser);
    await logInAsStaff(staff.page);
    const staffToken = await staff.page.evaluate(() => localStorage.getItem('accessToken'));
    expect(staffToken).toBeTruthy();
    await post(
      `/v1/admin/purchases/${orderId}/status`,
      {
        status: 1,
        remark: 'Transfer received',
        overrideReason: 'Seen on the bank statement',
      },
      { token: staffToken! },
    );

    // The commission e-mail says it is held, and links to the form; it promises no payout.
    const mail = await waitForMail(
      mailDir,
      affiliateEmail,
      /It is held until you add a payout destination[\s\S]*?(https?:\/\/\S+)/,
    );
    expect(mail.mail.subject).toBe('A referral of yours just bought TMC');
    expect(mail.match[1]).toBe(`${baseUrl()}/affiliates#payout-destination`);
    expect(mail.mail.text).not.toMatch(/paid in the next/);

    // The hold period passes: the commission is approved, and held.
    await ageEarnings(affiliateEmail, 8);
    const { page, errors, close } = await openPage(browser);
    await logIn(page, affiliateEmail, PASSWORD);
    await page.goto('/affiliates');
    const summary = page.getByRole('region', { name: 'Affiliate summary' });
    await summary.getByText('Held until you add a payout destination').waitFor();
    expect(await summary.getByText('Due in the next payout').count()).toBe(0);
    const line = page.getByRole('row').filter({ hasText: buyerEmail });
    await line.getByText('Held', { exact: true }).waitFor();
    await line.getByText('Held until you add a payout destination').waitFor();
    await page.screenshot({ path: '/tmp/ux-m3-held-1280.png', fullPage: true });

    // The card's link leads to the payout destination form on the same page.
    await summary.getByRole('link', { name: 'Add a payout destination' }).click();
    // A jump within the page: no load event to wait for.
    await expect.poll(() => new URL(page.url()).hash).toBe('#payout-destination');
    await page.getByRole('region', { name: 'Payout destination' }).waitFor();
    await expect.poll(() => inView(page, 'payout-destination')).toBe(true);

    // The same at 360 px, with nothing scrolling sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/affiliates');
    await summary.getByText('Held until you add a payout destination').waitFor();
    // On a phone the earnings are a list of cards, one per earning, instead of a table.
    const card = page
      .getByRole('list', { name: 'Affiliate earnings' })
      .getByRole('listitem')
      .filter({ hasText: buyerEmail });
    await card.getByText('Held', { exact: true }).waitFor();
    await card.getByText('Held until you add a payout destination').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await page.screenshot({ path: '/tmp/ux-m3-held-360.png', fullPage: true });

    for (const session of [{ errors, close }, staff]) {
      expect(scriptErrors(session.errors)).toEqual([]);
      await session.close();
    }
    // The staff login may wait up to 30 s for a fresh TOTP period.
  }, 90_000);
});
