import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  launchBrowser,
  openPage,
  scriptErrors,
  seriousAxeViolations,
  type Browser,
} from './browser.ts';
import { logInAsStaff } from './staff.ts';

let browser: Browser;
const today = new Date().toISOString().slice(0, 10);

/** A buyer and an accepted USDC sale of 1,234.56 AUD today, written as an accepted order is. */
async function seedSale() {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    const email = `charts-${randomUUID().slice(0, 8)}@tmc.test`;
    const {
      rows: [user],
    } = await client.query<{ id: string }>(
      `insert into users (name, email, password_hash, email_verified_at)
       values ('Chart Buyer', $1, 'not-a-real-hash', now()) returning id`,
      [email],
    );
    await client.query(
      `insert into purchases (user_id, status, payment_mode, reference, investment_amount, token_amount,
         token_price_aud, user_amount, user_currency, rate, reviewed_at)
       values ($1, 1, 1, $2, '1234.56', '61728', '0.02', '1234.56', 'USDC', '1', now())`,
      [user!.id, `TMC-${randomUUID().slice(0, 6).toUpperCase()}`],
    );
  } finally {
    await client.end();
  }
}

describe('dashboard charts', () => {
  beforeAll(async () => {
    await seedSale();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each([360, 1280])('draws the charts and their tables at %i px, axe clean', async (width) => {
    const { page, errors, close } = await openPage(browser, { width, height: 900, axe: true });
    await logInAsStaff(page);
    await page.goto('/admin');
    const sales = page.getByRole('figure', { name: 'Sales per day by method' });
    await sales.waitFor();
    for (const name of ['Raised over time', 'Sales per day by method', 'Affiliate funnel per week'])
      expect(
        await page.getByRole('figure', { name }).locator('.dashboard-chart canvas').count(),
        name,
      ).toBe(1);
    // Each chart fits the screen: nothing scrolls sideways at 360 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    const box = await sales.locator('.dashboard-chart canvas').boundingBox();
    expect(box!.width).toBeGreaterThan(200);

    await sales.getByText('Show the figures as a table').click();
    const row = sales.getByRole('row', { name: new RegExp(today) });
    await row.waitFor();
    // Other tests of the suite may also have sold today: at least the seeded USDC sale is there.
    const usdc = await row.getByRole('cell').nth(2).textContent();
    expect(Number(usdc!.replace(/[^\d.]/g, ''))).toBeGreaterThanOrEqual(1234.56);
    expect(usdc).toMatch(/ AUD$/);
    const header = await sales.getByRole('columnheader').allTextContents();
    expect(header).toEqual(['Day', 'Bank', 'ETH', 'USDC', 'Sales']);
    const raised = page.getByRole('figure', { name: 'Raised over time' });
    await raised.getByText('Show the figures as a table').click();
    expect(await raised.getByRole('row', { name: new RegExp(today) }).count()).toBe(1);

    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });
});
