import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { cancelOrderMessages, paymentProgressText } from '@tmc/shared';
import { paymentSightings, settings, unmatchedPayments } from '../src/db/schema/index.ts';
import { devAccount } from '../src/dev/dev-accounts.ts';
import {
  due,
  expectUntouched,
  proveWallet,
  readOrder,
  readSettings,
  useCryptoApp,
  type Buyer,
} from './crypto-helpers.ts';

const { app, db, client, tools, buyer, order } = useCryptoApp();

/** Confirmations a payment needs in this file: enough to see it before it counts. */
const REQUIRED = 3;

beforeEach(async () => {
  await db().update(settings).set({ minConfirmations: REQUIRED });
});

const getOrder = (b: Buyer, purchaseId: string) =>
  client().get(`/v1/purchase/${purchaseId}`, { token: b.access });

const progressOf = async (b: Buyer, purchaseId: string) => {
  const res = await getOrder(b, purchaseId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.payment;
};

const sightingsOf = (txnHash: string) =>
  db().select().from(paymentSightings).where(eq(paymentSightings.txnHash, txnHash));

const poll = () => app().paymentWatcher.pollOnce();

describe('a payment seen before it has enough confirmations (payment of GET /v1/purchase/:id)', () => {
  it('shows the exact payment as seen with k of M confirmations, credits nothing, then verified', async () => {
    const b = await buyer();
    const placed = await order(b, 'ETH', '0.05');
    const raisedBefore = (await readSettings(db())).raisedAud;
    const paid = await tools().pay('ETH', due(placed.transaction), { fromIndex: 4 });

    expect(await poll()).toMatchObject({ leader: true, credited: 0, sighted: 1 });
    const seen = await progressOf(b, placed.purchase.id);
    expect(seen).toEqual({
      state: 'seen',
      txnHash: paid.hash,
      amount: due(placed.transaction),
      coin: 'ETH',
      blockNumber: paid.blockNumber.toString(),
      quoted: null,
      overridden: false,
      confirmations: 1,
      confirmationsRequired: REQUIRED,
      missing: null,
      dueBy: null,
      tokens: null,
      live: true,
    });
    expect(paymentProgressText.seen(seen.blockNumber, seen.confirmations, REQUIRED)).toBe(
      `Payment seen in block ${paid.blockNumber}: 1 of 3 confirmations`,
    );
    const block = await tools().publicClient.getBlock({ blockNumber: paid.blockNumber });
    expect(await sightingsOf(paid.hash)).toMatchObject([
      {
        logIndex: null,
        coin: 'ETH',
        amountBaseUnits: placed.transaction.quoteBaseUnits,
        fromAddress: devAccount(4).address.toLowerCase(),
        blockNumber: paid.blockNumber,
        blockHash: block.hash,
        purchaseId: placed.purchase.id,
      },
    ]);
    // A sighting is no payment: the order is Pending with nothing stored or raised.
    await expectUntouched(db(), placed.transaction.id, raisedBefore);

    // Another buyer cannot read it, and learns nothing (404, as for an unknown id).
    const other = await buyer();
    const stranger = await getOrder(other, placed.purchase.id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain(paid.hash);

    // The money is on its way: the order can no longer be cancelled.
    const cancel = await client().post(
      `/v1/purchase/${placed.purchase.id}/cancel`,
      {},
      { token: b.access },
    );
    expect(cancel.statusCode).toBe(400);
    expect(cancel.json().message).toBe(cancelOrderMessages.notCancellable);
    expect((await readOrder(db(), placed.transaction.id)).purchase.status).toBe(0);

    // Polled again with no new block: the same sighting, once.
    await poll();
    expect(await sightingsOf(paid.hash)).toHaveLength(1);

    await tools().mine(1);
    await poll();
    expect(await progressOf(b, placed.purchase.id)).toMatchObject({
      state: 'seen',
      confirmations: 2,
      confirmationsRequired: REQUIRED,
    });

    await tools().mine(1);
    expect(await poll()).toMatchObject({ credited: 1 });
    expect(await progressOf(b, placed.purchase.id)).toMatchObject({
      state: 'verified',
      txnHash: paid.hash,
      confirmations: null,
      confirmationsRequired: null,
      live: false,
    });
    expect(await sightingsOf(paid.hash)).toEqual([]);
    expect((await readOrder(db(), placed.transaction.id)).transaction.paymentStatus).toBe(1);
  });

  it('shows a USDC payment from a wallet the buyer proved as seen for the buyer’s one open order', async () => {
    const b = await buyer();
    const placed = await order(b, 'USDC', '100');
    await proveWallet(db(), b.user._id, devAccount(6).address, new Date(Date.now() - 60_000));
    // Not the exact amount: the proven sender is the evidence, as when it is credited.
    const paid = await tools().pay('USDC', '40', { fromIndex: 6 });

    await poll();
    expect(await progressOf(b, placed.purchase.id)).toMatchObject({
      state: 'seen',
      txnHash: paid.hash,
      amount: '40',
      coin: 'USDC',
      confirmations: 1,
      confirmationsRequired: REQUIRED,
    });
    const [sighting] = await sightingsOf(paid.hash);
    expect(sighting).toMatchObject({ coin: 'USDC', amountBaseUnits: '40000000' });
    expect(sighting!.logIndex).toEqual(expect.any(Number));

    await tools().mine(REQUIRED - 1);
    // Less than due: once confirmed it counts towards the order, which is then partially paid.
    expect(await poll()).toMatchObject({ credited: 0, partial: 1 });
    expect(await sightingsOf(paid.hash)).toEqual([]);
    expect(await progressOf(b, placed.purchase.id)).toMatchObject({
      state: 'partiallyPaid',
      amount: '40',
      coin: 'USDC',
    });
  });

  it('records no sighting for a transfer that matches no order, and it is listed for staff once confirmed', async () => {
    const b = await buyer();
    const placed = await order(b, 'ETH', '0.05');
    const paid = await tools().pay('ETH', '0.0123', { fromIndex: 7 });

    expect(await poll()).toMatchObject({ sighted: 0 });
    expect(await sightingsOf(paid.hash)).toEqual([]);
    expect((await progressOf(b, placed.purchase.id)).state).toBe('awaitingPayment');

    await tools().mine(REQUIRED - 1);
    expect(await poll()).toMatchObject({ unmatched: 1 });
    expect(await sightingsOf(paid.hash)).toEqual([]);
    expect(
      await db().select().from(unmatchedPayments).where(eq(unmatchedPayments.txnHash, paid.hash)),
    ).toMatchObject([{ reason: 'unknown', status: 'open' }]);
  });

  it('forgets a sighting the chain no longer has (reorg / dropped) and the order awaits payment again', async () => {
    const b = await buyer();
    const placed = await order(b, 'ETH', '0.05');
    const snapshot = await tools().testClient.snapshot();
    const paid = await tools().pay('ETH', due(placed.transaction), { fromIndex: 8 });
    await poll();
    expect((await progressOf(b, placed.purchase.id)).state).toBe('seen');

    // The block with the payment is taken back: the transfer is dropped.
    await tools().testClient.revert({ id: snapshot });
    await poll();
    expect(await sightingsOf(paid.hash)).toEqual([]);
    expect(await progressOf(b, placed.purchase.id)).toMatchObject({
      state: 'awaitingPayment',
      txnHash: null,
      confirmations: null,
    });

    // The chain grows past where the payment was, without it: nothing comes back, nothing is credited.
    await tools().mine(REQUIRED + 1);
    await poll();
    expect(await sightingsOf(paid.hash)).toEqual([]);
    expect((await readOrder(db(), placed.transaction.id)).transaction.paymentStatus).toBe(0);
    expect((await progressOf(b, placed.purchase.id)).state).toBe('awaitingPayment');
  });

  it('sees nothing in advance when one confirmation is enough: the payment is verified at once', async () => {
    await db().update(settings).set({ minConfirmations: 1 });
    const b = await buyer();
    const placed = await order(b, 'ETH', '0.05');
    const paid = await tools().pay('ETH', due(placed.transaction), { fromIndex: 9 });
    expect(await poll()).toMatchObject({ credited: 1, sighted: 0 });
    expect(await sightingsOf(paid.hash)).toEqual([]);
    expect((await progressOf(b, placed.purchase.id)).state).toBe('verified');
  });
});
