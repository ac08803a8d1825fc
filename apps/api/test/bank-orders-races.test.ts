import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Purchase } from '@tmc/shared';
import type { Db } from '../src/db/client.ts';
import { files, purchases } from '../src/db/schema/index.ts';
import { as, people } from './affiliates-helpers.ts';
import { audBankId, bankOrderBody, upload } from './purchases-helpers.ts';
import { useMailedApp } from './app-helpers.ts';

let app: FastifyInstance, db: Db;
let person: ReturnType<typeof people>;
let bankId: string;

useMailedApp(
  async (t) => {
    ({ app, db } = t);
    person = people(db, t.config);
    bankId = await audBankId(app);
  },
  { postgres: true },
);

const orderBody = (extra: Record<string, unknown> = {}) => bankOrderBody(bankId, extra);

describe('racing receipt attaches (PostgreSQL)', () => {
  it('two different receipts at once: exactly one is attached, the other answers 400', async () => {
    const buyer = await person();
    const res = await as(app, buyer).post('/v1/purchase/bank-order', orderBody());
    const order = res.json<{ data: { purchase: Purchase } }>().data.purchase;
    const links = await Promise.all([upload(app), upload(app), upload(app), upload(app)]);

    const answers = await Promise.all(
      links.map(({ link }) =>
        as(app, buyer).post(`/v1/purchase/${order._id}/receipt`, {
          receiptUrl: link,
          receiptType: 'image',
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400]);
    const claimed = await db.select().from(files).where(eq(files.purchaseId, order._id));
    expect(claimed).toHaveLength(1);
    const [row] = await db.select().from(purchases).where(eq(purchases.id, order._id));
    expect(row!.receiptKey).not.toBeNull();
  });

  it('one receipt sent five times at once: all answer 200 with the one attachment', async () => {
    const buyer = await person();
    const res = await as(app, buyer).post('/v1/purchase/bank-order', orderBody());
    const order = res.json<{ data: { purchase: Purchase } }>().data.purchase;
    const { link } = await upload(app);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        as(app, buyer).post(`/v1/purchase/${order._id}/receipt`, {
          receiptUrl: link,
          receiptType: 'image',
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const claimed = await db.select().from(files).where(eq(files.purchaseId, order._id));
    expect(claimed).toHaveLength(1);
  });

  it('one checkout key sent five times at once makes one order', async () => {
    const buyer = await person();
    const requestId = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        as(app, buyer).post('/v1/purchase/bank-order', orderBody({ requestId })),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(answers.map((a) => a.json().data.purchase._id as string));
    expect(ids.size).toBe(1);
    const rows = await db.select().from(purchases).where(eq(purchases.userId, buyer.id));
    expect(rows).toHaveLength(1);
  });
});
