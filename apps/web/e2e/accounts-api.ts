import { expect, inject } from 'vitest';
import { baseUrl, visitorAddress } from './browser.ts';
import { waitForMail } from './mail-catcher.ts';

/** A JSON POST to the site's API that must succeed. */
export async function post(pathname: string, body: unknown, address = visitorAddress()) {
  const response = await fetch(`${baseUrl()}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
  expect(response.status, `${pathname}: ${await response.clone().text()}`).toBeLessThan(300);
}

/** A verified account made through the API, the code read from the real mail. */
export async function verifiedAccount(
  name: string,
  email: string,
  password: string,
  address = visitorAddress(),
) {
  await post('/v1/auth/signup', { email, name, password }, address);
  const { match } = await waitForMail(inject('mailDir'), email, /\b(\d{4})\b/);
  await post('/v1/auth/otpVerification', { email, otp: match[1] });
}
