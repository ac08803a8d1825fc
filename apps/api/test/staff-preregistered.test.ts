import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { adminUserMessages, authMessages, messages, securityMessages } from '@tmc/shared';
import type { Config } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import { userTotp, users } from '../src/db/schema/index.ts';
import { createAccessTokens } from '../src/lib/auth.ts';
import { people, type Person } from './affiliates-helpers.ts';
import { freshEmail, VERIFY_SUBJECT } from './auth-helpers.ts';
import { audBankId, bankBody, counts, upload } from './purchases-helpers.ts';
import { useMailedApp, type Mailbox, type ApiClient } from './app-helpers.ts';
import { ENROLMENT_SUBJECT } from './staff-helpers.ts';

/**
 * Someone signs up with an address that will be a staff address (never verifying it) and waits
 * for it to be promoted: the console must never open for them.
 */
let app: FastifyInstance, db: Db, config: Config, box: Mailbox, client: ApiClient;
let staff: Person;
let bankId: string;

useMailedApp(async (t) => {
  ({ app, db, config, box, client } = t);
  staff = await people(db, config)({ role: 'admin' });
  bankId = await audBankId(app);
});

const SQUATTER_PASSWORD = 'squatter password 1';

/** The pre-registration: a sign-up of the future staff address, never verified. */
async function preRegistered() {
  const email = freshEmail('ops');
  const res = await client.post('/v1/auth/signup', {
    email,
    name: 'Ops',
    password: SQUATTER_PASSWORD,
  });
  expect(res.statusCode).toBe(201);
  await box.nextCode(email, VERIFY_SUBJECT);
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row!;
}

const promote = (id: string) =>
  app.inject({
    method: 'PATCH',
    url: `/v1/admin/users/${id}`,
    headers: { authorization: `Bearer ${staff.token}` },
    payload: { role: 'admin' },
  });

describe('a pre-registered staff address', () => {
  it('cannot be promoted while its e-mail is unverified', async () => {
    const squatter = await preRegistered();
    const res = await promote(squatter.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: adminUserMessages.staffNeedsVerifiedEmail,
      errors: { role: adminUserMessages.staffNeedsVerifiedEmail },
    });
    const [after] = await db.select().from(users).where(eq(users.id, squatter.id));
    expect(after!.role).toBe('user');
  });

  it("promoted anyway (before this rule), gets no session through 'Login to proceed' and cannot enrol an authenticator", async () => {
    const squatter = await preRegistered();
    await db.update(users).set({ role: 'admin' }).where(eq(users.id, squatter.id));

    // The checkout's 'Login to proceed' refuses staff accounts and hands out no tokens.
    const upload1 = await upload(app);
    const before = await counts(db);
    const checkout = await client.post(
      '/v1/purchase/add-noUser',
      bankBody(bankId, upload1.link, { email: squatter.email, password: SQUATTER_PASSWORD }),
    );
    expect(checkout.statusCode).toBe(403);
    expect(checkout.json()).toMatchObject({ message: authMessages.staffCheckout, data: null });
    expect(await counts(db)).toEqual(before);

    // A plain login wants the e-mail verified first.
    const login = await client.post('/v1/auth/login', {
      email: squatter.email,
      password: SQUATTER_PASSWORD,
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(messages.verifyEmail);

    // Even holding a session of the account (made here by hand), enrolment needs the verified e-mail.
    const { token } = createAccessTokens(config).sign({
      id: squatter.id,
      role: 'admin',
      sessionVersion: squatter.sessionVersion,
      secondFactor: false,
    });
    for (const url of ['/v1/auth/totp/enrolment-link', '/v1/auth/totp/setup']) {
      const res = await client.post(url, { token: 'anything' }, { token });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(securityMessages.verifiedEmailNeeded);
    }
    expect(
      (await box.unread(squatter.email)).filter((m) => ENROLMENT_SUBJECT.test(m.subject)),
    ).toHaveLength(0);
    expect(await db.select().from(userTotp).where(eq(userTotp.userId, squatter.id))).toEqual([]);
    const console_ = await app.inject({
      method: 'GET',
      url: '/v1/admin/stats',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(console_.statusCode).toBe(403);
  });

  it('a verified staff account enrols only with the link mailed to its own address', async () => {
    const email = freshEmail('new-staff');
    const person = people(db, config);
    const other = await person({ role: 'admin', secondFactor: false });
    await db.delete(userTotp).where(eq(userTotp.userId, other.id));
    const fresh = await person({ role: 'admin', email, secondFactor: false });
    await db.delete(userTotp).where(eq(userTotp.userId, fresh.id));

    const sent = await client.post('/v1/auth/totp/enrolment-link', {}, { token: other.token });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe(securityMessages.enrolmentLinkSent);
    const mail = await box.next(other.email, ENROLMENT_SUBJECT);
    const othersToken = /#token=([\w-]+)/.exec(mail.text)![1]!;
    // Another staff member's link does not open this account's setup.
    const res = await client.post(
      '/v1/auth/totp/setup',
      { token: othersToken },
      { token: fresh.token },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(authMessages.linkToken);
  });
});
