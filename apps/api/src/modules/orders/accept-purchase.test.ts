import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/test-app.ts';
import { readSettings } from '../../../test/crypto-helpers.ts';
import type { Db } from '../../db/client.ts';
import { purchases, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import {
  createPurchaseAcceptance,
  purchaseAcceptanceMessages,
  type PurchaseAcceptedHook,
} from './accept-purchase.ts';

let app: FastifyInstance;
let db: Db;
let userId: string;
let staffId: string;

beforeAll(async () => {
  ({ app, db } = await buildTestApp());
  const [buyer, staff] = await db
    .insert(users)
    .values([
      { name: 'Buyer', email: 'buyer@example.com', passwordHash: 'x' },
      { name: 'Staff', email: 'staff@example.com', passwordHash: 'x', role: 'admin' },
    ])
    .returning();
  userId = buyer!.id;
  staffId = staff!.id;
});
afterAll(() => app.close());

let counter = 0;
async function pendingPurchase(investmentAmount = '123.45', tokenAmount = '6172.5') {
  const [row] = await db
    .insert(purchases)
    .values({
      userId,
      paymentMode: 0,
      reference: `TEST-${(counter += 1)}`,
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

const statusOf = async (id: string) =>
  (await db.select().from(purchases).where(eq(purchases.id, id)))[0]!.status;

async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('acceptPurchase', () => {
  it('moves a pending request to Accepted and adds it to raised AUD and tokens sold, exactly', async () => {
    const { acceptPurchase } = createPurchaseAcceptance();
    const purchase = await pendingPurchase('123.45', '6172.5');
    const before = await readSettings(db);
    const accepted = await db.transaction((tx) =>
      acceptPurchase(tx, { purchaseId: purchase.id, reviewedBy: staffId }),
    );
    expect(accepted).toMatchObject({ id: purchase.id, status: 1, reviewedBy: staffId });
    expect(accepted.reviewedAt).toBeInstanceOf(Date);
    const after = await readSettings(db);
    expect(after.raisedAud).toBe((Number(before.raisedAud) + 123.45).toFixed(2));
    expect(after.tokensSold).toBe('6172.500000000000000000');
  });

  it('records no reviewer when a verified payment accepted it', async () => {
    const { acceptPurchase } = createPurchaseAcceptance();
    const purchase = await pendingPurchase();
    const accepted = await db.transaction((tx) => acceptPurchase(tx, { purchaseId: purchase.id }));
    expect(accepted.reviewedBy).toBeNull();
  });

  it('refuses to accept a request twice or one that is no longer pending, and changes nothing', async () => {
    const { acceptPurchase } = createPurchaseAcceptance();
    const purchase = await pendingPurchase();
    await db.transaction((tx) => acceptPurchase(tx, { purchaseId: purchase.id }));
    const totals = await readSettings(db);
    const twice = await refusal(
      db.transaction((tx) => acceptPurchase(tx, { purchaseId: purchase.id })),
    );
    expect(twice).toMatchObject({ status: 400, message: purchaseAcceptanceMessages.notPending(1) });
    expect(twice.message).toBe(
      'Only a pending presale request can be accepted; this one is Accepted',
    );

    for (const [status, label] of [
      [2, 'Rejected'],
      [3, 'Not Accepted'],
      [4, 'Reverted'],
    ] as const) {
      const other = await pendingPurchase();
      await db.update(purchases).set({ status }).where(eq(purchases.id, other.id));
      const err = await refusal(
        db.transaction((tx) => acceptPurchase(tx, { purchaseId: other.id })),
      );
      expect(err.message).toMatch(new RegExp(`this one is ${label}$`));
      expect(await statusOf(other.id)).toBe(status);
    }
    expect(await readSettings(db)).toEqual(totals);
  });

  it('answers 404 for an unknown request', async () => {
    const { acceptPurchase } = createPurchaseAcceptance();
    const err = await refusal(
      db.transaction((tx) => acceptPurchase(tx, { purchaseId: crypto.randomUUID() })),
    );
    expect(err).toMatchObject({ status: 404, message: purchaseAcceptanceMessages.notFound });
  });

  it('runs its hooks in order, in the same transaction, with the accepted request', async () => {
    const seen: string[] = [];
    const hook =
      (name: string): PurchaseAcceptedHook =>
      async (tx, accepted) => {
        const [row] = await tx.select().from(purchases).where(eq(purchases.id, accepted.id));
        seen.push(`${name}:${row!.status}:${accepted.investmentAmount}`);
      };
    const { acceptPurchase } = createPurchaseAcceptance({
      onAccepted: [hook('first'), hook('second')],
    });
    const purchase = await pendingPurchase('80.00', '4000');
    await db.transaction((tx) => acceptPurchase(tx, { purchaseId: purchase.id }));
    expect(seen).toEqual(['first:1:80.00', 'second:1:80.00']);
  });

  it('is undone with its transaction when a hook fails', async () => {
    const { acceptPurchase } = createPurchaseAcceptance({
      onAccepted: [() => Promise.reject(new Error('ledger unavailable'))],
    });
    const purchase = await pendingPurchase();
    const totals = await readSettings(db);
    await expect(
      db.transaction((tx) => acceptPurchase(tx, { purchaseId: purchase.id })),
    ).rejects.toThrow('ledger unavailable');
    expect(await statusOf(purchase.id)).toBe(0);
    expect(await readSettings(db)).toEqual(totals);
  });
});
