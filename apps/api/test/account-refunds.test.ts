import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { as, decide, insertBankPurchase, people, type Person } from './affiliates-helpers.ts';
import { buildTestApp } from './test-app.ts';

/** My TMC's refund list: the caller's refunds across their orders, paged in the database. */

let app: FastifyInstance;
let db: Db;
let person: ReturnType<typeof people>;
let admin: Person;

beforeAll(async () => {
  const built = await buildTestApp();
  ({ app, db } = built);
  person = people(db, built.config);
  admin = await person({ role: 'admin' });
});
afterAll(() => app.close());

async function refundOf(buyer: Person, aud: string, amount: string) {
  const order = await insertBankPurchase(db, buyer, aud);
  expect((await decide(app, admin, order.id, 1)).statusCode).toBe(200);
  const created = await as(app, admin).post('/v1/admin/refunds', {
    purchaseId: order.id,
    amount,
    coin: 'AUD',
    reason: `Part of ${order.reference} back`,
  });
  expect(created.statusCode, created.body).toBe(201);
  return { order, refundId: created.json().data.id as string };
}

describe('GET /v1/account/refunds', () => {
  it("lists the caller's refunds, newest first, with state, amount, reasons and the order", async () => {
    const buyer = await person();
    const other = await person();
    const first = await refundOf(buyer, '200.00', '50');
    const declined = await as(app, admin).post(`/v1/admin/refunds/${first.refundId}/decline`, {
      reason: 'Tokens already moved',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const second = await refundOf(buyer, '100.00', '100');
    await refundOf(other, '100.00', '10');

    const res = await as(app, buyer).get('/v1/account/refunds?limit=10');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ totalResults: 2, page: 1, limit: 10 });
    expect(page.data).toHaveLength(2);
    expect(page.data[0]).toMatchObject({
      id: second.refundId,
      state: 'requested',
      amount: '100.00',
      coin: 'AUD',
      purchaseId: second.order.id,
      reference: second.order.reference,
      declineReason: null,
    });
    expect(page.data[1]).toMatchObject({
      id: first.refundId,
      state: 'declined',
      amount: '50.00',
      reason: `Part of ${first.order.reference} back`,
      declineReason: 'Tokens already moved',
      reference: first.order.reference,
    });

    const paged = await as(app, buyer).get('/v1/account/refunds?limit=10&page=2');
    expect(paged.json().data).toMatchObject({ totalResults: 2, data: [] });
    const none = await as(app, await person()).get('/v1/account/refunds');
    expect(none.json().data).toMatchObject({ totalResults: 0, data: [] });
    expect((await app.inject({ method: 'GET', url: '/v1/account/refunds' })).statusCode).toBe(401);
  });
});
