import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

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

export const baseUrl = () => inject('baseUrl');

/** A fresh page (own storage) that fails the test on any console error or uncaught exception. */
export async function openPage(
  browser: Browser,
  opts: {
    width?: number;
    height?: number;
    /** Lets the axe scanner past the site's CSP. */ bypassCSP?: boolean;
  } = {},
) {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
    bypassCSP: opts.bypassCSP ?? false,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  return { page, errors, close: () => context.close() };
}

export type { Browser, Page };
