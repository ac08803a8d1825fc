import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';

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

const TOTP_REFUSED = 'Enter the 6-digit code from your authenticator app';

/**
 * Staff sign in with their password, then the code the login screen asks for. A code works once:
 * when another test of the run used this period's code, the next period's code is entered.
 */
export async function logInAsStaff(page: Page) {
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await page.goto('/login');
  await field('Email').fill(STAFF.email);
  await field('Password').fill(STAFF.password);
  await field('Password').press('Enter');
  for (let attempt = 1; ; attempt += 1) {
    await field('Authentication code').fill(staffTotp());
    await field('Authentication code').press('Enter');
    const outcome = await Promise.race([
      page.waitForURL((url) => url.pathname === '/').then(() => 'signed in' as const),
      page
        .getByText(TOTP_REFUSED)
        .waitFor()
        .then(() => 'refused' as const),
    ]).catch(() => 'timeout' as const);
    if (outcome === 'signed in') return;
    if (attempt >= 3) throw new Error(`Staff login failed (${outcome})`);
    const intoPeriod = Date.now() % (PERIOD_SECONDS * 1000);
    await page.waitForTimeout(PERIOD_SECONDS * 1000 - intoPeriod + 500);
  }
}
