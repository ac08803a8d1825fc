import { and, count, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PaymentStatus, purchaseMessages, PurchaseStatus } from '@tmc/shared';
import { mailOutbox, purchases, settings, transactions } from '../src/db/schema/index.ts';
import {
  due,
  readOrder,
  unmatchedOf,
  useCryptoApp,
  watcherReadThrough,
  type Buyer,
} from './crypto-helpers.ts';
import { audBankId, bankOrderBody } from './purchases-helpers.ts';

const { app, db, client, tools, buyer: newBuyer, order } = useCryptoApp({ postgres: true });

const mailsTo = (b: Buyer, subject: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, b.email), like(mailOutbox.subject, `%${subject}%`)));

/**
 * A paid order whose quote ended one second after its payment's block, with no grace period, and
 * a chain read past that (as a second copy's watcher, or the buyer's verify, settles the
 * transfer): the watcher may credit it (the payment came in time) and the lapse job may end it
 * (the quote expired), both at once.
 */
async function paidOrderPastItsQuote() {
  const buyer = await newBuyer();
  const { transaction, purchase } = await order(buyer, 'ETH', '0.05');
  const payment = await tools().pay('ETH', due(transaction));
  const block = await tools().publicClient.getBlock({ blockNumber: payment.blockNumber });
  const expiresAt = new Date(Number(block.timestamp) * 1000 + 1000);
  await db()
    .update(transactions)
    .set({ quoteExpiresAt: expiresAt })
    .where(eq(transactions.id, transaction.id));
  await db().update(settings).set({ quoteGraceMinutes: 0 });
  await watcherReadThrough(db(), new Date(expiresAt.getTime() + 1000));
  // The database's clock, which the lapse job reads, past the quote's end.
  for (;;) {
    const [row] = await db()
      .execute<{ past: boolean }>(
        sql`select now() > ${expiresAt.toISOString()}::timestamptz as past`,
      )
      .then((r) => r.rows);
    if (row?.past) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { buyer, transaction, purchase, payment };
}

/** Exactly one of the two happened, and the payment is either credited or listed for staff. */
async function expectOneOutcome(o: Awaited<ReturnType<typeof paidOrderPastItsQuote>>) {
  const { transaction, purchase } = await readOrder(db(), o.transaction.id);
  const listed = await unmatchedOf(db(), o.payment.hash);
  const verified = await mailsTo(o.buyer, 'payment is verified');
  const ended = await mailsTo(o.buyer, 'has ended');
  if (transaction.paymentStatus === PaymentStatus.Success) {
    expect(purchase.status).toBe(PurchaseStatus.Accepted);
    expect(transaction.txnHash).toBe(o.payment.hash);
    expect(listed).toHaveLength(0);
    expect([verified.length, ended.length]).toEqual([1, 0]);
    return 'credited';
  }
  expect(transaction.paymentStatus).toBe(PaymentStatus.Failed);
  expect(transaction.txnHash).toBeNull();
  expect(purchase.status).toBe(PurchaseStatus.NotAccepted);
  expect(listed).toHaveLength(1);
  expect([verified.length, ended.length]).toEqual([0, 1]);
  return 'lapsed';
}

/** Resolves once `n` sessions of this database wait for a lock. */
async function lockWaiters(n: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { rows } = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((rows[0]?.n ?? 0) >= n) return;
    if (Date.now() > deadline) throw new Error(`fewer than ${n} sessions waited for the lock`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the lapse job and the payment watcher on one order (PostgreSQL)', () => {
  it('at the same moment: one of them wins, never both, and the payment is never lost', async () => {
    const o = await paidOrderPastItsQuote();
    // The order's row is held while both reach it, then let go: they meet at the lock.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = db().transaction(async (tx) => {
      await tx
        .select()
        .from(transactions)
        .where(eq(transactions.id, o.transaction.id))
        .for('update');
      locked();
      await held;
    });
    await isLocked;
    const poll = app().paymentWatcher.pollOnce();
    const lapse = app().orderLapse.runOnce();
    await lockWaiters(2);
    release();
    await holder;
    const [polled, lapsed] = await Promise.all([poll, lapse]);
    const outcome = await expectOneOutcome(o);
    expect(lapsed.crypto).toBe(outcome === 'lapsed' ? 1 : 0);
    expect(polled.credited).toBe(outcome === 'credited' ? 1 : 0);
    // Running both again changes nothing.
    await app().orderLapse.runOnce();
    await app().paymentWatcher.pollOnce();
    expect(await expectOneOutcome(o)).toBe(outcome);
  });

  it('credited first: the lapse job leaves the paid order alone', async () => {
    const o = await paidOrderPastItsQuote();
    expect((await app().paymentWatcher.pollOnce()).credited).toBe(1);
    expect((await app().orderLapse.runOnce()).crypto).toBe(0);
    expect(await expectOneOutcome(o)).toBe('credited');
  });

  it('found by the lapse job, then paid before its update: the update sees the payment and ends nothing', async () => {
    const o = await paidOrderPastItsQuote();
    let lapse!: ReturnType<ReturnType<typeof app>['orderLapse']['runOnce']>;
    await db().transaction(async (tx) => {
      await tx
        .select()
        .from(transactions)
        .where(eq(transactions.id, o.transaction.id))
        .for('update');
      lapse = app().orderLapse.runOnce();
      await lockWaiters(1);
      // What the credit step writes under the same lock, before the lapse job gets it.
      await tx
        .update(transactions)
        .set({ paymentStatus: PaymentStatus.Success })
        .where(eq(transactions.id, o.transaction.id));
    });
    expect((await lapse).crypto).toBe(0);
    const { transaction, purchase } = await readOrder(db(), o.transaction.id);
    expect(transaction.paymentStatus).toBe(PaymentStatus.Success);
    expect(purchase.status).toBe(PurchaseStatus.Pending);
  });

  it('ended first: the payment that arrives is listed for staff, not credited', async () => {
    const o = await paidOrderPastItsQuote();
    expect((await app().orderLapse.runOnce()).crypto).toBe(1);
    await app().paymentWatcher.pollOnce();
    expect(await expectOneOutcome(o)).toBe('lapsed');
  });
});

describe('a buyer cancelling while the payment is credited (PostgreSQL)', () => {
  it('takes the locks in the credit step’s order: no deadlock, and a paid order is not cancelled', async () => {
    const buyer = await newBuyer();
    const { transaction, purchase } = await order(buyer, 'ETH', '0.05');
    let cancelling!: ReturnType<ReturnType<typeof client>['post']>;
    await db().transaction(async (tx) => {
      // The credit step: the transaction's row, then the request's.
      await tx.select().from(transactions).where(eq(transactions.id, transaction.id)).for('update');
      cancelling = client().post(`/v1/purchase/${purchase.id}/cancel`, {}, { token: buyer.access });
      await lockWaiters(1);
      await tx.select().from(purchases).where(eq(purchases.id, purchase.id)).for('update');
      await tx
        .update(transactions)
        .set({ paymentStatus: PaymentStatus.Success })
        .where(eq(transactions.id, transaction.id));
    });
    const res = await cancelling;
    expect(res.statusCode, res.body).toBe(400);
    expect((await readOrder(db(), transaction.id)).purchase.status).toBe(PurchaseStatus.Pending);
  });
});

describe('the bank order cap (PostgreSQL)', () => {
  it('orders placed at once never pass it together', async () => {
    const buyer = await newBuyer();
    const bankId = await audBankId(app());
    const place = () =>
      client().post('/v1/purchase/bank-order', bankOrderBody(bankId), { token: buyer.access });
    for (let i = 1; i < 5; i++) expect((await place()).statusCode).toBe(201);
    const answers = await Promise.all([place(), place(), place(), place()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400, 400]);
    for (const refused of answers.filter((a) => a.statusCode === 400))
      expect(refused.json().message).toBe(purchaseMessages.tooManyOpenBankOrders);
    const [row] = await db()
      .select({ n: count() })
      .from(purchases)
      .where(eq(purchases.userId, buyer.user._id));
    expect(row!.n).toBe(5);
  });
});
