import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseMessages, PurchaseStatus } from '@tmc/shared';
import type { Db } from '../src/db/client.ts';
import { auditLog, lateOffers, purchases } from '../src/db/schema/index.ts';
import { money } from '../src/lib/money.ts';
import { insertBankPurchase, people, type Person } from './affiliates-helpers.ts';
import { activeStage } from './stage-helpers.ts';
import { buildTestApp } from './test-app.ts';

/** A buyer's consent clicked many times at once: it only races for real on PostgreSQL. */

let app: FastifyInstance;
let db: Db;
let person: ReturnType<typeof people>;
let admin: Person;

beforeAll(async () => {
  const built = await buildTestApp({ postgres: true });
  ({ app, db } = built);
  person = people(db, built.config);
  admin = await person({ role: 'admin' });
});
afterAll(() => app.close());

describe('late offers on PostgreSQL', () => {
  it('makes one order of six consents at once, and reserves its tokens once', async () => {
    const buyer = await person();
    const order = await insertBankPurchase(db, buyer, '100', {
      status: PurchaseStatus.NotAccepted,
      remark: purchaseMessages.bankOrderLapsed,
      lateReceiptAt: new Date(),
    });
    const stage = (await activeStage(db))!;
    const token = randomBytes(32).toString('base64url');
    await db.insert(lateOffers).values({
      purchaseId: order.id,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      stageId: stage.id,
      stageName: stage.name,
      tokenPriceAud: stage.priceAud,
      previousTokenPriceAud: '0.01',
      rate: '1',
      investmentAmount: '100',
      tokenAmount: '5000',
      offeredBy: admin.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        app.inject({ method: 'POST', url: '/v1/late-offers/accept', payload: { token } }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const [row] = await db.select().from(purchases).where(eq(purchases.id, order.id));
    expect(row).toMatchObject({
      status: PurchaseStatus.Pending,
      tokenAmount: '5000.000000000000000000',
    });
    const after = (await activeStage(db))!;
    expect(money(after.reserved).minus(stage.reserved).toFixed(2)).toBe('5000.00');
    const accepts = await db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(accepts.filter((a) => a.action === 'purchase.lateOfferAccept')).toHaveLength(1);
  });
});
