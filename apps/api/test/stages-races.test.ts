import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { purchases, stages } from '../src/db/schema/index.ts';
import { as, people, type Person } from './affiliates-helpers.ts';
import { audBankId, bankOrderBody } from './purchases-helpers.ts';
import { activeStage } from './stage-helpers.ts';
import { buildTestApp } from './test-app.ts';

let app: FastifyInstance;
let db: Db;
let person: ReturnType<typeof people>;
let staff: Person;
let bankId: string;

beforeAll(async () => {
  const built = await buildTestApp({ postgres: true });
  ({ app, db } = built);
  person = people(db, built.config);
  staff = await person({ role: 'admin' });
  bankId = await audBankId(app);
});
afterAll(async () => {
  await app.close();
});

describe('racing orders for the last tokens of a stage (PostgreSQL)', () => {
  it('50 orders at once that ask for more than is left never sell past the cap; each refused one is a 409 with the number left', async () => {
    const seeded = await activeStage(db);
    const closed = await as(app, staff).post(`/v1/admin/stages/${seeded!.id}/close`, {
      remark: 'Race stage instead',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    // Each order: 500 EUR = A$833.33 = 41,666.50 tokens at 0.02. 24 of them fit in the cap and
    // leave 10,000 tokens, more than the A$50 minimum buys (2,500), so the stage stays open.
    const created = await as(app, staff).post('/v1/admin/stages', {
      name: 'Race',
      priceAud: '0.02',
      tokenCap: '1009996',
      startsAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const stageId = created.json<{ data: { id: string; state: string } }>().data.id;
    expect(created.json().data.state).toBe('active');

    const buyers = await Promise.all(Array.from({ length: 50 }, () => person()));
    const answers = await Promise.all(
      buyers.map((b) => as(app, b).post('/v1/purchase/bank-order', bankOrderBody(bankId))),
    );

    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(24);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(refused).toHaveLength(26);
    for (const a of refused) {
      expect(a.statusCode).toBe(409);
      expect(a.json().message).toBe(
        "Only 10,000.00 TMC are left at this stage's price: order up to 10,000.00.",
      );
    }

    const [stage] = await db.select().from(stages).where(eq(stages.id, stageId));
    expect(stage).toMatchObject({ state: 'active', reserved: '999996.000000000000000000' });
    expect(Number(stage!.reserved) + Number(stage!.sold)).toBeLessThanOrEqual(1009996);
    const orders = await db.select().from(purchases).where(eq(purchases.stageId, stageId));
    expect(orders).toHaveLength(24);
  });
});
