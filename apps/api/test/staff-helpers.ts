import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { api, type Mailbox } from './auth-helpers.ts';

/** The authenticator secret test staff accounts get (base32, 160 bits). */
export const STAFF_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The 6-digit code an authenticator app shows for `secret`, `steps` 30-second steps from now. */
export function totpCode(secret = STAFF_TOTP_SECRET, steps = 0) {
  const totp = new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

/**
 * Each code is accepted once, so a second staff login in the same 30 seconds takes the next
 * step's code (still inside the accepted window).
 */
const usedSteps = new Map<string, number>();
export function freshTotpCode(email: string, secret = STAFF_TOTP_SECRET) {
  const now = Math.floor(Date.now() / 30_000);
  const step = Math.max(now, (usedSteps.get(email) ?? now - 1) + 1);
  expect(step - now, 'more than two staff logins of one account in 30 seconds').toBeLessThanOrEqual(
    1,
  );
  usedSteps.set(email, step);
  return totpCode(secret, step - now);
}

/** Logs staff in as API.md's Admin section says: e-mail, password and the current TOTP code. */
export async function staffLogin(
  app: FastifyInstance,
  email: string,
  password: string,
  secret = STAFF_TOTP_SECRET,
) {
  const res = await api(app).post('/v1/auth/login', {
    email,
    password,
    totp: freshTotpCode(email, secret),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    data: {
      user: { _id: string };
      tokens: { access: { token: string }; refresh: { token: string } };
    };
  }>().data;
}

export const ENROLMENT_SUBJECT = /Set up two-factor authentication/;

/** Asks for the staff enrolment link as the console does and reads its token from the mailbox. */
export async function enrolmentToken(
  app: FastifyInstance,
  box: Mailbox,
  access: string,
  email: string,
) {
  const res = await api(app).post('/v1/auth/totp/enrolment-link', {}, { token: access });
  expect(res.statusCode, res.body).toBe(200);
  const mail = await box.next(email, ENROLMENT_SUBJECT);
  const token = /\/admin\/enrol#token=([\w-]+)/.exec(mail.text)?.[1];
  expect(token, 'no enrolment link in the e-mail').toBeDefined();
  return token!;
}
