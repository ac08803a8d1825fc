import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, field } from './browser.ts';

/** The bootstrap admin the site is started with (ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_TOTP_SECRET). */
export const STAFF = {
  email: 'staff@tmc.test',
  password: 'staff-password-1',
  totpSecret: 'KRGUGU3UMFTGMU3FMNZGK5BAGEZDGNBV',
};

const PERIOD_SECONDS = 30;

/** The code the staff member's authenticator app shows now (RFC 6238: SHA-1, 30 s, 6 digits). */
export const staffTotp = () =>
  new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(STAFF.totpSecret),
  }).generate();

/**
 * Staff sign in with their password, then the code the login screen asks for. A code works once:
 * when another test of the run used this period's code, the next period's code is entered.
 */
export async function logInAsStaff(page: Page) {
  const loginAnswer = () =>
    page.waitForResponse((response) => response.url().endsWith('/v1/auth/login'));
  await page.goto('/login');
  await field(page, 'Email').fill(STAFF.email);
  await field(page, 'Password').fill(STAFF.password);
  await field(page, 'Password').press('Enter');
  for (let attempt = 1; ; attempt += 1) {
    await field(page, 'Authentication code').fill(staffTotp());
    // The answer, not the page's text: a refusal's message may still show from the last attempt.
    const [answer] = await Promise.all([
      loginAnswer(),
      field(page, 'Authentication code').press('Enter'),
    ]);
    if (answer.ok()) return page.waitForURL((url) => url.pathname === '/');
    if (attempt >= 3) throw new Error(`Staff login failed (${answer.status()})`);
    const intoPeriod = Date.now() % (PERIOD_SECONDS * 1000);
    await page.waitForTimeout(PERIOD_SECONDS * 1000 - intoPeriod + 500);
  }
}

/** A page of its own, logged in as staff: one per file, since a TOTP code works once. */
export async function staffSession(browser: Browser) {
  const context = await browser.newContext({ baseURL: baseUrl() });
  const page = await context.newPage();
  await logInAsStaff(page);
  return page;
}

/** Opens the review queue from the staff console's navigation. */
export async function openReviewQueue(page: Page) {
  await page
    .getByRole('navigation', { name: 'Staff console' })
    .getByRole('link', { name: 'Review queue' })
    .click();
  await page.getByRole('heading', { name: /Review queue/, level: 1 }).waitFor();
}

/** Staff find `reference` in the review queue and accept it, as a reviewer would. */
export async function acceptInReviewQueue(page: Page, reference: string) {
  await openReviewQueue(page);
  await field(page, 'Reference').fill(reference);
  await page.getByRole('button', { name: `Review ${reference}` }).click();
  await page
    .getByRole('dialog', { name: `Presale request ${reference}` })
    .getByRole('button', { name: 'Accept', exact: true })
    .click();
  await page
    .getByRole('dialog', { name: `Accept request ${reference}?` })
    .getByRole('button', { name: 'Yes, Accept' })
    .click();
  await page
    .getByRole('region', { name: 'Notifications' })
    .getByText(`${reference} is now Accepted`)
    .first()
    .waitFor();
}
