import { inject, expect } from 'vitest';
import { Decimal } from 'decimal.js';
import { compareDecimals } from '@tmc/shared';
import { baseUrl, visitorAddress, type Page } from './browser.ts';
import { waitForMail } from './mail-catcher.ts';

export const PASSWORD = 'crypto-pass-1';

/** Chrome logs every 4xx answer as a console error; those are expected here, script errors are not. */
export const scriptErrors = (errors: string[]) =>
  errors.filter((e) => !e.startsWith('Failed to load resource'));

export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

export async function post(pathname: string, body: unknown) {
  const response = await fetch(`${baseUrl()}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': visitorAddress() },
    body: JSON.stringify(body),
  });
  expect(response.status, `${pathname}: ${await response.clone().text()}`).toBeLessThan(300);
}

/** A verified account made through the API, the code read from the real mail. */
export async function verifiedBuyer(name: string) {
  const email = `${name.toLowerCase()}.${Date.now()}@tmc.test`;
  await post('/v1/auth/signup', { email, name, password: PASSWORD });
  const { match } = await waitForMail(inject('mailDir'), email, /\b(\d{4})\b/);
  await post('/v1/auth/otpVerification', { email, otp: match[1] });
  return email;
}

export async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(PASSWORD);
  await field(page, 'Password').press('Enter');
  await page.waitForURL((url) => url.pathname === '/');
}

/** The Buy page's crypto path: coin, amount, disclaimer, Crypto Transfer. */
export async function orderOnBuyPage(page: Page, coinHint: string, amount: string) {
  await page.goto('/token/buy');
  await page.locator('label', { hasText: coinHint }).click();
  await field(page, 'Amount').fill(amount);
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  await page.getByRole('button', { name: 'Crypto Transfer' }).click();
  await page.waitForURL((url) => url.pathname === '/token/buy/crypto');
  await page.getByRole('heading', { name: 'Pay with Crypto Transfer', level: 1 }).waitFor();
}

/**
 * The exact amount due as the success dialog shows it, read from the page: the server quotes the
 * nominal amount plus a small per-order tag (at most 0.1% above it) and credits only that exact
 * amount, so this is what the buyer pays.
 */
export async function amountDue(page: Page, coin: string, nominal: string) {
  const dialog = page.getByRole('dialog', { name: 'Presale request submitted' });
  const text = await dialog.locator('strong', { hasText: coin }).first().textContent();
  const amount = /^([\d.]+) /.exec(text ?? '')?.[1];
  expect(amount, text ?? '').toMatch(/^\d+(\.\d+)?$/);
  const due = amount as string;
  expect(compareDecimals(due, nominal), `${due} is below ${nominal}`).toBeGreaterThanOrEqual(0);
  const ceiling = new Decimal(nominal).times('1.001').toFixed();
  expect(compareDecimals(due, ceiling), `${due} is over 0.1% above ${nominal}`).toBeLessThanOrEqual(
    0,
  );
  await dialog
    .getByRole('img', {
      name: `QR code of the payment request: ${due} ${coin} to the company wallet`,
    })
    .waitFor();
  await dialog.getByText(/^Quote valid for \d{2}:\d{2}$/).waitFor();
  return due;
}
