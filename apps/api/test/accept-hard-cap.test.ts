import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseMessages } from '@tmc/shared';
import type { Db } from '../src/db/client.ts';
import { money } from '../src/lib/money.ts';
import { purchases, settings, transactions } from '../src/db/schema/index.ts';
import { decide, insertBankPurchase, people, type Person } from './affiliates-helpers.ts';
import { readSettings } from './crypto-helpers.ts';
import { buildTestApp } from './test-app.ts';

let app: FastifyInstance;
let db: Db;
let admin: Person;
let person: ReturnType<typeof people>;

beforeAll(async () => {
  const built = await buildTestApp({ postgres: true });
  ({ app, db } = built);
  person = people(db, built.config);
  admin = await person({ role: 'admin' });
});
afterAll(() => app.close());

const capAt = (aud: string) => db.update(settings).set({ hardCapAud: aud });

describe('the hard cap at acceptance', () => {
  it('refuses a staff acceptance that would pass it, with a clear message, and changes nothing', async () => {
    const buyer = await person();
    const raised = (await readSettings(db)).raisedAud;
    await capAt((Number(raised) + 100).toFixed(2));
    const fits = await insertBankPurchase(db, buyer, '60.00');
    const over = await insertBankPurchase(db, buyer, '40.01');

    expect((await decide(app, admin, fits.id, 1)).statusCode).toBe(200);
    const res = await decide(app, admin, over.id, 1);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(purchaseMessages.acceptOverHardCap);
    const [row] = await db.select().from(purchases).where(eq(purchases.id, over.id));
    expect(row!.status).toBe(0);
    expect(
      await db.select().from(transactions).where(eq(transactions.purchaseId, over.id)),
    ).toEqual([]);
    const after = await readSettings(db);
    expect(money(after.raisedAud).toFixed(2)).toBe(money(raised).plus(60).toFixed(2));
  });

  it('holds when many acceptances race: raised never passes it and equals the accepted requests', async () => {
    const buyer = await person();
    const raised = Number((await readSettings(db)).raisedAud);
    // Room for 7 of 12 requests of A$100.
    await capAt((raised + 750).toFixed(2));
    const requests = await Promise.all(
      Array.from({ length: 12 }, () => insertBankPurchase(db, buyer, '100.00')),
    );
    const answers = await Promise.all(requests.map((r) => decide(app, admin, r.id, 1)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(7);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(purchaseMessages.acceptOverHardCap);
    }
    const accepted = await db
      .select()
      .from(purchases)
      .where(
        inArray(
          purchases.id,
          requests.map((r) => r.id),
        ),
      );
    expect(accepted.filter((p) => p.status === 1)).toHaveLength(7);
    const after = await readSettings(db);
    expect(money(after.raisedAud).toFixed(2)).toBe(money(raised).plus(700).toFixed(2));
    expect(Number(after.raisedAud)).toBeLessThanOrEqual(Number(after.hardCapAud));
  });
});
