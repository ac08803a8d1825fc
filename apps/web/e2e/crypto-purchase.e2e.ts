import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatAmount } from '@tmc/shared';
import { launchBrowser, openPage, scriptErrors, type Browser } from './browser.ts';
import { waitForMail } from './mail-catcher.ts';
import {
  PASSWORD,
  amountDue,
  devPay,
  logInBuyer,
  orderOnBuyPage,
  verifiedBuyer,
  whileAnotherCopyWatches,
} from './crypto-helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const short = (hash: string) => `${hash.slice(0, 6)}…${hash.slice(-4)}`;

describe('crypto purchase', () => {
  it('orders 0.05 ETH, pays on chain and verifies it from Transactions', async () => {
    const { page, errors, close } = await openPage(browser);
    await logInBuyer(page, await verifiedBuyer('Quinn'));

    await orderOnBuyPage(page, 'Ethereum', '0.05');
    await page.getByText('0.05 ETH', { exact: true }).waitFor();
    // Seeded rates and price: 0.05 ETH / 0.0002 = 250 AUD, / 0.02 = 12,500 TMC.
    await page.getByText('250.00 AUD').waitFor();
    await page.getByText('12,500.00 TMC').waitFor();
    // No wallet, QR or amount to pay before the order exists: the exact amount comes with it.
    await page
      .getByText(/the exact amount to send in ETH is quoted when you place the order/)
      .waitFor();
    expect(await page.getByRole('img', { name: /QR code/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Submit' }).click();

    const dialog = page.getByRole('dialog', { name: 'Presale request submitted' });
    await dialog.waitFor();
    const due = await amountDue(page, 'ETH', '0.05');
    await dialog.getByRole('button', { name: 'Verify later' }).click();
    await page.waitForURL((url) => url.pathname === '/transaction');
    await page.getByRole('button', { name: 'Verify', exact: true }).waitFor();
    await page.goto('/presale-requests');
    await page.getByRole('heading', { name: '1 Presale Requests', level: 1 }).waitFor();
    await page.getByRole('cell', { name: 'Pending' }).waitFor();

    const hash = await whileAnotherCopyWatches(async () => {
      const hash = await devPay(due, 'ETH');
      await page.goto('/transaction');
      await page.getByRole('heading', { name: '1 Transactions', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      const verify = page.getByRole('dialog', { name: 'Verify Payment' });
      await verify
        .getByText(
          'Keep this tab open: do not refresh or close it until your transfer is verified.',
        )
        .waitFor();
      await verify.getByText(`${formatAmount(due, 18)} ETH`).waitFor();
      await verify.getByLabel('Transaction Hash').fill(hash);
      await verify.getByRole('button', { name: 'Verify After Pay' }).click();
      await verify.waitFor({ state: 'detached' });
      await page.getByText('Payment verified, your presale request is accepted').waitFor();
      return hash;
    });
    const row = page.getByRole('row', { name: /Crypto wallet/ });
    await row.getByText('Success').waitFor();
    await row.getByText(short(hash)).waitFor();
    expect(await page.getByRole('button', { name: 'Verify', exact: true }).count()).toBe(0);

    await page.goto('/presale-requests');
    await page.getByRole('cell', { name: 'Accepted' }).waitFor();

    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });

  it('orders USDC and verifies right in the confirmation', async () => {
    const { page, errors, close } = await openPage(browser);
    await logInBuyer(page, await verifiedBuyer('Riley'));

    await orderOnBuyPage(page, 'USD Coin', '40');
    await page.getByRole('button', { name: 'Submit' }).click();
    const due = await amountDue(page, 'USDC', '40');

    // A malformed hash is refused before it reaches the server.
    const dialog = page.getByRole('dialog', { name: 'Presale request submitted' });
    await dialog.getByLabel('Transaction Hash').fill('0x1234');
    await dialog.getByRole('button', { name: 'Verify After Pay' }).click();
    await dialog.getByText('Transaction hash must be 0x followed by 64 hex characters').waitFor();

    const hash = await whileAnotherCopyWatches(async () => {
      const hash = await devPay(due, 'USDC');
      await dialog.getByLabel('Transaction Hash').fill(hash);
      await dialog.getByRole('button', { name: 'Verify After Pay' }).click();
      await page.waitForURL((url) => url.pathname === '/presale-requests');
      await page.getByText('Payment verified, your presale request is accepted').waitFor();
      return hash;
    });
    await page.getByRole('cell', { name: 'Accepted' }).waitFor();

    await page.goto('/transaction');
    const row = page.getByRole('row', { name: /Crypto wallet/ });
    await row
      .getByText(`${formatAmount(due, 6, 2)} USDC`)
      .first()
      .waitFor();
    await row.getByText(short(hash)).waitFor();

    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });

  it('has a guest accept the purchase terms, then verify the e-mail with the first code right on the success screen', async () => {
    const { page, errors, close } = await openPage(browser);
    const email = `quinn.${Date.now()}@tmc.test`;
    await orderOnBuyPage(page, 'Ethereum', '0.05');
    await page.getByRole('button', { name: 'Submit' }).click();

    const guest = page.getByRole('dialog', { name: 'Almost there' });
    await guest.getByLabel('Name', { exact: true }).fill('Quinn');
    await guest.getByLabel('Email', { exact: true }).fill(email);
    await guest.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await guest.getByRole('button', { name: 'Terms and Conditions' }).click();
    const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await terms.getByRole('heading', { name: /When and how tokens are delivered/ }).waitFor();
    await terms.getByRole('button', { name: 'Accept' }).click();
    await guest.getByRole('button', { name: 'Create account and submit' }).click();

    const success = page.getByRole('dialog', { name: 'Presale request submitted' });
    const verify = success.getByRole('region', { name: 'Verify your e-mail' });
    await verify.getByText(`We sent a 4-digit code to ${email}`).waitFor();
    const { match } = await waitForMail(inject('mailDir'), email, /^\s*(\d{4})\s*$/m);
    await verify.getByRole('textbox', { name: 'Digit 1' }).click();
    await page.keyboard.type(match[1]!);
    await verify.getByRole('button', { name: 'Verify' }).click();
    await verify.waitFor({ state: 'detached' });

    await success.getByRole('button', { name: 'Close' }).click();
    await page
      .getByRole('button', { name: /account menu/i })
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: 'Verify your e-mail' }).count()).toBe(0);
    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });

  it('fits the crypto screens on a 360 px phone', async () => {
    const { page, errors, close } = await openPage(browser, { width: 360, height: 740 });
    await logInBuyer(page, await verifiedBuyer('Sky'));
    await orderOnBuyPage(page, 'Ethereum', '0.05');
    await page.getByText('0.05 ETH', { exact: true }).waitFor();
    // body clips horizontal overflow, so look for content that would be cut off instead.
    const cutOff = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('main *, [role="dialog"] *'))
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .map((el) => el.outerHTML.slice(0, 80)),
      );
    expect(await cutOff()).toEqual([]);

    await page.getByRole('button', { name: 'Submit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Presale request submitted' });
    await dialog.waitFor();
    expect(await cutOff()).toEqual([]);
    await dialog.getByRole('button', { name: 'Verify later' }).click();
    await page.waitForURL((url) => url.pathname === '/transaction');

    // On a phone each payment is a card, its Verify button on screen without scrolling sideways.
    await page.goto('/transaction');
    await page.getByRole('heading', { name: '1 Transactions', level: 1 }).waitFor();
    const card = page.getByRole('list', { name: 'Transactions' }).getByRole('listitem');
    await card.getByText('Crypto wallet').waitFor();
    await card.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByRole('dialog', { name: 'Verify Payment' }).waitFor();
    expect(await cutOff()).toEqual([]);

    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });
});
