import { siteQuery } from './site-db.ts';
import { expect, inject } from 'vitest';
import { baseUrl, field, visitorAddress, type Page } from './browser.ts';
import { waitForMail } from './mail-catcher.ts';

/** A JSON POST to the site's API that must succeed; answers the envelope. */
export async function post(
  pathname: string,
  body: unknown,
  { token, address = visitorAddress() }: { token?: string; address?: string } = {},
) {
  const response = await fetch(`${baseUrl()}${pathname}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': address,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, `${pathname}: ${text}`).toBeLessThan(300);
  return JSON.parse(text) as { data: Record<string, unknown> };
}

/** A verified account made through the API, the code read from the real mail. */
export async function verifiedAccount(
  name: string,
  email: string,
  password: string,
  address = visitorAddress(),
) {
  await post('/v1/auth/signup', { email, name, password }, { address });
  const { match } = await waitForMail(inject('mailDir'), email, /\b(\d{4})\b/);
  await post('/v1/auth/otpVerification', { email, otp: match[1], password });
}

/** A verified buyer's access token, from the API's login. */
export async function accessToken(email: string, password: string) {
  const login = await post('/v1/auth/login', { email, password });
  return (login.data.tokens as { access: { token: string } }).access.token;
}

/**
 * A bank order of 778,220 AUD (38,911,000.00 TMC), placed through the API with the first AUD bank:
 * the widest figures a page shows, by a buyer whose identity staff approved (above the buying
 * limit without one). Answers the purchase's id.
 */
export async function largeBankOrder(token: string, email: string) {
  await approvedIdentity(email);
  const banks = await fetch(`${baseUrl()}/v1/bank/getBankDetailsByCurrency/AUD`);
  const bankId = ((await banks.json()) as { data: { _id: string }[] }).data[0]!._id;
  const order = await post(
    '/v1/purchase/bank-order',
    {
      investmentAmount: '778220',
      currency: 'AUD',
      userCurrency: 'AUD',
      userAmount: '778220',
      bankId,
    },
    { token },
  );
  return (order.data.purchase as { _id: string })._id;
}

/** Signs in on the login page and waits for the home page. */
export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await field(page, 'Password').press('Enter');
  await page.waitForURL((url) => url.pathname === '/');
}

/** On the profile page: Become an Affiliate, accept its terms; answers the referral link field. */
export async function becomeAffiliate(page: Page) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Become an Affiliate' }).click();
  await page
    .getByRole('dialog', { name: 'Terms and Conditions' })
    .getByRole('button', { name: 'Accept' })
    .click();
  const link = field(page, 'Your referral link');
  await link.waitFor();
  return link;
}

/** Records an approved identity review for the account, as staff approving it would. */
async function approvedIdentity(email: string) {
  const { rowCount } = await siteQuery(
    `insert into identity_reviews (user_id, state, document_key, document_type,
       second_document_key, second_document_type, decided_at)
     select id, 'approved', 'e2e/id.png', 'image', 'e2e/selfie.png', 'image', now()
     from users where email = $1`,
    [email],
  );
  expect(rowCount).toBe(1);
}
