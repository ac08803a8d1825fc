import { describe, expect, it } from 'vitest';
import { field, useBrowser, openPage, scriptErrors, type Browser, type Page } from './browser.ts';
import type { Locator } from 'playwright-core';
import { becomeAffiliate, logIn, verifiedAccount } from './accounts-api.ts';
import { logInAsStaff, STAFF } from './staff.ts';

const PASSWORD = 'polish-pass-1';

let browser: Browser;
useBrowser((launched) => (browser = launched));

/**
 * Where the text of `element` wraps onto a new line, as "…before|after…" (8 characters each
 * side): read from where the browser laid out each character.
 */
const lineBreaksIn = (element: Locator) =>
  element.evaluate((root) => {
    const chars: { ch: string; top: number }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i += 1) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (rect) chars.push({ ch: text[i]!, top: rect.top });
      }
    }
    const text = chars.map((c) => c.ch).join('');
    const breaks: string[] = [];
    for (let i = 1; i < chars.length; i += 1)
      if (chars[i]!.top > chars[i - 1]!.top + 2)
        breaks.push(`${text.slice(Math.max(0, i - 8), i)}|${text.slice(i, i + 8)}`);
    return breaks;
  });

/** A break between the parts of an address or link (at "@", ".", "/", "?"), not inside a word. */
const atBoundary = (cut: string) => !/[A-Za-z0-9]\|[A-Za-z0-9]/.test(cut);

/** True when the page itself does not scroll sideways at the current width. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('staff and affiliate polish', () => {
  it('long e-mails and the referral link wrap between their parts at 360 px; the audit log names who and what', async () => {
    const stamp = Date.now();
    const email = `maximilian.alexander.longname.${stamp}@very-long-subdomain.tmc.test`;
    await verifiedAccount('Max Longname', email, PASSWORD);

    // The new affiliate on a phone: the whole referral link in view, wrapped at "/" and "?".
    const affiliate = await openPage(browser, { width: 360, height: 740 });
    await logIn(affiliate.page, email, PASSWORD);
    const link = await becomeAffiliate(affiliate.page);
    const linkText = (await link.textContent()) ?? '';
    expect(linkText).toMatch(/^https?:\/\/[^/]+\/\?referral_code=[A-Z0-9]{8}$/);
    expect(await link.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    const linkBreaks = await lineBreaksIn(link);
    expect(linkBreaks.filter((cut) => !atBoundary(cut))).toEqual([]);
    await affiliate.page.getByRole('button', { name: 'Copy link' }).waitFor();
    expect(await fitsWidth(affiliate.page)).toBe(true);

    // Their affiliates page: the heading is the list's count then 'Affiliates' (spec).
    await affiliate.page.goto('/affiliates');
    await affiliate.page.getByRole('heading', { name: '0 Affiliates', level: 1 }).waitFor();
    await affiliate.page.getByRole('heading', { name: 'Earnings', level: 2 }).waitFor();
    await affiliate.page.getByText('Referred users').waitFor();
    expect(await fitsWidth(affiliate.page)).toBe(true);

    // Staff in New York: the console reads in local time, payout cut-offs in UTC.
    const staff = await openPage(browser, { timezoneId: 'America/New_York' });
    await logInAsStaff(staff.page);
    await staff.page.goto('/admin/users');
    await field(staff.page, 'Search name or email').fill(email);
    const row = staff.page.getByRole('row').filter({ hasText: 'Max Longname' });
    await row.getByRole('button', { name: 'Mark influencer' }).click();
    await staff.page
      .getByRole('dialog', { name: `Mark ${email} as an influencer?` })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await row.getByRole('button', { name: 'Unmark influencer' }).waitFor();

    // On a phone the users list is cards: the address wraps only between its parts.
    await staff.page.setViewportSize({ width: 360, height: 740 });
    const card = staff.page.getByRole('list', { name: 'Users' }).getByRole('listitem').first();
    const address = card.getByTitle(email, { exact: true });
    await address.waitFor();
    expect(await address.textContent()).toBe(email);
    const breaks = await lineBreaksIn(address);
    expect(breaks.length).toBeGreaterThan(0);
    expect(breaks.filter((cut) => !atBoundary(cut))).toEqual([]);
    expect(await fitsWidth(staff.page)).toBe(true);

    // The audit log: a readable local time (the exact moment as its tooltip), who by e-mail,
    // the record by the user's e-mail, never an id.
    await staff.page.setViewportSize({ width: 1280, height: 800 });
    await staff.page.goto('/admin/audit-log');
    await staff.page.getByRole('combobox', { name: 'Action' }).selectOption('user.update');
    const entry = staff.page.getByRole('row').filter({ hasText: email }).first();
    await entry.getByText('User updated').waitFor();
    await entry.getByTitle(STAFF.email, { exact: true }).waitFor();
    const when = entry.locator('time');
    const iso = (await when.getAttribute('title')) ?? '';
    expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const shown = (await when.textContent()) ?? '';
    expect(shown).toMatch(/^\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} [ap]m$/);
    // New York time, not UTC: the hour shown is the local one.
    const local = new Intl.DateTimeFormat('en-AU', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'America/New_York',
    }).format(new Date(iso));
    expect(shown.endsWith(local)).toBe(true);
    expect(await entry.textContent()).not.toMatch(/[0-9a-f]{8}…/);

    for (const session of [affiliate, staff]) {
      expect(scriptErrors(session.errors)).toEqual([]);
      await session.close();
    }
  }, 120_000);

  it('payout periods show as UTC cut-offs; the menu and Admin Transactions fit 1280 px', async () => {
    const staff = await openPage(browser, { timezoneId: 'America/New_York' });
    await logInAsStaff(staff.page);
    await staff.page.goto('/admin/payouts');
    const preview = staff.page.getByRole('region', { name: 'Batch due, tier 1' });
    const day = String.raw`\d{1,2} [A-Z][a-z]{2}( \d{4})?`;
    // A week from Monday to Monday, 00:00 UTC: in New York that cut-off is Sunday evening. The
    // affiliate console's test may have made this period's batch already ("Batch made").
    await preview
      .getByRole('heading', {
        name: new RegExp(`^Batch (due|made): Mon ${day} – Mon ${day}, 00:00 UTC$`),
      })
      .waitFor();
    await preview
      .getByText(
        new RegExp(`^Cut-off Mon ${day}, 00:00 UTC \\(Sun ${day}, 0[78]:00 pm your time\\)`),
      )
      .waitFor();

    // The sidebar shows "Unmatched payments" whole.
    const menu = staff.page.getByRole('navigation', { name: 'Staff console' });
    const unmatched = menu.getByRole('link', { name: /^Unmatched payments/ });
    expect(await unmatched.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    const [linkBox, menuBox] = [await unmatched.boundingBox(), await menu.boundingBox()];
    expect(linkBox!.x + linkBox!.width).toBeLessThanOrEqual(menuBox!.x + menuBox!.width + 1);

    // Admin Transactions: every column in view without a sideways scroll box.
    await staff.page.goto('/admin/transactions');
    await staff.page.getByRole('heading', { name: /Transactions/, level: 1 }).waitFor();
    await staff.page.getByRole('columnheader', { name: 'Sender' }).waitFor();
    const table = staff.page.getByRole('table');
    expect(await table.evaluate((el) => el.scrollWidth <= el.parentElement!.clientWidth + 1)).toBe(
      true,
    );
    const sender = await staff.page.getByRole('columnheader', { name: 'Sender' }).boundingBox();
    expect(sender!.x + sender!.width).toBeLessThanOrEqual(1280);
    expect(await fitsWidth(staff.page)).toBe(true);

    expect(scriptErrors(staff.errors)).toEqual([]);
    await staff.close();
  }, 120_000);
});
