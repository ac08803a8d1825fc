import { siteQuery } from './site-db.ts';
import { describe, expect, inject, it } from 'vitest';
import { formatEther, parseEther, toHex } from 'viem';
import { field, useBrowser, openPage, scriptErrors, type Browser, type Page } from './browser.ts';
import { amountDue, logInBuyer, verifiedBuyer } from './crypto-helpers.ts';
import { devAccount, injectWallet } from './injected-wallet.ts';
import { waitForMail } from './mail-catcher.ts';

/**
 * Partial payments in the browser (BTCPay's "partially paid"): a buyer pays 0.02 of a 0.05 ETH
 * quote from the wallet Pay with wallet proves, sees the order partially paid with what is missing
 * and by when on every screen and in an e-mail, sends the rest from the same wallet on the order
 * page, and the order is credited in full at the quote. (The quote that ends first, credited by
 * value, is money-views.e2e.ts.) Dev account 4 pays: no other browser test proves it.
 */

let browser: Browser;
useBrowser((launched) => {
  browser = launched;
});

const WATCHER_WAIT = { timeout: 50_000 };

const query = async <T extends object>(text: string, values: unknown[]) =>
  (await siteQuery<T>(text, values)).rows;

async function storedOrder(email: string) {
  const rows = await query<{
    reference: string;
    purchase_id: string;
    status: number;
    token_amount: string;
    quote_base_units: string;
    received_base_units: string | null;
    paid_base_units: string | null;
  }>(
    `select p.reference, p.id as purchase_id, p.status, p.token_amount, t.quote_base_units,
            t.received_base_units, t.paid_base_units
     from purchases p join users u on u.id = p.user_id join transactions t on t.purchase_id = p.id
     where u.email = $1 order by p.created_at desc limit 1`,
    [email],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

async function orderEth(page: Page) {
  await page.goto('/token/buy');
  await page.locator('label', { hasText: 'Ethereum' }).click();
  await field(page, 'Amount').fill('0.05');
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  await page.getByRole('button', { name: 'Crypto Transfer' }).click();
  await page.waitForURL((url) => url.pathname === '/token/buy/crypto');
  await page.getByRole('button', { name: 'Submit' }).click();
  return amountDue(page, 'ETH', '0.05');
}

describe('a short payment from a proven wallet, then the rest', () => {
  it('is partially paid with what is missing on the dialog, order page, transactions and e-mail, and credited in full once the rest arrives', async () => {
    const account = await devAccount(4);
    const email = await verifiedBuyer('Erin');

    // The first page's wallet sends 0.02 ETH whatever the page asks.
    const first = await openPage(browser);
    await injectWallet(first.page, account, { sendValue: toHex(parseEther('0.02')) });
    await logInBuyer(first.page, email);
    const due = await orderEth(first.page);
    const missing = formatEther(parseEther(due) - parseEther('0.02'));
    // Said before payment: what happens to a short payment.
    const dialog = first.page.getByRole('dialog', { name: 'Presale request submitted' });
    await dialog
      .getByText(/the order stays open as partially paid until the quote expires/)
      .waitFor();
    const panel = dialog.getByRole('region', { name: 'Pay from this browser' });
    await panel.getByRole('button', { name: 'Pay with wallet' }).click();
    await panel
      .getByText(
        `Partially paid: we received 0.02 ETH of the ${due} ETH due, ${missing} ETH is missing.`,
        { exact: false },
      )
      .waitFor(WATCHER_WAIT);
    const open = await storedOrder(email);
    expect(open).toMatchObject({ status: 0, received_base_units: parseEther('0.02').toString() });

    // The e-mail: what is missing, by when.
    const { mail } = await waitForMail(inject('mailDir'), email, /ETH is missing\./);
    expect(mail.subject).toMatch(
      new RegExp(`partially paid: ${missing.replace('.', '\\.')} ETH missing by `),
    );

    // The order page: badge, what arrived, what is missing, and how to send it.
    await first.page.goto(`/presale-requests/${open.purchase_id}`);
    await first.page.getByText('Partially paid', { exact: true }).first().waitFor();
    await first.page
      .getByText(
        `Partially paid: we received 0.02 ETH of the ${due} ETH due. ${missing} ETH is missing.`,
      )
      .first()
      .waitFor();
    await first.page.getByText('Still missing').waitFor();
    await first.page.getByRole('button', { name: 'Copy amount missing' }).waitFor();
    await expect
      .poll(() => first.page.getByRole('button', { name: /cancel order/i }).count())
      .toBe(0);

    // Transactions: partially paid, with the figures.
    await first.page.goto('/transaction');
    await first.page
      .getByText(new RegExp(`Received 0\\.02 of ${due.replace('.', '\\.')} ETH: `))
      .waitFor();
    expect(scriptErrors(first.errors)).toEqual([]);
    await first.close();

    // The rest, from the same wallet, on the order page: the wallet sends what the page asks.
    const second = await openPage(browser);
    await injectWallet(second.page, account);
    await logInBuyer(second.page, email);
    await second.page.goto(`/presale-requests/${open.purchase_id}`);
    await second.page.getByRole('button', { name: 'Pay with wallet' }).click();
    await expect
      .poll(async () => (await storedOrder(email)).status, { timeout: 90_000, interval: 3_000 })
      .toBe(1);
    const paid = await storedOrder(email);
    expect(paid.paid_base_units).toBe(paid.quote_base_units);
    expect(paid.token_amount).toBe(open.token_amount);
    await second.page.reload();
    await second.page.getByText(/^Payment verified: [\d,.]+ TMC are allocated to you\.$/).waitFor();
    const verified = await waitForMail(
      inject('mailDir'),
      email,
      /your presale request TMC-\w+ is accepted/,
    );
    expect(verified.mail.text).toContain(`payment of ${due} ETH`);
    expect(verified.mail.text).not.toContain(' short');
    expect(scriptErrors(second.errors)).toEqual([]);
    await second.close();
  }, 240_000);
});
