import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cancelOrderMessages, paymentProgressText } from '@tmc/shared';
import { auditLog, transactions, unmatchedPayments } from '../src/db/schema/index.ts';
import { due, insertCryptoOrder, readOrder, useCryptoApp } from './crypto-helpers.ts';

const { app, devChain, db, client, tools, buyer, order, verify } = useCryptoApp();

const progressOf = async (b: { access: string }, purchaseId: string) => {
  const res = await client().get(`/v1/purchase/${purchaseId}`, { token: b.access });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.payment;
};

const cancel = (b: { access: string }, purchaseId: string) =>
  client().post(`/v1/purchase/${purchaseId}/cancel`, {}, { token: b.access });

describe('where the money of an order is (payment of GET /v1/purchase/:id)', () => {
  it('follows a crypto order from awaiting payment to verified, with the hash and block', async () => {
    const b = await buyer({ wallet: 5 });
    const placed = await order(b, 'ETH', '0.05');
    expect(await progressOf(b, placed.purchase.id)).toEqual({
      state: 'awaitingPayment',
      txnHash: null,
      amount: null,
      coin: null,
      blockNumber: null,
      quoted: null,
      overridden: false,
      confirmations: null,
      confirmationsRequired: null,
      missing: null,
      dueBy: null,
      tokens: null,
      live: true,
    });
    const paid = await tools().pay('ETH', due(placed.transaction), { fromIndex: 5 });
    expect((await verify(b, placed.transaction.id, paid.hash)).statusCode).toBe(200);
    const { transaction, purchase } = await readOrder(db(), placed.transaction.id);
    expect(await progressOf(b, placed.purchase.id)).toEqual({
      state: 'verified',
      txnHash: paid.hash,
      amount: due(placed.transaction),
      coin: 'ETH',
      blockNumber: transaction.blockNumber!.toString(),
      quoted: due(placed.transaction),
      overridden: false,
      confirmations: null,
      confirmationsRequired: null,
      missing: null,
      dueBy: null,
      tokens: purchase.tokenAmount,
      live: false,
    });
    // A paid order cannot be cancelled, and stays as it was.
    const refused = await cancel(b, placed.purchase.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(cancelOrderMessages.notCancellable);
    expect((await readOrder(db(), placed.transaction.id)).purchase.status).toBe(1);
  });

  it('says a wrong amount was received and is with the team, with its amount, and refuses a cancel', async () => {
    const b = await buyer({ wallet: 6 });
    const placed = await order(b, 'ETH', '0.05');
    const paid = await tools().pay('ETH', '0.02', { fromIndex: 6 });
    expect((await verify(b, placed.transaction.id, paid.hash)).statusCode).toBe(400);
    const payment = await progressOf(b, placed.purchase.id);
    expect(payment).toMatchObject({
      state: 'received',
      txnHash: paid.hash,
      amount: '0.02',
      coin: 'ETH',
      live: true,
    });
    expect(paymentProgressText.received(payment.amount, payment.coin)).toBe(
      'We received 0.02 ETH. It is with our team: we will contact you.',
    );
    expect((await cancel(b, placed.purchase.id)).statusCode).toBe(400);
  });

  it('says an order whose quote ran out with nothing received is expired', async () => {
    const b = await buyer();
    const placed = await insertCryptoOrder(db(), {
      userId: b.user._id,
      coin: 'USDC',
      amount: '100',
      companyWallet: devChain().companyWallet,
      createdAt: new Date(Date.now() - 2 * 3600_000),
      quoteExpiresAt: new Date(Date.now() - 3600_000),
    });
    expect(await progressOf(b, placed.purchase.id)).toMatchObject({ state: 'expired' });
  });
});

describe('POST /v1/purchase/:id/cancel', () => {
  it('makes an unpaid order Not Accepted, closes its quote, audits it once, and answers a retry the same', async () => {
    const b = await buyer();
    const placed = await order(b, 'ETH', '0.05');
    const first = await cancel(b, placed.purchase.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      code: 200,
      message: cancelOrderMessages.cancelled,
      data: { purchase: { _id: placed.purchase.id, status: 3 } },
    });
    const again = await cancel(b, placed.purchase.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.purchase.status).toBe(3);
    const [tx] = await db()
      .select()
      .from(transactions)
      .where(eq(transactions.id, placed.transaction.id));
    expect(tx!.paymentStatus).toBe(2);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, placed.purchase.id));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: 'purchase.cancel',
      actorId: b.user._id,
      before: { status: 0 },
      after: { status: 3 },
    });
    expect(await progressOf(b, placed.purchase.id)).toMatchObject({ state: 'closed', live: false });
  });

  it('refuses to cancel an order a listed transfer names (paid after its quote ended), with no claim of it', async () => {
    const b = await buyer();
    const placed = await order(b, 'ETH', '0.05');
    await db()
      .update(transactions)
      .set({ quoteExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(transactions.id, placed.transaction.id));
    const paid = await tools().pay('ETH', due(placed.transaction), { fromIndex: 7 });
    for (let i = 0; i < 5; i++) if (!(await app().paymentWatcher.pollOnce()).blocks) break;
    const [listed] = await db()
      .select()
      .from(unmatchedPayments)
      .where(eq(unmatchedPayments.txnHash, paid.hash));
    expect(listed).toMatchObject({ reason: 'late', purchaseId: placed.purchase.id });
    const res = await cancel(b, placed.purchase.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(cancelOrderMessages.notCancellable);
    expect((await readOrder(db(), placed.transaction.id)).purchase.status).toBe(0);
  });

  it("answers 404 for another buyer's order and changes nothing", async () => {
    const owner = await buyer();
    const other = await buyer();
    const placed = await order(owner, 'ETH', '0.05');
    const res = await cancel(other, placed.purchase.id);
    expect(res.statusCode).toBe(404);
    expect((await readOrder(db(), placed.transaction.id)).purchase.status).toBe(0);
    expect(
      (await client().post(`/v1/purchase/not-a-uuid/cancel`, {}, { token: other.access }))
        .statusCode,
    ).toBe(404);
  });
});
