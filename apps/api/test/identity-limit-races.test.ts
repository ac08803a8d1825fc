import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import {
  auditLog,
  identityReviews,
  mailOutbox,
  purchases,
  settings,
} from '../src/db/schema/index.ts';
import { as, people, type Person } from './affiliates-helpers.ts';
import { audBankId, bankOrderBody, upload } from './purchases-helpers.ts';
import { buildTestApp } from './test-app.ts';

let app: FastifyInstance;
let db: Db;
let person: ReturnType<typeof people>;
let bankId: string;

beforeAll(async () => {
  const built = await buildTestApp({ postgres: true });
  ({ app, db } = built);
  person = people(db, built.config);
  bankId = await audBankId(app);
  // Each order is A$833.33: three fit under A$2,600 (2,499.99), a fourth would not.
  await db.update(settings).set({ kycLimitAud: '2600' });
});
afterAll(async () => {
  await app.close();
});

describe('one account racing past its buying limit (PostgreSQL)', () => {
  it('10 orders at once from one account: only those within the limit are placed, the others answer 403', async () => {
    const buyer: Person = await person();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        as(app, buyer).post('/v1/purchase/bank-order', bankOrderBody(bankId)),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(refused).toHaveLength(7);
    for (const a of refused) {
      expect(a.statusCode, a.body).toBe(403);
      expect(a.json().message).toBe(
        'To buy more than 2,600.00 AUD in 12 months, verify your identity first',
      );
    }
    const orders = await db.select().from(purchases).where(eq(purchases.userId, buyer.id));
    expect(orders).toHaveLength(3);
    const total = orders.reduce((sum, o) => sum + Math.round(Number(o.investmentAmount) * 100), 0);
    expect(total).toBeLessThanOrEqual(260_000);
  });
});

describe('staff deciding one identity review at once (PostgreSQL)', () => {
  it('of an approve and a reject sent together, one wins and the other answers 409; one audit row, one e-mail', async () => {
    const [staffA, staffB, buyer] = [
      await person({ role: 'admin' }),
      await person({ role: 'admin' }),
      await person(),
    ];
    const sent = await as(app, buyer).post('/v1/account/identity', {
      documentUrl: (await upload(app)).link,
      secondDocumentUrl: (await upload(app)).link,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [review] = await db
      .select()
      .from(identityReviews)
      .where(eq(identityReviews.userId, buyer.id));
    const answers = await Promise.all([
      as(app, staffA).post(`/v1/admin/identity-reviews/${review!.id}/approve`),
      as(app, staffB).post(`/v1/admin/identity-reviews/${review!.id}/reject`, {
        reason: 'Blurred',
      }),
      as(app, staffA).post(`/v1/admin/identity-reviews/${review!.id}/approve`),
    ]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409]);
    const decisions = await db.select().from(auditLog).where(eq(auditLog.entityId, review!.id));
    expect(decisions).toHaveLength(1);
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
    expect(mails).toHaveLength(1);
  });
});
