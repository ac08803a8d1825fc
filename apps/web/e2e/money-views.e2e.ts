import { siteQuery } from './site-db.ts';
import { Decimal } from 'decimal.js';
import type { Locator } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { formatEther, getAddress, parseEther, toHex } from 'viem';
import { compareDecimals, formatFigure, paymentProgressText } from '@tmc/shared';
import { formatMoney } from '../src/lib/format.ts';
import { field, useBrowser, openPage, scriptErrors, type Browser, type Page } from './browser.ts';
import { amountDue, devPay, logInBuyer, verifiedBuyer } from './crypto-helpers.ts';
import { devAccount, injectWallet } from './injected-wallet.ts';
import { waitForMail } from './mail-catcher.ts';
import { staffSession, openReviewQueue } from './staff.ts';

let browser: Browser;
let staff: Page;
useBrowser(async (launched) => {
  browser = launched;
  staff = await staffSession(browser);
});

/** The watcher reads new blocks every 15 s in this suite; the page polls with backoff. */
const WATCHER_WAIT = { timeout: 50_000 };

/** The text of the <dd> that follows the <dt> with this label, within `scope`. */
async function shown(scope: Page | Locator, label: string) {
  const dd = scope.locator('dt', { hasText: label }).first().locator('xpath=following-sibling::dd');
  return ((await dd.first().textContent()) ?? '').trim();
}

const query = async <T extends object>(text: string, values: unknown[]) =>
  (await siteQuery<T>(text, values)).rows;

/** The reference of the buyer's newest order (the payment dialog shows the amount, not it). */
async function newestReference(email: string) {
  const rows = await query<{ reference: string }>(
    `select p.reference from purchases p join users u on u.id = p.user_id
     where u.email = $1 order by p.created_at desc limit 1`,
    [email],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!.reference;
}

/** The stored order and its payment, as the site's database holds them. */
async function storedOrder(reference: string) {
  const rows = await query<{
    investment_amount: string;
    token_amount: string;
    user_amount: string;
    status: number;
    quote_base_units: string | null;
    paid_base_units: string | null;
    txn_hash: string | null;
    credit_override: string | null;
  }>(
    `select p.investment_amount, p.token_amount, p.user_amount, p.status,
            t.quote_base_units, t.paid_base_units, t.txn_hash, t.credit_override
     from purchases p join transactions t on t.purchase_id = p.id
     where p.reference = $1 order by t.created_at desc limit 1`,
    [reference],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** The buy page's ETH path up to the crypto page, with the figures each page showed. */
async function orderEth(page: Page, email: string, amount: string) {
  await page.goto('/token/buy');
  await page.locator('label', { hasText: 'Ethereum' }).click();
  await field(page, 'Amount').fill(amount);
  await page.waitForFunction(() =>
    [...document.querySelectorAll('dt')].some(
      (dt) => dt.textContent === 'You will get' && dt.nextElementSibling?.textContent !== '-',
    ),
  );
  const buy = {
    aud: await shown(page, 'Converted amount'),
    tokens: await shown(page, 'You will get'),
  };
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  await page.getByRole('button', { name: 'Crypto Transfer' }).click();
  await page.waitForURL((url) => url.pathname === '/token/buy/crypto');
  await page.getByRole('heading', { name: 'Pay with Crypto Transfer', level: 1 }).waitFor();
  const cryptoPage = {
    aud: await shown(page, 'Value in AUD'),
    tokens: await shown(page, 'You will get'),
  };
  await page.getByRole('button', { name: 'Submit' }).click();
  const due = await amountDue(page, 'ETH', amount);
  const dialog = page.getByRole('dialog', { name: 'Presale request submitted' });
  return { buy, cryptoPage, due, reference: await newestReference(email), dialog };
}

/** The order's page, opened from My TMC, with its Amounts figures. */
async function orderPage(page: Page, reference: string) {
  await page.goto('/presale-requests');
  await page.getByRole('link', { name: new RegExp(reference) }).click();
  await page.getByRole('heading', { name: `Presale request ${reference}`, level: 1 }).waitFor();
  const amounts = page.getByRole('region', { name: 'Amounts' });
  return {
    tokens: await shown(amounts, 'Tokens'),
    aud: await shown(amounts, 'Amount (AUD)'),
    crypto: await shown(amounts, 'Amount (ETH)'),
  };
}

/** Staff: the review queue filtered to one reference (any status, mode, receipt), its row and details. */
async function staffView(reference: string) {
  await staff.goto('/admin');
  await openReviewQueue(staff);
  for (const filter of ['Status', 'Payment mode', 'Receipt'])
    await field(staff, filter).selectOption({ label: 'All' });
  await field(staff, 'Reference').fill(reference);
  const row = staff.getByRole('row', { name: new RegExp(reference) });
  await row.waitFor();
  const rowText = (await row.textContent()) ?? '';
  await staff.getByRole('button', { name: `Review ${reference}` }).click();
  const dialog = staff.getByRole('dialog', { name: `Presale request ${reference}` });
  await dialog.waitFor();
  const view = {
    row: rowText,
    aud: await shown(dialog, 'Investment'),
    tokens: await shown(dialog, 'Tokens'),
    quoted: await shown(dialog, 'Amount'),
    received: await shown(dialog, 'Received'),
    override: (await dialog.locator('dt', { hasText: 'Credit override' }).count())
      ? await shown(dialog, 'Credit override')
      : null,
    hash: (await dialog.locator('code[title^="0x"]').first().getAttribute('title')) ?? '',
  };
  await staff.keyboard.press('Escape');
  return view;
}

const decimal = (x: string) => new Decimal(x).toFixed();

describe('one crypto order, the same figures everywhere', () => {
  it('buy page, payment dialog, order page, database, e-mail and staff view agree on AUD, tokens and the exact ETH', async () => {
    const { page, errors, close } = await openPage(browser);
    const email = await verifiedBuyer('Fiona');
    await logInBuyer(page, email);

    const { buy, cryptoPage, due, reference, dialog } = await orderEth(page, email, '0.05');
    expect(cryptoPage).toEqual(buy);
    // The dialog copies the exact amount: what the buyer sends is what is stored.
    await dialog.getByRole('button', { name: 'Copy amount due' }).waitFor();
    const placed = await storedOrder(reference);
    expect(formatEther(BigInt(placed.quote_base_units!))).toBe(due);
    expect(formatMoney(placed.investment_amount, 'AUD')).toBe(buy.aud);
    expect(formatMoney(placed.token_amount, 'TMC')).toBe(buy.tokens);

    const hash = await devPay(due, 'ETH');
    await dialog.getByText(/^Payment verified: .+ are allocated to you\.$/).waitFor(WATCHER_WAIT);

    const stored = await storedOrder(reference);
    expect(stored).toMatchObject({
      status: 1,
      txn_hash: hash,
      paid_base_units: parseEther(due).toString(),
      credit_override: null,
    });
    expect(decimal(stored.token_amount)).toBe(decimal(placed.token_amount));
    expect(decimal(stored.investment_amount)).toBe(decimal(placed.investment_amount));

    const onOrder = await orderPage(page, reference);
    expect(onOrder).toEqual({ tokens: buy.tokens, aud: buy.aud, crypto: `${due} ETH` });
    expect(await page.getByTestId('verified-amount').count()).toBe(0);

    const { mail } = await waitForMail(inject('mailDir'), email, new RegExp(hash));
    expect(mail.text).toContain(`We found your payment of ${due} ETH on the chain`);
    expect(mail.text).toContain(`${formatFigure(stored.token_amount)} TMC are allocated to you`);
    expect(`${formatFigure(stored.token_amount)} TMC`).toBe(buy.tokens);

    const seen = await staffView(reference);
    expect(seen).toMatchObject({
      aud: buy.aud,
      tokens: buy.tokens,
      quoted: `${due} ETH`,
      received: `${due} ETH`,
      override: null,
      hash,
    });
    expect(seen.row).toContain(buy.aud);
    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });
});

describe('a proven wallet that pays another amount than quoted', () => {
  it('proves the wallet with personal_sign, pays 0.02 of a 0.05 ETH quote from it, is partially paid until the quote ends, then credited by value for buyer and staff', async () => {
    const { page, errors, close } = await openPage(browser);
    const account = await devAccount(9);
    const sentValue = '0.02';
    const calls = await injectWallet(page, account, { sendValue: toHex(parseEther(sentValue)) });
    const email = await verifiedBuyer('Petra');
    await logInBuyer(page, email);

    const { buy, due, reference, dialog } = await orderEth(page, email, '0.05');
    const panel = dialog.getByRole('region', { name: 'Pay from this browser' });
    await panel.getByRole('button', { name: 'Pay with wallet' }).click();
    // Less than due from a proven wallet: the order stays open for the rest (partially paid).
    await panel.getByText(/^Partially paid: we received 0\.02 ETH of the /).waitFor(WATCHER_WAIT);
    // The quote ends without the rest: the lapse job (every minute) credits the value received.
    await query(
      `update transactions set quote_expires_at = now() - interval '2 days'
       where purchase_id = (select id from purchases where reference = $1)`,
      [reference],
    );
    await expect
      .poll(async () => (await storedOrder(reference)).status, {
        timeout: 150_000,
        interval: 3_000,
      })
      .toBe(1);

    // The wallet proved itself (SIWE, signed on the dev node) before it paid.
    const signs = calls.filter((c) => c.method === 'personal_sign');
    expect(signs).toHaveLength(1);
    const signedAt = calls.indexOf(signs[0]!);
    const sentAt = calls.findIndex((c) => c.method === 'eth_sendTransaction');
    expect(signedAt).toBeLessThan(sentAt);
    expect(getAddress(signs[0]!.params[1] as string)).toBe(account);

    const stored = await storedOrder(reference);
    expect(stored.status).toBe(1);
    expect(stored.paid_base_units).toBe(parseEther(sentValue).toString());
    expect(stored.credit_override).toBeNull();
    // By value: 0.02 of the quote's ETH at the order's frozen rate, never more.
    const quotedTokens = buy.tokens.replace(/[^\d.]/g, '');
    expect(compareDecimals(stored.token_amount, quotedTokens)).toBe(-1);
    const share = new Decimal(sentValue).div('0.05');
    const expectedTokens = new Decimal(quotedTokens).times(share);
    // Within a cent's worth of rounding (AUD rounds down to the cent first).
    expect(expectedTokens.minus(stored.token_amount).abs().lte(1)).toBe(true);
    const tokens = formatMoney(stored.token_amount, 'TMC');
    const aud = formatMoney(stored.investment_amount, 'AUD');

    // The buyer: tokens credited, and what arrived against the quote, on the page and timeline.
    const onOrder = await orderPage(page, reference);
    expect(onOrder).toEqual({ tokens, aud, crypto: `${due} ETH` });
    const shortfall = new Decimal(due).minus(sentValue).toFixed();
    const byValue = paymentProgressText.verifiedOtherAmount(
      sentValue,
      due,
      'ETH',
      false,
      shortfall,
    );
    expect(await page.getByTestId('verified-amount').textContent()).toBe(byValue);
    await page
      .getByRole('list', { name: 'Order status' })
      .getByText(`Your payment was found on the chain. ${byValue}`)
      .waitFor();
    const { mail } = await waitForMail(inject('mailDir'), email, new RegExp(stored.txn_hash!));
    expect(mail.text).toContain(`${formatFigure(stored.token_amount)} TMC are allocated to you`);

    // Staff: the order with the reduced tokens, the quote, what was received and the transfer.
    const seen = await staffView(reference);
    expect(seen).toMatchObject({
      aud,
      tokens,
      quoted: `${due} ETH`,
      received: `${sentValue} ETH`,
      override: null,
      hash: stored.txn_hash,
    });
    expect(scriptErrors(errors)).toEqual([]);
    await close();
  }, 240_000);
});

describe('a staff override', () => {
  it('credits the whole order for a short transfer, and the buyer timeline and staff details show it', async () => {
    const { page, errors, close } = await openPage(browser);
    const email = await verifiedBuyer('Otto');
    await logInBuyer(page, email);
    const { buy, due, reference, dialog } = await orderEth(page, email, '0.05');
    await dialog.getByRole('button', { name: 'Verify later' }).click();

    // Sent from a wallet nobody proved: listed for staff, nothing credited.
    const hash = await devPay('0.01', 'ETH');
    await page.goto('/presale-requests');
    await staff.goto('/admin');
    await staff
      .getByRole('navigation', { name: 'Staff console' })
      .getByRole('link', { name: 'Unmatched payments' })
      .click();
    const short = `${hash.slice(0, 6)}…${hash.slice(-4)}`;
    const assign = staff.getByRole('button', { name: `Assign payment ${short}` });
    await expect
      .poll(
        async () => {
          if (await assign.count()) return true;
          await staff.reload();
          return false;
        },
        { timeout: 50_000, interval: 3_000 },
      )
      .toBe(true);
    await assign.click();
    const form = staff.getByRole('dialog', { name: 'Assign payment to an order' });
    await form.getByLabel('Order reference', { exact: true }).fill(reference);
    await form
      .getByLabel('Credit the whole order although the transfer is less than due (override)')
      .check();
    const reason = 'Rest paid in cash at the office, receipt 17';
    await form.getByLabel('Reason for the override', { exact: true }).fill(reason);
    await form.getByLabel('Remark (optional)', { exact: true }).fill('Buyer called');
    await form.getByRole('button', { name: 'Assign payment' }).click();
    await form.waitFor({ state: 'hidden' });

    const stored = await storedOrder(reference);
    expect(stored).toMatchObject({
      status: 1,
      txn_hash: hash,
      paid_base_units: parseEther('0.01').toString(),
      credit_override: reason,
    });
    expect(formatMoney(stored.token_amount, 'TMC')).toBe(buy.tokens);

    const onOrder = await orderPage(page, reference);
    expect(onOrder.tokens).toBe(buy.tokens);
    const overridden = paymentProgressText.verifiedOtherAmount(
      '0.01',
      due,
      'ETH',
      true,
      new Decimal(due).minus('0.01').toFixed(),
    );
    await page
      .getByRole('list', { name: 'Order status' })
      .getByText(`Your payment was found on the chain. ${overridden}`)
      .waitFor();

    const seen = await staffView(reference);
    expect(seen).toMatchObject({
      tokens: buy.tokens,
      quoted: `${due} ETH`,
      received: '0.01 ETH',
      override: `Credited in full ${reason}`,
      hash,
    });
    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });
});
