import { describe, expect, inject, it } from 'vitest';
import {
  baseUrl,
  field,
  useBrowser,
  openPage,
  scriptErrors,
  type Browser,
  type Page,
} from './browser.ts';
import { waitForMail } from './mail-catcher.ts';

const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';

let browser: Browser;
useBrowser((launched) => (browser = launched));

async function enterCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Digit 1' }).click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

async function logIn(page: Page, password: string) {
  await field(page, 'Password').fill(password);
  await field(page, 'Password').press('Enter');
}

describe('accounts', () => {
  it('signs up, verifies, logs in, sets a wallet, becomes an affiliate and resets the password', async () => {
    const { page, errors, close } = await openPage(browser);
    const email = `casey.${Date.now()}@tmc.test`;
    const mailDir = inject('mailDir');

    // Sign up, accepting the terms in their modal.
    await page.goto('/signup');
    await field(page, 'Name').fill('Casey Moon');
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill('first-pass-1');
    await field(page, 'Confirm Password').fill('first-pass-1');
    await page.getByRole('button', { name: 'Terms and Conditions' }).click();
    const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
    // A buyer's terms, not the affiliate agreement (that one comes with Become an Affiliate).
    await terms.getByRole('heading', { name: /When and how tokens are delivered/ }).waitFor();
    await terms.getByRole('button', { name: 'Accept' }).click();
    expect(await page.getByRole('checkbox', { name: /Terms and Conditions/ }).isChecked()).toBe(
      true,
    );
    await page.getByRole('button', { name: 'Sign Up' }).click();

    // Verify the e-mail with the code from the real mail.
    await page.waitForURL((url) => url.pathname === '/otp');
    await page.getByRole('heading', { name: 'Verify OTP' }).waitFor();
    const signupMail = await waitForMail(mailDir, email, /\b(\d{4})\b/);
    await enterCode(page, signupMail.match[1] as string);

    // Log in: the e-mail is carried over; the header greets the user by name.
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await field(page, 'Email').inputValue()).toBe(email);
    await logIn(page, 'first-pass-1');
    await page.waitForURL((url) => url.pathname === '/');
    const accountMenu = page.getByRole('button', { name: /account menu/i });
    await expect(accountMenu.textContent()).resolves.toContain('Casey Moon');

    // Profile: update the wallet (stored in checksum form).
    await accountMenu.click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    const update = page.getByRole('button', { name: 'Update wallet' });
    expect(await update.isDisabled()).toBe(true);
    await field(page, 'Wallet Address').fill(WALLET.toLowerCase());
    await field(page, 'Password').fill('first-pass-1');
    await update.click();
    // Saved, it shows wherever the profile names it (the form, the wallet list): any of them.
    await page.getByText(WALLET, { exact: true }).first().waitFor();

    // Become an affiliate and see the referral link with its QR code.
    await page.getByRole('button', { name: 'Become an Affiliate' }).click();
    const affiliateTerms = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await affiliateTerms.getByText('$80,000').waitFor();
    await affiliateTerms.getByRole('button', { name: 'Accept' }).click();
    const referral = field(page, 'Your referral link');
    await referral.waitFor();
    expect(await referral.textContent()).toMatch(
      new RegExp(`^${baseUrl().replace(/[.]/g, '\\.')}/\\?referral_code=[A-Z0-9]{8}$`),
    );
    await page.getByRole('img', { name: 'QR code of your referral link' }).waitFor();
    await page.getByRole('link', { name: 'My Affiliates' }).waitFor();

    // Log out.
    await accountMenu.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    // Reset the password through the three screens.
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgetpassword');
    // The login page (with its own Email field) stays until this page's code has loaded.
    await page.getByRole('heading', { name: 'Forgot Password' }).waitFor();
    await field(page, 'Email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.waitForURL((url) => url.pathname === '/forgetpasswordotp');
    const resetMail = await waitForMail(mailDir, email, /reset[\s\S]*?\b(\d{6})\b/i);
    await enterCode(page, resetMail.match[1] as string);
    await page.waitForURL((url) => url.pathname === '/updatepassword');
    await field(page, 'New Password').fill('second-pass-2');
    await field(page, 'Confirm Password').fill('second-pass-2');
    await page.getByRole('button', { name: 'Update Password' }).click();

    // The old password is refused, the new one works.
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await field(page, 'Email').inputValue()).toBe(email);
    await logIn(page, 'first-pass-1');
    await page.getByText('Incorrect email or password').waitFor();
    await logIn(page, 'second-pass-2');
    await page.waitForURL((url) => url.pathname === '/');
    await expect(accountMenu.textContent()).resolves.toContain('Casey Moon');

    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });

  it('fits the account screens on a 360 px phone', async () => {
    const { page, errors, close } = await openPage(browser, { width: 360, height: 740 });
    for (const path of ['/login', '/signup', '/forgetpassword', '/affiliate-disclaimer']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // body clips horizontal overflow, so look for content that would be cut off instead.
      const cutOff = await page.evaluate(() =>
        Array.from(document.querySelectorAll('main *'))
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .map((el) => el.outerHTML.slice(0, 80)),
      );
      expect(cutOff, path).toEqual([]);
    }
    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });
});
