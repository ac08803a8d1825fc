import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  baseUrl,
  field,
  launchBrowser,
  openPage,
  scriptErrors,
  visitorAddress,
  type Browser,
  type Page,
} from './browser.ts';
import { chooseCurrency } from './buy.ts';
import { becomeAffiliate, logIn, verifiedAccount } from './accounts-api.ts';
import { ageEarnings } from './affiliate-helpers.ts';
import { waitForMail } from './mail-catcher.ts';
import { logInAsStaff, STAFF, openReviewQueue } from './staff.ts';

const AFFILIATE_PASSWORD = 'affiliate-pass-1';
const VISITOR_PASSWORD = 'visitor-pass-1';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Waits for the toast that says `text` (toasts live outside the dialogs). */
const toastSays = (page: Page, text: string | RegExp) =>
  page.getByRole('region', { name: 'Notifications' }).getByText(text).first().waitFor();

/** The console's settings screen: set the commission hold period. */
async function setHoldDays(page: Page, days: number) {
  await page.goto('/admin/settings');
  await page.getByRole('heading', { name: 'Presale settings', level: 1 }).waitFor();
  await field(page, 'Hold period (days)').fill(String(days));
  await page.getByRole('button', { name: 'Save settings' }).click();
  await toastSays(page, 'Settings saved');
}

/** True when the page itself does not scroll sideways at the current width. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('affiliate programme and staff console', () => {
  it('a referral buys by bank, staff accept it, the affiliate earns 20%', async () => {
    const stamp = Date.now();
    const mailDir = inject('mailDir');
    const affiliateEmail = `ari.affiliate.${stamp}@tmc.test`;
    const visitorEmail = `vic.visitor.${stamp}@tmc.test`;

    // The affiliate joins the programme on the profile and finds the link and the marketing kit.
    // The referred buyer comes from the affiliate's own address: staff see that fraud signal.
    const sharedAddress = visitorAddress();
    await verifiedAccount('Ari Affiliate', affiliateEmail, AFFILIATE_PASSWORD, sharedAddress);
    const affiliate = await openPage(browser, { address: sharedAddress });
    await logIn(affiliate.page, affiliateEmail, AFFILIATE_PASSWORD);
    const linkField = await becomeAffiliate(affiliate.page);
    const link = (await linkField.textContent()) ?? '';
    const code = new URL(link).searchParams.get('referral_code') ?? '';
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    const kit = affiliate.page.getByRole('region', { name: 'Marketing kit' });
    await kit.getByText(link).first().waitFor();
    expect(await kit.getByRole('button', { name: /^Copy message/ }).count()).toBeGreaterThanOrEqual(
      3,
    );
    const banner = await kit.getByRole('link', { name: 'Download 1200×630' }).getAttribute('href');
    const bannerFile = await fetch(`${baseUrl()}${banner}`);
    expect(bannerFile.status).toBe(200);
    expect(bannerFile.headers.get('content-type')).toContain('image/png');

    // A visitor opens the shared link (one click for the funnel) and signs up through it.
    const visitor = await openPage(browser, { address: sharedAddress });
    const click = visitor.page.waitForResponse((r) => r.url().endsWith('/v1/affiliate/click'));
    await visitor.page.goto(link);
    expect((await click).status()).toBe(200);
    await visitor.page.goto('/signup');
    const referralField = field(visitor.page, 'Referral Code');
    // The prerendered form fills in the stored referral code once the page runs.
    await expect.poll(() => referralField.inputValue()).toBe(code);
    expect(await referralField.isDisabled()).toBe(true);
    await field(visitor.page, 'Name').fill('Vic Visitor');
    await field(visitor.page, 'Email').fill(visitorEmail);
    await field(visitor.page, 'Password').fill(VISITOR_PASSWORD);
    await field(visitor.page, 'Confirm Password').fill(VISITOR_PASSWORD);
    await visitor.page.getByRole('button', { name: 'Terms and Conditions' }).click();
    await visitor.page
      .getByRole('dialog', { name: 'Terms and Conditions' })
      .getByRole('button', { name: 'Accept' })
      .click();
    await visitor.page.getByRole('button', { name: 'Sign Up' }).click();
    await visitor.page.waitForURL((url) => url.pathname === '/otp');
    const signupMail = await waitForMail(mailDir, visitorEmail, /\b(\d{4})\b/);
    await visitor.page.getByRole('textbox', { name: 'Digit 1' }).click();
    await visitor.page.keyboard.type(signupMail.match[1] as string);
    await visitor.page.getByRole('button', { name: 'Verify' }).click();
    await visitor.page.waitForURL((url) => url.pathname === '/login');
    await logIn(visitor.page, visitorEmail, VISITOR_PASSWORD);

    // ... and buys 1,000 AUD by bank transfer.
    await visitor.page.goto('/token/buy');
    await chooseCurrency(visitor.page, 'AUD');
    await field(visitor.page, 'Amount').fill('1000');
    await visitor.page.getByText('1,000.00 AUD').waitFor();
    await visitor.page.getByRole('button', { name: 'Accept', exact: true }).click();
    await visitor.page.getByRole('button', { name: 'Bank Transfer' }).click();
    await visitor.page.waitForURL((url) => url.pathname === '/token/buy/bank');
    await visitor.page.getByText('You pay into Demo Bank of Australia (test account).').waitFor();
    // The order first (its reference and the bank details), then the receipt.
    await visitor.page.getByRole('button', { name: 'Continue to bank transfer' }).click();
    const reference =
      (await visitor.page.getByTestId('payment-reference').textContent())?.trim() ?? '';
    expect(reference).toMatch(/^TMC-\w{6}$/);
    await visitor.page.getByLabel('Bank Receipt').setInputFiles({
      name: 'receipt.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
    });
    await visitor.page.getByRole('link', { name: 'receipt.pdf' }).waitFor();
    await visitor.page.getByRole('button', { name: 'Submit receipt' }).click();
    await visitor.page
      .getByRole('dialog', { name: 'SUCCESS' })
      .getByText(/Receipt attached/)
      .waitFor();

    // Staff: commissions become payable at once (hold period 0), then the request is accepted.
    const staff = await openPage(browser);
    await logInAsStaff(staff.page);
    await setHoldDays(staff.page, 0);
    await openReviewQueue(staff.page);
    await field(staff.page, 'Reference').fill(reference);
    const review = staff.page.getByRole('button', { name: `Review ${reference}` });
    await review.click();
    const dialog = staff.page.getByRole('dialog', { name: `Presale request ${reference}` });
    await dialog.getByText(visitorEmail).first().waitFor();
    await dialog.getByText(affiliateEmail).first().waitFor();
    await dialog.getByText('1,000.00 AUD').first().waitFor();
    // Both accounts were made from this machine: staff see it as a warning.
    await dialog.getByText(/same IP address as the affiliate/).waitFor();
    const receipt = dialog.getByRole('link', { name: /View Bank Receipt/ });
    // Buyers' files download; they never open as a page of the site.
    expect(await receipt.getAttribute('download')).toBe('');
    const served = await fetch((await receipt.getAttribute('href'))!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-disposition')).toBe('attachment');
    expect(served.headers.get('content-security-policy')).toBe('sandbox');
    // Only the decisions open to a Pending bank request are offered.
    for (const name of ['Accept', 'Reject', 'Not Accepted']) {
      await dialog.getByRole('button', { name, exact: true }).waitFor();
    }
    expect(await dialog.getByRole('button', { name: 'Revert', exact: true }).count()).toBe(0);
    await dialog.getByLabel('Admin remark').fill('Payment received, welcome aboard');
    await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
    await staff.page
      .getByRole('dialog', { name: `Accept request ${reference}?` })
      .getByRole('button', { name: 'Yes, Accept' })
      .click();
    await toastSays(staff.page, `${reference} is now Accepted`);

    // The buyer sees the decision and the remark.
    await visitor.page.goto('/presale-requests');
    const requestRow = visitor.page.getByRole('row').nth(1);
    await requestRow.getByText('Accepted', { exact: true }).waitFor();
    await requestRow.getByText('Payment received, welcome aboard').waitFor();

    // The affiliate sees a 20% earning, already approved, and the whole funnel.
    await affiliate.page.goto('/affiliates');
    // Spec: the heading is the list's count then 'Affiliates'.
    await affiliate.page.getByRole('heading', { name: '1 Affiliates', level: 1 }).waitFor();
    await affiliate.page.getByRole('heading', { name: 'Earnings', level: 2 }).waitFor();
    const earning = affiliate.page.getByRole('row').nth(1);
    const cells = await earning.getByRole('cell').allTextContents();
    expect(cells.slice(0, 5)).toEqual([
      visitorEmail,
      '1,000.00 AUD',
      '200.00 AUD',
      expect.stringMatching(/\d{2} \w{3} \d{4}/),
      'Bank',
    ]);
    expect(cells[5]).toContain('20%');
    // This affiliate gave no payout destination: the line says it is held, and how to end that.
    expect(cells[6]).toContain('Held until you add a payout destination');
    const funnel = await affiliate.page
      .getByRole('list', { name: 'Referral funnel' })
      .getByRole('listitem')
      .allTextContents();
    expect(funnel).toEqual(['1Clicks', '1Sign-ups', '1Verified', '1Buyers']);

    // Payouts: the weekly batch covers the last complete week (Monday 00:00 UTC cut-off), so an
    // earning made today is not due yet even with no hold period; the preview says so.
    await staff.page.goto('/admin/payouts');
    let preview = staff.page.getByRole('region', { name: 'Batch due, tier 1' });
    await preview.waitFor();
    await preview.getByText(/Cut-off Mon .*, 00:00 UTC.*0-day hold/).waitFor();
    expect(await preview.getByText(affiliateEmail).count()).toBe(0);

    // A week goes by: the earning moves into the last complete week, as only time would move it.
    await ageEarnings(affiliateEmail, 8);
    await staff.page.reload();
    preview = staff.page.getByRole('region', { name: 'Batch due, tier 1' });
    // The affiliate has not said where to pay them: the line is held, nothing can be paid.
    const held = preview.getByRole('table', { name: 'Held' });
    // Other held affiliates of the run may be listed too: this affiliate's row.
    await held
      .getByRole('row')
      .filter({ hasText: affiliateEmail })
      .getByText('Held: no payout destination yet')
      .waitFor();
    expect(await preview.getByRole('table', { name: /^Batch due for/ }).count()).toBe(0);
    expect(await preview.getByRole('button', { name: 'Create batch' }).isDisabled()).toBe(true);

    // The affiliate gives a bank account in AUD, confirmed with the password.
    await affiliate.page.goto('/affiliates');
    const destination = affiliate.page.getByRole('region', { name: 'Payout destination' });
    await destination.getByText(/until you do, your payout is held/).waitFor();
    await destination.getByLabel('Account name').fill('Ari Affiliate');
    await destination.getByLabel('BSB').fill('062000');
    await destination.getByLabel('Account number').fill('12345678');
    await destination.getByLabel('Password').fill('not-my-password');
    await destination.getByRole('button', { name: 'Save payout destination' }).click();
    await destination.getByText('Password is incorrect').waitFor();
    await destination.getByLabel('Password').fill(AFFILIATE_PASSWORD);
    await destination.getByRole('button', { name: 'Save payout destination' }).click();
    await toastSays(affiliate.page, 'Payout destination saved');
    await destination.getByText('AUD bank: Ari Affiliate, BSB 062-000, account 12345678').waitFor();

    await staff.page.reload();
    preview = staff.page.getByRole('region', { name: 'Batch due, tier 1' });
    await preview
      .getByRole('table', { name: /^Batch due for/ })
      .getByText(affiliateEmail)
      .waitFor();
    await preview.getByRole('button', { name: 'Create batch' }).click();
    await staff.page.getByRole('dialog').getByRole('button', { name: 'Create batch' }).click();
    await toastSays(staff.page, /created/i);

    const batch = staff.page
      .getByRole('table', { name: 'Tier 1 payout batches' })
      .getByRole('row')
      .nth(1);
    await batch.getByText('200.00 AUD').waitFor();
    const download = staff.page.waitForEvent('download');
    await batch.getByRole('button', { name: 'Download CSV' }).click();
    const csv = await (await download).createReadStream();
    let csvText = '';
    for await (const chunk of csv) csvText += String(chunk);
    expect(csvText).toMatch(/^"affiliate","email","wallet","payout_destination","amount_aud"/);
    expect(csvText).toContain('"AUD bank: Ari Affiliate, BSB 062-000, account 12345678"');
    expect(csvText).toContain(`"${affiliateEmail}",`);
    expect(csvText).toContain('200.00');

    await batch.getByRole('button', { name: 'Mark paid' }).click();
    await staff.page
      .getByRole('dialog')
      .getByLabel(/Transfer reference/)
      .fill('BATCH-2026-W47');
    await staff.page
      .getByRole('dialog')
      .getByLabel(/Total transferred/)
      .fill('200.00');
    await staff.page.getByRole('dialog').getByRole('button', { name: 'Mark paid' }).click();
    await toastSays(staff.page, /paid/i);
    await batch.getByText('BATCH-2026-W47').waitFor();

    // The affiliate sees the earning paid, and was told by e-mail.
    await affiliate.page.goto('/affiliates');
    await affiliate.page.getByRole('row').nth(1).getByText('Paid', { exact: true }).waitFor();
    // The payout e-mail itself, not the earlier referral e-mail (which also names A$200.00).
    const payout = await waitForMail(
      inject('mailDir'),
      affiliateEmail,
      /We have paid your weekly affiliate commission: A\$(\S+)\./,
    );
    expect(payout.mail.subject).toBe('Your TMC affiliate payout is on its way');
    expect(payout.match[1]).toBe('200.00');
    expect(payout.mail.text).toContain('Payment reference: BATCH-2026-W47');

    // Every staff action is in the audit log, with its before and after.
    await staff.page.goto('/admin/audit-log');
    await staff.page.getByRole('combobox', { name: 'Action' }).selectOption('purchase.status');
    // Readable: the action in words, the request by its reference, "Pending → Accepted".
    const auditRow = staff.page.getByRole('row').nth(1);
    await auditRow.getByText('Presale request reviewed').waitFor();
    await auditRow.getByText(STAFF.email).waitFor();
    await auditRow.getByText(/^TMC-[A-Z0-9]+$/).waitFor();
    const status = auditRow.getByRole('listitem').filter({ hasText: 'Status:' });
    expect((await status.textContent())?.replace(/\s+/g, ' ').trim()).toBe(
      'Status: Pending → changed to Accepted',
    );

    // The console fits a phone: its menu scrolls sideways, the page does not.
    await staff.page.setViewportSize({ width: 360, height: 740 });
    await staff.page.goto('/admin/reviews');
    await staff.page.getByRole('heading', { name: /Review queue/, level: 1 }).waitFor();
    expect(await fitsWidth(staff.page)).toBe(true);

    // Leave the default hold period for the other suites.
    await staff.page.setViewportSize({ width: 1280, height: 800 });
    await setHoldDays(staff.page, 7);

    for (const session of [affiliate, visitor, staff]) {
      expect(scriptErrors(session.errors)).toEqual([]);
      await session.close();
    }
    // The whole programme in one walk; the staff login may wait up to 30 s for a fresh TOTP period.
  }, 120_000);
});
