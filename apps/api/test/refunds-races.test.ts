import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { money } from '../src/lib/money.ts';
import { as, decide, insertBankPurchase, people, type Person } from './affiliates-helpers.ts';
import { readSettings } from './crypto-helpers.ts';
import { buildTestApp } from './test-app.ts';

/** Staff deciding the same refund at once: they only race for real on PostgreSQL. */

let app: FastifyInstance;
let db: Db;
let person: ReturnType<typeof people>;
let admins: Person[];

beforeAll(async () => {
  const built = await buildTestApp({ postgres: true });
  ({ app, db } = built);
  person = people(db, built.config);
  admins = await Promise.all([1, 2, 3].map(() => person({ role: 'admin' })));
});
afterAll(() => app.close());

async function acceptedOrder(aud: string) {
  const buyer = await person();
  const order = await insertBankPurchase(db, buyer, aud);
  expect((await decide(app, admins[0]!, order.id, 1)).statusCode).toBe(200);
  return order;
}

describe('refunds on PostgreSQL', () => {
  it('starts one refund of an order when several staff start one at once', async () => {
    const order = await acceptedOrder('300.00');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        as(app, admins[i % 3]).post('/v1/admin/refunds', {
          purchaseId: order.id,
          amount: '100',
          coin: 'AUD',
          reason: `race ${i}`,
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409]);
  });

  it('takes the tokens back once however many approvals race, and pays once', async () => {
    const order = await acceptedOrder('1000.00');
    const created = await as(app, admins[0]).post('/v1/admin/refunds', {
      purchaseId: order.id,
      amount: '250',
      coin: 'AUD',
      reason: 'A quarter back',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    const before = await readSettings(db);

    const approvals = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        as(app, admins[i % 3]).post(`/v1/admin/refunds/${id}/approve`),
      ),
    );
    expect(approvals.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const after = await readSettings(db);
    expect(money(before.raisedAud).minus(after.raisedAud).toFixed(2)).toBe('250.00');
    expect(money(before.tokensSold).minus(after.tokensSold).toFixed(2)).toBe('12500.00');

    const pays = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        as(app, admins[i % 3]).post(`/v1/admin/refunds/${id}/paid`, { evidence: `BANK-${i}` }),
      ),
    );
    const paid = pays.filter((p) => p.statusCode === 200);
    expect(paid).toHaveLength(1);
    expect(pays.filter((p) => p.statusCode === 409)).toHaveLength(5);
    const final = await as(app, admins[0]).get('/v1/admin/refunds?state=paid&limit=30');
    const row = final.json().data.data.find((r: { id: string }) => r.id === id);
    expect(row.evidence).toBe(paid[0]!.json().data.evidence);
  });
});
