import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, largeBankOrder, logIn, post, verifiedAccount } from './accounts-api.ts';
import {
  field,
  launchBrowser,
  openPage,
  scriptErrors,
  seriousAxeViolations,
  type Browser,
  type Page,
} from './browser.ts';
import { chooseCurrency } from './buy.ts';
import { logInAsStaff } from './staff.ts';

const PASSWORD = 'keyboard-pass-1';

let browser: Browser;
let buyerEmail: string;

/** A verified buyer with a crypto order (a presale request and a transaction) to list. */
async function buyerWithOrders(email: string) {
  await verifiedAccount('Kim Keys', email, PASSWORD);
  await post(
    '/v1/purchase/add-crypto',
    { investmentAmount: '1234.5', currency: 'USDC' },
    { token: await accessToken(email, PASSWORD) },
  );
}

/** Another buyer's bank order with the widest figures a list shows. */
async function anotherBuyersLargeOrder() {
  const email = `kim.large.${Date.now()}@tmc.test`;
  await verifiedAccount('Kim Large', email, PASSWORD);
  await largeBankOrder(await accessToken(email, PASSWORD), email);
}

beforeAll(async () => {
  browser = await launchBrowser();
  buyerEmail = `kim.keys.${Date.now()}@tmc.test`;
  await anotherBuyersLargeOrder();
  await buyerWithOrders(buyerEmail);
});
afterAll(() => browser.close());

/** A page that fails the test on script errors; CSP bypassed so the axe scanner can be added. */
const open = (width = 1280, height = 800) => openPage(browser, { width, height, axe: true });

interface FocusRing {
  control: string;
  ring: string;
  style: string;
  width: number;
  offset: number;
  /** Contrast of the ring with what surrounds the control. */
  againstBackground: number;
  /** Contrast of the ring with the control's own fill (0 when it has none). */
  againstControl: number;
  controlFill: string;
}

/**
 * The ring of the focused control, measured once its transitions have settled. A control drawn
 * as an invisible input (radio, file) shows its ring on its label.
 */
async function focusRing(page: Page): Promise<FocusRing> {
  await page.waitForFunction(() => (document.activeElement?.getAnimations?.() ?? []).length === 0);
  return page.evaluate(() => {
    const parse = (color: string) => {
      const [r = 0, g = 0, b = 0, a = 1] = (color.match(/[\d.]+/g) ?? []).map(Number);
      return { r, g, b, a };
    };
    const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const channel = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const contrast = (a: string, b: string) => {
      const [x, y] = [luminance(parse(a)), luminance(parse(b))].sort((m, n) => n - m) as [
        number,
        number,
      ];
      return (x + 0.05) / (y + 0.05);
    };
    const fillOf = (el: Element | null): string => {
      for (let node = el; node; node = node.parentElement) {
        const color = getComputedStyle(node).backgroundColor;
        if (parse(color).a > 0.5) return color;
      }
      return getComputedStyle(document.documentElement).backgroundColor;
    };
    let el = document.activeElement as HTMLElement;
    const rect = el.getBoundingClientRect();
    if (rect.width <= 1 && rect.height <= 1) el = (el.closest('label') as HTMLElement) ?? el;
    const style = getComputedStyle(el);
    const own = style.backgroundColor;
    const around = fillOf(el.parentElement);
    return {
      control: `${el.tagName} ${(el.textContent ?? '').trim().slice(0, 30) || el.getAttribute('aria-label') || ''}`,
      ring: style.outlineColor,
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      offset: parseFloat(style.outlineOffset),
      againstBackground: contrast(style.outlineColor, around),
      againstControl: parse(own).a > 0.5 ? contrast(style.outlineColor, own) : 0,
      controlFill: own,
    };
  });
}

/**
 * WCAG 2.4.7 and 1.4.11: a solid ring at least 2 px wide with 3:1 against the background,
 * either off the control (offset) or in contrast with the control's own fill too.
 */
function ringProblem(ring: FocusRing): string | null {
  if (ring.style === 'none' || ring.width < 2) return `${ring.control}: no focus ring`;
  if (ring.againstBackground < 3)
    return `${ring.control}: ring ${ring.ring} is ${ring.againstBackground.toFixed(2)}:1 against the background`;
  if (ring.offset < 2 && ring.againstControl > 0 && ring.againstControl < 3)
    return `${ring.control}: ring ${ring.ring} touches a fill it does not stand out from`;
  return null;
}

/** Tabs through the page until focus comes back round; every visible control must be reached with a ring. */
async function tabThrough(page: Page) {
  const controls = await page.evaluate(() => {
    const all = document.querySelectorAll<HTMLElement>(
      'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled)',
    );
    return Array.from(all)
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const hiddenInput = el.tagName === 'INPUT' && r.width <= 1;
        return (r.width > 0 || hiddenInput) && !el.closest('[inert]') && el.tabIndex >= 0;
      })
      .map((el, index) => {
        el.dataset.tabProbe = String(index);
        return index;
      });
  });
  const reached = new Set<number>();
  const problems: string[] = [];
  const rings: FocusRing[] = [];
  for (let step = 0; step < controls.length + 10; step += 1) {
    await page.keyboard.press('Tab');
    const probe = await page.evaluate(
      () => (document.activeElement as HTMLElement | null)?.dataset.tabProbe,
    );
    if (probe === undefined) continue;
    const index = Number(probe);
    if (reached.has(index)) break;
    reached.add(index);
    const ring = await focusRing(page);
    rings.push(ring);
    const problem = ringProblem(ring);
    if (problem) problems.push(problem);
  }
  // Radios of one group take a single tab stop: one of them reached counts for the group.
  const unreached = await page.evaluate(
    (seen) => {
      const seenRadioNames = new Set(
        seen
          .map((i) => document.querySelector<HTMLInputElement>(`[data-tab-probe="${i}"]`))
          .filter((el): el is HTMLInputElement => el?.type === 'radio')
          .map((el) => el.name),
      );
      return Array.from(document.querySelectorAll<HTMLElement>('[data-tab-probe]'))
        .filter((el) => !seen.includes(Number(el.dataset.tabProbe)))
        .filter((el) => !(el instanceof HTMLInputElement && seenRadioNames.has(el.name)))
        .map((el) => el.outerHTML.slice(0, 90));
    },
    [...reached],
  );
  return { problems, unreached, rings };
}

describe('keyboard focus', () => {
  it.each(['/', '/token/buy', '/login', '/signup'])(
    'Tab reaches every control of %s with a visible ring',
    async (path) => {
      const { page, errors, close } = await open();
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const { problems, unreached, rings } = await tabThrough(page);
      expect(problems).toEqual([]);
      expect(unreached).toEqual([]);
      expect(rings.length).toBeGreaterThan(5);
      // The lime primary buttons, whose ring once was the page's own colour.
      const lime = rings.filter((ring) => ring.controlFill === 'rgb(212, 255, 58)');
      expect(lime.length).toBeGreaterThan(0);
      for (const ring of lime) expect(ring.againstBackground).toBeGreaterThanOrEqual(3);
      expect(scriptErrors(errors)).toEqual([]);
      await close();
    },
  );
});

describe('errors where the eye is', () => {
  it('sign-up without details focuses the first field with its message', async () => {
    const { page, errors, close } = await open(360, 740);
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const name = field(page, 'Name');
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await name.getAttribute('required')).not.toBeNull();
    const message = await name.evaluate(
      (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
    );
    expect(message).not.toBe('');
    await page.getByText(message).waitFor();
    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });

  it('the buy page says a missing disclaimer under it, and the bank form a malformed wallet at its field', async () => {
    const { page, errors, close } = await open(1280, 800);
    await page.goto('/token/buy');
    await page.getByRole('heading', { name: 'Buy TMC', level: 1 }).waitFor();
    await chooseCurrency(page, 'USD');
    // The minimum purchase in the buyer's currency too (seeded: 0.65 USD per AUD).
    await page.getByText(/at least [\d,.]+ USD/).waitFor();
    await field(page, 'Amount').fill('500');
    await page.getByRole('button', { name: 'Bank Transfer' }).click();

    const disclaimer = page.getByRole('region', { name: 'Before You Purchase' });
    await disclaimer
      .getByRole('alert')
      .getByText('Before You Purchase: Please Read And Accept')
      .waitFor();
    const accept = page.getByRole('button', { name: 'Accept' });
    await expect.poll(() => accept.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Accepting clears the message and its toast, so neither follows the buyer to the next page.
    await accept.click();
    expect(await disclaimer.getByRole('alert').count()).toBe(0);
    await page.getByRole('button', { name: 'Bank Transfer' }).click();
    await page.waitForURL((url) => url.pathname === '/token/buy/bank');
    expect(
      await page
        .getByRole('region', { name: 'Notifications' })
        .getByText('Before You Purchase: Please Read And Accept')
        .count(),
    ).toBe(0);

    // Continuing with a malformed wallet scrolls to the Wallet field and focuses it.
    const wallet = page.getByLabel('Wallet');
    await wallet.fill('0x123');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Continue to bank transfer' }).click();
    await expect.poll(() => wallet.evaluate((el) => el === document.activeElement)).toBe(true);
    const message = page.getByText('Invalid wallet address format').first();
    await message.waitFor();
    // In view once the smooth scroll has run.
    await expect
      .poll(async () => {
        const box = await message.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= 800;
      })
      .toBe(true);
    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });
});

/** The page does not scroll sideways and no table is wider than its box. */
async function sidewaysScroll(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth)
      problems.push(`page ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
    for (const table of Array.from(document.querySelectorAll('main table'))) {
      const box = table.parentElement!;
      if (table.scrollWidth > box.clientWidth + 1)
        problems.push(
          `table "${table.querySelector('caption')?.textContent}" ${table.scrollWidth} > ${box.clientWidth}`,
        );
    }
    const cutOff = Array.from(document.querySelectorAll('main *')).filter(
      (el) =>
        el.getBoundingClientRect().right > window.innerWidth + 1 &&
        !el.closest('nav[aria-label="Staff console"]'),
    );
    if (cutOff.length) problems.push(`cut off: ${cutOff[0]!.outerHTML.slice(0, 80)}`);
    return problems;
  });
}

describe('lists on a 360 px phone', () => {
  it('show a buyer their requests, transactions and affiliates as cards, not a sideways table', async () => {
    const { page, errors, close } = await open(360, 740);
    await logIn(page, buyerEmail, PASSWORD);
    for (const [path, title] of [
      ['/presale-requests', 'Presale Requests'],
      ['/transaction', 'Transactions'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: `1 ${title}`, level: 1 }).waitFor();
      const card = page.getByRole('list', { name: title }).getByRole('listitem');
      await card.first().waitFor();
      expect(await page.locator('main table').count(), path).toBe(0);
      expect(await sidewaysScroll(page), path).toEqual([]);
      expect(await seriousAxeViolations(page), path).toEqual([]);
    }
    // Token amounts print grouped.
    await page.goto('/presale-requests');
    await page
      .getByText(/1,234\.5\d* USDC/)
      .first()
      .waitFor();

    await page.goto('/affiliates');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await sidewaysScroll(page)).toEqual([]);
    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });

  it('show the staff console lists as cards, and at 1280 px the Review button is in view', async () => {
    const { page, errors, close } = await open(1280, 800);
    await logInAsStaff(page);
    await page.goto('/admin/reviews');
    await page.getByRole('heading', { name: /Review queue/, level: 1 }).waitFor();
    // The queue opens on bank requests with a receipt; this buyer's order is a crypto one.
    await page.getByLabel('Payment mode').selectOption('');
    await page.getByLabel('Receipt').selectOption('');
    const review = page.getByRole('button', { name: /^Review TMC-/ }).first();
    await review.waitFor();
    const at = await review.boundingBox();
    expect(at!.x + at!.width).toBeLessThanOrEqual(1280);
    expect(await sidewaysScroll(page)).toEqual([]);
    // Admin Transactions: its reference and hash columns fit without a scroll box.
    await page.goto('/admin/transactions');
    await page.getByRole('columnheader', { name: 'Transaction Hash' }).waitFor();
    await page.getByRole('row').nth(1).waitFor();
    expect(await sidewaysScroll(page)).toEqual([]);

    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/admin/reviews', '/admin/transactions', '/admin/audit-log']) {
      await page.goto(path);
      // The count shows once the list has loaded.
      await page.getByRole('heading', { name: /^\d+ /, level: 1 }).waitFor();
      expect(await page.locator('main table').count(), path).toBe(0);
      expect(await sidewaysScroll(page), path).toEqual([]);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });
});
