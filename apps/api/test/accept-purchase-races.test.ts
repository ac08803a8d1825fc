import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { purchases, users } from '../src/db/schema/index.ts';
import { money } from '../src/lib/money.ts';
import { createPurchaseAcceptance } from '../src/modules/orders/accept-purchase.ts';
import { readSettings } from './crypto-helpers.ts';
import { buildTestApp } from './test-app.ts';

/** Acceptances racing for the running totals: they only race for real on PostgreSQL. */

let app: FastifyInstance;
let db: Db;
let userId: string;

beforeAll(async () => {
  ({ app, db } = await buildTestApp({ postgres: true }));
  const [buyer] = await db
    .insert(users)
    .values({ name: 'Buyer', email: `buyer-${Date.now()}@example.com`, passwordHash: 'x' })
    .returning();
  userId = buyer!.id;
});
afterAll(() => app.close());

let counter = 0;
async function pendingPurchase(investmentAmount: string, tokenAmount: string) {
  const [row] = await db
    .insert(purchases)
    .values({
      userId,
      paymentMode: 0,
      reference: `RACE-${Date.now()}-${(counter += 1)}`,
      investmentAmount,
      tokenAmount,
      tokenPriceAud: '0.02',
      userAmount: investmentAmount,
      userCurrency: 'AUD',
      rate: '1',
    })
    .returning();
  return row!;
}

describe('the acceptance on PostgreSQL', () => {
  it('never loses an addition when many requests are accepted at once', async () => {
    const { acceptPurchase } = createPurchaseAcceptance();
    const batch = await Promise.all(
      Array.from({ length: 8 }, () => pendingPurchase('10.01', '500.5')),
    );
    const before = await readSettings(db);
    await Promise.all(
      batch.map((p) => db.transaction((tx) => acceptPurchase(tx, { purchaseId: p.id }))),
    );
    const after = await readSettings(db);
    expect(after.raisedAud).toBe(money(before.raisedAud).plus('80.08').toFixed(2));
    expect(money(after.tokensSold).minus(before.tokensSold).toFixed(2)).toBe('4004.00');
  });
});
