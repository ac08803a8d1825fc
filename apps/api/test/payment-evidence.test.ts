import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatEther, parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { unmatchedPaymentMessages, verifyPaymentMessages as says } from '@tmc/shared';
import type { Db } from '../src/db/client.ts';
import { money } from '../src/lib/money.ts';
import {
  auditLog,
  mailOutbox,
  paymentParts,
  purchases,
  transactions,
} from '../src/db/schema/index.ts';
import { devAccount } from '../src/dev/dev-accounts.ts';
import { as, type Person } from './affiliates-helpers.ts';
import {
  due,
  insertCryptoOrder,
  proveWallet,
  readOrder,
  readSettings,
  unmatchedOf,
  watcherReadThrough,
} from './crypto-helpers.ts';
import { useChainApp, type ChainApp } from './app-helpers.ts';

/**
 * Who sent the money decides what it pays for (issue 36): a wallet proven at the block's time
 * pays its own account's order, a squatted exact quote captures nobody's payment, block stamps
 * a little before the order still count, and staff can move a credit to the right order.
 */

let app: FastifyInstance, db: Db, person: ChainApp['person'], tools: ChainApp['tools'];
let admin: Person;

const devChain = useChainApp((t) => ({ app, db, person, tools, admin } = t));

const order = (
  buyer: Person,
  amount: string,
  opts: { createdAt?: Date; quoteExpiresAt?: Date } = {},
) =>
  insertCryptoOrder(db, {
    userId: buyer.id,
    coin: 'ETH',
    amount,
    companyWallet: devChain().companyWallet,
    ...opts,
  });

/** An open order whose exact quote is `quote`: what a squatter re-rolling orders used to get. */
async function squat(squatter: Person, quote: string) {
  const placed = await order(squatter, '0.049999');
  await db
    .update(transactions)
    .set({ quoteBaseUnits: parseEther(quote).toString(), price: quote })
    .where(eq(transactions.id, placed.transaction.id));
  return placed;
}

const status = async (transactionId: string) =>
  (await readOrder(db, transactionId)).transaction.paymentStatus;

async function watchAll() {
  for (let i = 0; i < 20; i++) if (!(await app.paymentWatcher.pollOnce()).blocks) return;
}

/** The chain's next block is stamped `seconds` (whole) since the epoch. */
const nextBlockAt = (seconds: number) =>
  tools.testClient.setNextBlockTimestamp({ timestamp: BigInt(seconds) });
const latestBlockSeconds = async () => Number((await tools.publicClient.getBlock()).timestamp);

describe('evidence ranked by who sent the money', () => {
  it('a round payment from a proven wallet never pays the order squatting that exact amount: staff get a conflict', async () => {
    const victim = await person();
    const squatter = await person();
    await proveWallet(db, victim.id, devAccount(5).address, new Date(Date.now() - 60_000));
    const victims = await order(victim, '0.05');
    const squatted = await squat(squatter, '0.05');
    const raised = (await readSettings(db)).raisedAud;

    const payment = await tools.pay('ETH', '0.05', { fromIndex: 5 });
    await watchAll();

    expect(await status(squatted.transaction.id)).toBe(0);
    expect(await status(victims.transaction.id)).toBe(0);
    expect((await readSettings(db)).raisedAud).toBe(raised);
    expect(await unmatchedOf(db, payment.hash)).toMatchObject([
      { reason: 'conflict', purchaseId: null, status: 'open' },
    ]);
    // Staff see both: the squatted exact amount, and the payer's own order with its wallet.
    const [row] = await unmatchedOf(db, payment.hash);
    const detail = await as(app, admin).get(`/v1/admin/unmatched-payments/${row!.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const byReference = new Map(
      (detail.json().data.candidates as { reference: string; senderProven: boolean }[]).map((c) => [
        c.reference,
        c,
      ]),
    );
    expect(byReference.get(victims.purchase.reference)).toMatchObject({ senderProven: true });
    expect(byReference.get(squatted.purchase.reference)).toMatchObject({
      senderProven: false,
      suggestion: 'The exact amount of this order',
    });
  });

  it('the exact quote of one account’s order, sent from a wallet another account proved, credits nothing and is a conflict for staff', async () => {
    const payer = await person();
    const squatter = await person();
    await proveWallet(db, payer.id, devAccount(6).address, new Date(Date.now() - 60_000));
    const squatted = await squat(squatter, '0.06');
    const raised = (await readSettings(db)).raisedAud;

    const payment = await tools.pay('ETH', '0.06', { fromIndex: 6 });
    await watchAll();

    expect(await status(squatted.transaction.id)).toBe(0);
    expect((await readSettings(db)).raisedAud).toBe(raised);
    const [row] = await unmatchedOf(db, payment.hash);
    expect(row).toMatchObject({ reason: 'conflict', purchaseId: null, status: 'open' });

    const verify = await as(app, squatter).post(
      `/v1/transaction/verify-crypto-pay/${squatted.transaction.id}`,
      { txnHash: payment.hash },
    );
    expect(verify.statusCode).toBe(400);
    expect(verify.json().message).toBe(says.inReview);

    const detail = await as(app, admin).get(`/v1/admin/unmatched-payments/${row!.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.candidates).toMatchObject([
      {
        reference: squatted.purchase.reference,
        senderProven: false,
        senderProvenSince: null,
        suggestion: 'The exact amount of this order',
      },
    ]);
  });

  it('the exact quote from a wallet nobody proved pays its order, as before', async () => {
    const buyer = await person();
    const placed = await order(buyer, '0.05');
    await tools.pay('ETH', due(placed.transaction), { fromIndex: 7 });
    await watchAll();
    expect(await status(placed.transaction.id)).toBe(1);
  });

  it('a proof in the block’s own second counts for the payment in that block', async () => {
    const buyer = await person();
    const placed = await order(buyer, '0.05', { createdAt: new Date(Date.now() - 120_000) });
    const at = (await latestBlockSeconds()) + 5;
    await proveWallet(db, buyer.id, devAccount(8).address, new Date(at * 1000 + 900));
    await nextBlockAt(at);
    const payment = await tools.pay('ETH', '0.04', { fromIndex: 8 });
    await watchAll();
    // Counted for the order (short of it: partially paid).
    expect((await readOrder(db, placed.transaction.id)).transaction).toMatchObject({
      paymentStatus: 0,
      receivedBaseUnits: parseEther('0.04').toString(),
    });
    expect(
      await db.select().from(paymentParts).where(eq(paymentParts.txnHash, payment.hash)),
    ).toMatchObject([{ transactionId: placed.transaction.id }]);
  });

  it('another amount from a proven wallet pays the account’s only open order, also when the wallet is proven again while the payment waits for the watcher', async () => {
    const buyer = await person();
    await proveWallet(db, buyer.id, devAccount(9).address);
    const placed = await order(buyer, '0.05');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const payment = await tools.pay('ETH', '0.03', { fromIndex: 9 });
    await proveWallet(db, buyer.id, devAccount(9).address);
    await watchAll();
    // Less than due: it counts towards the order, which stays open for the rest (partially paid).
    expect((await readOrder(db, placed.transaction.id)).transaction).toMatchObject({
      paymentStatus: 0,
      receivedBaseUnits: parseEther('0.03').toString(),
    });
    expect(
      await db.select().from(paymentParts).where(eq(paymentParts.txnHash, payment.hash)),
    ).toMatchObject([{ transactionId: placed.transaction.id }]);
  });

  it('a wallet moved to another account pays nothing of that account’s by itself for a day', async () => {
    const before = await person();
    const after = await person();
    await proveWallet(db, before.id, devAccount(2).address, new Date(Date.now() - 60_000));
    await proveWallet(db, after.id, devAccount(2).address);
    const placed = await order(after, '0.05');
    const payment = await tools.pay('ETH', '0.02', { fromIndex: 2 });
    await watchAll();
    expect(await status(placed.transaction.id)).toBe(0);
    expect(await unmatchedOf(db, payment.hash)).toMatchObject([{ reason: 'unknown' }]);
  });
});

describe('block times are slot starts', () => {
  it('a payment stamped two seconds before its order, or in the order’s own second, counts for it', async () => {
    const buyer = await person();
    const base = (await latestBlockSeconds()) + 20;
    const early = await order(buyer, '0.05', { createdAt: new Date(base * 1000 + 400) });
    await nextBlockAt(base - 2);
    await tools.pay('ETH', due(early.transaction), { fromIndex: 3 });

    const other = await person();
    const same = await order(other, '0.05', { createdAt: new Date((base + 10) * 1000 + 700) });
    await nextBlockAt(base + 10);
    await tools.pay('ETH', due(same.transaction), { fromIndex: 3 });
    await watchAll();
    expect(await status(early.transaction.id)).toBe(1);
    expect(await status(same.transaction.id)).toBe(1);
  });

  it('a transfer from a proven wallet mined well before the order does not pay it', async () => {
    const buyer = await person();
    await proveWallet(db, buyer.id, devAccount(4).address, new Date(Date.now() - 600_000));
    const at = (await latestBlockSeconds()) + 30;
    const placed = await order(buyer, '0.05', { createdAt: new Date((at + 120) * 1000) });
    await nextBlockAt(at);
    const payment = await tools.pay('ETH', '0.045', { fromIndex: 4 });
    await watchAll();
    expect(await status(placed.transaction.id)).toBe(0);
    expect(await unmatchedOf(db, payment.hash)).toMatchObject([{ reason: 'unknown' }]);
  });
});

describe('staff move a credit and take in-time payments of ended orders', () => {
  it('moves a transfer that credited the wrong order to the right one, in one audited step', async () => {
    const wrong = await person({ referredBy: await person({ affiliate: true }) });
    const right = await person();
    const credited = await order(wrong, '0.05');
    const meant = await order(right, '0.1');
    const payment = await tools.pay('ETH', due(credited.transaction), { fromIndex: 3 });
    await watchAll();
    expect(await status(credited.transaction.id)).toBe(1);
    const raisedBefore = (await readSettings(db)).raisedAud;

    const move = (transactionId: string, reference: string) =>
      as(app, admin).post(`/v1/admin/transactions/${transactionId}/move-credit`, {
        reference,
        remark: 'Paid for the other order, see the buyer’s e-mail',
      });
    expect((await move(credited.transaction.id, credited.purchase.reference)).json().message).toBe(
      unmatchedPaymentMessages.sameOrder,
    );
    const res = await move(credited.transaction.id, meant.purchase.reference);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(unmatchedPaymentMessages.moved);

    const gaveUp = await readOrder(db, credited.transaction.id);
    expect(gaveUp.transaction).toMatchObject({ paymentStatus: 2, txnHash: null });
    expect(gaveUp.purchase).toMatchObject({
      status: 4,
      remark: unmatchedPaymentMessages.movedRemark(meant.purchase.reference),
    });
    const took = await readOrder(db, meant.transaction.id);
    expect(took.transaction).toMatchObject({ paymentStatus: 1, txnHash: payment.hash });
    expect(took.purchase.status).toBe(1);
    // The 0.05 ETH transfer buys its worth of the 0.1 ETH order, no more.
    expect(BigInt(took.transaction.paidBaseUnits!)).toBe(
      BigInt(credited.transaction.quoteBaseUnits!),
    );
    const raisedAfter = (await readSettings(db)).raisedAud;
    expect(
      money(raisedAfter).minus(raisedBefore).plus(gaveUp.purchase.investmentAmount).toFixed(2),
    ).toBe(money(took.purchase.investmentAmount).toFixed(2));

    const [audit] = await db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'transaction.moveCredit'),
          eq(auditLog.entityId, credited.transaction.id),
        ),
      );
    expect(audit).toMatchObject({ actorId: admin.id });
    expect(audit!.after).toMatchObject({ reference: meant.purchase.reference });
    const told = await db.select().from(mailOutbox).where(eq(mailOutbox.to, wrong.email));
    expect(told.map((m) => m.subject)).toContain(
      `Your TMC presale request ${credited.purchase.reference} is Reverted`,
    );

    // Moving it again from the order it left: nothing to move.
    const again = await move(credited.transaction.id, meant.purchase.reference);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(unmatchedPaymentMessages.notMovable);
  });

  it('an order that ended while its in-time payment was unread takes it from staff, reopened and audited', async () => {
    const buyer = await person();
    const placed = await order(buyer, '0.05', { quoteExpiresAt: new Date(Date.now() + 120_000) });
    const payment = await tools.pay('ETH', '0.01', { fromIndex: 3 });
    const minedAt = new Date(
      Number((await tools.publicClient.getBlock({ blockNumber: payment.blockNumber })).timestamp) *
        1000,
    );
    const expireAt = (at: Date) =>
      db
        .update(transactions)
        .set({ quoteExpiresAt: at })
        .where(eq(transactions.id, placed.transaction.id));
    // The watcher was off meanwhile; the order ended on the clock.
    await expireAt(new Date(Date.now() - 2 * 3600_000));
    await watcherReadThrough(db, new Date());
    expect((await app.orderLapse.runOnce()).crypto).toBe(1);
    await watchAll();
    const [row] = await unmatchedOf(db, payment.hash);
    expect(row).toMatchObject({ reason: 'unknown', status: 'open' });

    // Mined after its quote ended: refused.
    await expireAt(new Date(minedAt.getTime() - 1000));
    const refused = await as(app, admin).post(`/v1/admin/unmatched-payments/${row!.id}/assign`, {
      reference: placed.purchase.reference,
      remark: 'late',
    });
    expect(refused.statusCode).toBe(400);
    await expireAt(new Date(minedAt.getTime() + 60_000));
    const res = await as(app, admin).post(`/v1/admin/unmatched-payments/${row!.id}/assign`, {
      reference: placed.purchase.reference,
      remark: 'Paid in time while the watcher was behind',
    });
    expect(res.statusCode, res.body).toBe(200);
    const reopened = await readOrder(db, placed.transaction.id);
    expect(reopened.transaction).toMatchObject({ paymentStatus: 1, txnHash: payment.hash });
    expect(reopened.purchase.status).toBe(1);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'unmatchedPayment.assign'), eq(auditLog.entityId, row!.id)));
    expect(audit!.after).toMatchObject({ reopened: true });
    const [purchase] = await db
      .select()
      .from(purchases)
      .where(eq(purchases.id, placed.purchase.id));
    expect(purchase!.tokenAmount).not.toBe(placed.purchase.tokenAmount);
    expect(formatEther(BigInt(reopened.transaction.paidBaseUnits!))).toBe('0.01');
  });
});
