import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const launchBrowser = () => chromium.launch({ executablePath: CHROMIUM, args: ARGS });

/**
 * One browser for the test file, launched before its tests and closed after them: call it at the
 * top level; `ready` receives the browser once it runs.
 */
export function useBrowser(ready: (browser: Browser) => unknown) {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    await ready(browser);
  });
  afterAll(() => browser?.close());
}

export const baseUrl = () => inject('baseUrl');

/**
 * An address of its own for each visitor the suite plays (the site trusts the loopback proxy hop
 * in this suite), so the per-address limits count each visitor, not the whole suite at once.
 */
export const visitorAddress = () =>
  `10.${Array.from({ length: 3 }, () => Math.floor(Math.random() * 256)).join('.')}`;

/**
 * A fresh page (own storage) that fails the test on any console error or uncaught exception.
 * `axe`: the site's CSP rightly refuses injected scripts; the accessibility scanner is let in.
 */
export async function openPage(
  browser: Browser,
  opts: {
    width?: number;
    height?: number;
    axe?: boolean;
    /** The visitor's address; a new one by default. */
    address?: string;
    /** The visitor's time zone (IANA name); the machine's by default. */
    timezoneId?: string;
  } = {},
) {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
    bypassCSP: opts.axe ?? false,
    extraHTTPHeaders: { 'x-forwarded-for': opts.address ?? visitorAddress() },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  return { page, errors, close: () => context.close() };
}

export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Chrome logs every 4xx answer as a console error; those are expected here, script errors are not. */
export const scriptErrors = (errors: string[]) =>
  errors.filter((e) => !e.startsWith('Failed to load resource'));

/** Words (up to 20 characters: not hashes or addresses) that the layout split over two lines. */
export const brokenWords = (page: Page) =>
  page.evaluate(() => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\S+/g)) {
        if (match[0].length > 20) continue;
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set(
          Array.from(range.getClientRects())
            .filter((r) => r.width > 0)
            .map((r) => Math.round(r.top)),
        );
        if (tops.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
}

/** The serious and critical axe findings on the page (opened with `axe: true` to pass the CSP). */
export async function seriousAxeViolations(page: Page) {
  await page.addScriptTag({ path: AXE });
  const result: AxeResult = await page.evaluate(() =>
    (window as unknown as { axe: { run: () => Promise<AxeResult> } }).axe.run(),
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}

export type { Browser, Page };
