import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUserMessages, messages } from '@tmc/shared';
import type { Db } from '../src/db/client.ts';
import { affiliateEarnings, auditLog, payouts, users } from '../src/db/schema/index.ts';
import { DISMISSED_AFFILIATE } from '../src/modules/account/account.service.ts';
import { api, freshEmail, PASSWORD } from './auth-helpers.ts';
import {
  ageEarnings,
  as,
  decide,
  earningsOf,
  insertBankPurchase,
  people,
  type Person,
} from './affiliates-helpers.ts';
import { buildTestApp } from './test-app.ts';

let app: FastifyInstance;
let db: Db;
let person: ReturnType<typeof people>;
let admin: Person;

beforeAll(async () => {
  let config;
  ({ app, db, config } = await buildTestApp());
  person = people(db, config);
  admin = await person({ role: 'admin' });
});
afterAll(() => app.close());

const dismiss = (userId: string, body: unknown) =>
  as(app, admin).post(`/v1/admin/users/${userId}/dismiss`, body);

/** An accepted sale through `affiliate`, its earnings moved `days` back. */
async function sale(affiliate: Person, aud: string, days = 30) {
  const buyer = await person({ referredBy: affiliate });
  const purchase = await insertBankPurchase(db, buyer, aud);
  const res = await decide(app, admin, purchase.id, 1);
  expect(res.statusCode, res.body).toBe(200);
  if (days) await ageEarnings(db, purchase.id, days);
  return purchase;
}

/** Makes the tier 1 batches made so far belong to an earlier week. */
async function nextWeek() {
  await db
    .update(payouts)
    .set({
      periodStart: sql`${payouts.periodStart} - make_interval(days => 7)`,
      periodEnd: sql`${payouts.periodEnd} - make_interval(days => 7)`,
    })
    .where(eq(payouts.tier, 1));
}

describe('POST /v1/admin/users/:id/dismiss', () => {
  it('voids unpaid commissions (also in an unpaid batch), keeps paid ones, and ends the affiliation', async () => {
    const ada = await person({ affiliate: true });
    const bob = await person({ affiliate: true });

    const paidSale = await sale(ada, '1000.00');
    const first = await as(app, admin).post('/v1/admin/payouts', { tier: 1 });
    expect(first.statusCode, first.body).toBe(201);
    const paid = await as(app, admin).post(`/v1/admin/payouts/${first.json().data._id}/paid`, {
      reference: 'WIRE-1',
      expectedTotal: first.json().data.total,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await nextWeek();

    const batchedSale = await sale(ada, '500.00');
    await sale(bob, '100.00');
    const second = await as(app, admin).post('/v1/admin/payouts', { tier: 1 });
    expect(second.statusCode, second.body).toBe(201);
    const batchId: string = second.json().data._id;
    expect(second.json().data.total).toBe('120.00');
    const pendingSale = await sale(ada, '250.00', 0);

    // Someone ada brought in buys after she is dismissed.
    const lateBuyer = await person({ referredBy: ada });
    const latePurchase = await insertBankPurchase(db, lateBuyer, '400.00');

    const res = await dismiss(ada.id, { reason: '  Promised 10x returns on social media  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      code: 200,
      message: 'Affiliate dismissed',
      data: {
        _id: ada.id,
        isAffiliated: false,
        isInfluencer: false,
        affiliateCode: ada.affiliateCode,
        voidedEarnings: 2,
        referredBy: null,
        referrals: 4,
      },
    });

    expect(await earningsOf(db, paidSale.id)).toMatchObject([
      { status: 'paid', affiliateEarning: '200.00' },
    ]);
    expect(await earningsOf(db, batchedSale.id)).toMatchObject([
      { status: 'void', payoutId: null },
    ]);
    const [pending] = await earningsOf(db, pendingSale.id);
    expect(pending).toMatchObject({ status: 'void', payoutId: null });
    expect(pending!.voidedAt).toBeInstanceOf(Date);

    const batch = await as(app, admin).get(`/v1/admin/payouts/${batchId}`);
    expect(batch.json().data).toMatchObject({ status: 'created', total: '20.00', affiliates: 1 });
    expect(batch.json().data.lines).toMatchObject([{ affiliate: { _id: bob.id } }]);

    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.dismiss'), eq(auditLog.entityId, ada.id)));
    expect(audit).toMatchObject({
      actorId: admin.id,
      entity: 'user',
      before: { isAffiliated: true, isInfluencer: false, affiliateCode: ada.affiliateCode },
      after: {
        isAffiliated: false,
        isInfluencer: false,
        affiliateCode: ada.affiliateCode,
        reason: 'Promised 10x returns on social media',
        voidedEarnings: 2,
        payoutsTouched: [batchId],
      },
    });

    // The code stays on the row but is no longer accepted...
    const [row] = await db.select().from(users).where(eq(users.id, ada.id));
    expect(row!.affiliateCode).toBe(ada.affiliateCode);
    const signup = await api(app).post('/v1/auth/signup', {
      email: freshEmail(),
      name: 'Late Comer',
      password: PASSWORD,
      referralCode: ada.affiliateCode,
    });
    expect(signup.statusCode, signup.body).toBe(400);
    expect(signup.json().errors).toEqual({ referralCode: messages.invalidReferral });

    // ...the dismissed affiliate cannot sign up to the programme again...
    const rejoin = await as(app, ada).post('/v1/auth/become-affiliate', {});
    expect(rejoin.statusCode, rejoin.body).toBe(403);
    expect(rejoin.json().message).toBe(DISMISSED_AFFILIATE);
    const [afterRejoin] = await db.select().from(users).where(eq(users.id, ada.id));
    expect(afterRejoin!.isAffiliated).toBe(false);

    // ...and earns nothing on later sales to the people it brought in.
    const accepted = await decide(app, admin, latePurchase.id, 1);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await earningsOf(db, latePurchase.id)).toEqual([]);
    const adaRows = await db
      .select()
      .from(affiliateEarnings)
      .where(eq(affiliateEarnings.affiliateId, ada.id));
    expect(adaRows.map((r) => r.status).sort()).toEqual(['paid', 'void', 'void']);
  });

  it('refuses a user who is not an affiliate, and one dismissed already', async () => {
    const plain = await person();
    let res = await dismiss(plain.id, { reason: 'Spam' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, message: adminUserMessages.dismissNotAffiliate });

    const cal = await person({ affiliate: true, influencer: true });
    expect((await dismiss(cal.id, { reason: 'Price predictions' })).statusCode).toBe(200);
    res = await dismiss(cal.id, { reason: 'Again' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(adminUserMessages.dismissNotAffiliate);
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'user.dismiss'), eq(auditLog.entityId, cal.id))),
    ).toHaveLength(1);
  });

  it('requires a reason, and changes nothing without one', async () => {
    const dee = await person({ affiliate: true });
    for (const body of [{}, { reason: '' }, { reason: '   ' }]) {
      const res = await dismiss(dee.id, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, message: adminUserMessages.reasonRequired });
    }
    const [row] = await db.select().from(users).where(eq(users.id, dee.id));
    expect(row!.isAffiliated).toBe(true);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await dismiss(randomUUID(), { reason: 'Breach' });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, message: adminUserMessages.notFound });
  });
});
