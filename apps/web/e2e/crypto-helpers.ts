import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { Decimal } from 'decimal.js';
import { compareDecimals } from '@tmc/shared';
import { logIn, verifiedAccount } from './accounts-api.ts';
import { field, type Page } from './browser.ts';

export const PASSWORD = 'crypto-pass-1';

/** A verified buyer made through the API; answers the e-mail. */
export async function verifiedBuyer(name: string) {
  const email = `${name.toLowerCase()}.${Date.now()}@tmc.test`;
  await verifiedAccount(name, email, PASSWORD);
  return email;
}

/** Signs a buyer made by {@link verifiedBuyer} in. */
export const logInBuyer = (page: Page, email: string) => logIn(page, email, PASSWORD);

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

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Pays the company wallet on the site's dev chain with the dev pay command; answers the hash. */
export async function devPay(amount: string, currency: 'ETH' | 'USDC') {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/api/src/dev/pay.ts',
      '--amount',
      amount,
      '--currency',
      currency,
      '--data-dir',
      inject('dataDir'),
    ],
    { cwd: root },
  );
  const hash = /\b0x[0-9a-fA-F]{64}\b/.exec(stdout)?.[0];
  expect(hash, stdout).toBeDefined();
  return hash as string;
}

/**
 * Runs `steps` while another copy of the site holds the payment watcher's lease (as when two run
 * side by side), so this site's watcher reads no block meanwhile and only the buyer's own
 * verification can credit the order; the lease is given back after. Without it the watcher's
 * round could credit an exact payment between the transfer and the buyer's click.
 */
export async function whileAnotherCopyWatches<T>(steps: () => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  const holder = `another copy ${Date.now()}`;
  try {
    const taken = await db.query(
      `update chain_watchers set holder = $1, lease_until = now() + interval '10 minutes'
       where name = 'payments'`,
      [holder],
    );
    expect(taken.rowCount, 'the payment watcher has run once').toBe(1);
    return await steps();
  } finally {
    await db.query(
      `update chain_watchers set lease_until = now() where name = 'payments' and holder = $1`,
      [holder],
    );
    await db.end();
  }
}
