import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import {
  affiliateEarnings,
  auditLog,
  distributionLeaves,
  distributions,
  tokenClaims,
  mailOutbox,
  purchases,
  settings,
  unmatchedPayments,
} from '../src/db/schema/index.ts';
import { devAccount } from '../src/dev/dev-accounts.ts';
import { money } from '../src/lib/money.ts';
import { as, decide, insertBankPurchase, people, type Person } from './affiliates-helpers.ts';
import { useDevChain } from './chain-node.ts';
import { chainTools, due, insertCryptoOrder, proveWallet, readSettings } from './crypto-helpers.ts';
import { checkRefundBooks } from './refund-books.ts';
import { buildTestApp } from './test-app.ts';

/**
 * Refunds through the real API on the dev chain: an overpaid crypto order's excess goes back to
 * its sender and the chain proves it; half an accepted bank order is refunded with its tokens,
 * commissions and the hard-cap counter; a declined request shows its reason to the buyer.
 */

const devChain = useDevChain();
let app: FastifyInstance;
let db: Db;
let person: ReturnType<typeof people>;
let admin: Person;
let tools: ReturnType<typeof chainTools>;

beforeAll(async () => {
  const { rpcUrl, chainId, companyWallet, usdcAddress } = devChain();
  const built = await buildTestApp({ chain: { rpcUrl, chainId, companyWallet, usdcAddress } });
  ({ app, db } = built);
  person = people(db, built.config);
  admin = await person({ role: 'admin', name: 'Refund Officer' });
  tools = chainTools(devChain());
});
afterAll(() => app.close());

const staff = () => as(app, admin);
const orderPage = async (buyer: Person, purchaseId: string) => {
  const res = await as(app, buyer).get(`/v1/purchase/${purchaseId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    purchase: { investmentAmount: string; tokenAmount: string; status: number };
    refunds: {
      id: string;
      state: string;
      coin: string;
      amount: string;
      destination: string;
      evidence: string | null;
      reason: string;
      declineReason: string | null;
      requestedBy: string;
      paidAt: string | null;
    }[];
  };
};
const refundMails = (email: string, state: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, `%refund%is ${state}`)));

/** The company wallet (dev account #1) sends ETH, as staff's Safe would. */
async function companySends(to: string, eth: string) {
  const hash = await tools.walletOf(1).sendTransaction({
    to: to as `0x${string}`,
    value: parseEther(eth),
  });
  const receipt = await tools.publicClient.waitForTransactionReceipt({ hash });
  return { hash, blockNumber: receipt.blockNumber };
}

describe('the excess of an overpaid transfer goes back to its sender, proven by the chain', () => {
  it('offers exactly 0.01 ETH to the sender; staff approve; only that transfer pays it', async () => {
    const buyer = await person();
    const sender = devAccount(6).address;
    await proveWallet(db, buyer.id, sender, new Date(Date.now() - 60_000));
    const { transaction, purchase } = await insertCryptoOrder(db, {
      userId: buyer.id,
      coin: 'ETH',
      amount: '0.05',
      companyWallet: devChain().companyWallet,
    });
    const paid = money(due(transaction)).plus('0.01').toFixed();
    await tools.pay('ETH', paid, { fromIndex: 6 });
    expect((await app.paymentWatcher.pollOnce()).credited).toBe(1);

    const offered = await orderPage(buyer, purchase.id);
    expect(offered.purchase.status).toBe(1);
    expect(offered.refunds).toHaveLength(1);
    const refund = offered.refunds[0]!;
    expect(refund).toMatchObject({
      state: 'requested',
      coin: 'ETH',
      amount: '0.010000000000000000',
      destination: sender.toLowerCase(),
      requestedBy: 'system',
      evidence: null,
    });

    const approve = await staff().post(`/v1/admin/refunds/${refund.id}/approve`);
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json().data).toMatchObject({ state: 'approved', approvedBy: admin.id });
    // Approving twice changes nothing twice.
    const again = await staff().post(`/v1/admin/refunds/${refund.id}/approve`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.approvedAt).toBe(approve.json().data.approvedAt);
    // The order keeps its tokens: only the excess goes back.
    expect((await orderPage(buyer, purchase.id)).purchase.tokenAmount).toBe(
      offered.purchase.tokenAmount,
    );

    const batch = await staff().get(`/v1/admin/refunds/${refund.id}/safe-tx.json`);
    expect(batch.statusCode, batch.body).toBe(200);
    expect(batch.json().transactions).toEqual([
      {
        to: sender,
        value: '10000000000000000',
        data: '0x',
        contractMethod: null,
        contractInputsValues: null,
      },
    ]);

    await db.update(settings).set({ minConfirmations: 2 });
    try {
      // Another amount, or the right amount to another address, pays nothing.
      await companySends(sender, '0.009');
      await companySends(devAccount(7).address, '0.01');
      await tools.mine(2);
      await app.paymentWatcher.pollOnce();
      await app.paymentWatcher.pollOnce();
      expect((await orderPage(buyer, purchase.id)).refunds[0]!.state).toBe('approved');

      const back = await companySends(sender, '0.01');
      await app.paymentWatcher.pollOnce();
      // One confirmation only: not yet.
      expect((await orderPage(buyer, purchase.id)).refunds[0]!.state).toBe('approved');
      await tools.mine(1);
      await app.paymentWatcher.pollOnce();
      const done = (await orderPage(buyer, purchase.id)).refunds[0]!;
      expect(done).toMatchObject({ state: 'paid', evidence: back.hash });
      expect(done.paidAt).not.toBeNull();
    } finally {
      await db.update(settings).set({ minConfirmations: 1 });
    }
    expect(await refundMails(buyer.email, 'paid')).toHaveLength(1);
    // The overpaid 0.01 ETH is now refunded, not listed; the order keeps its quote.
    const books = await checkRefundBooks(db);
    expect(books.ETH.refunded >= parseEther('0.01')).toBe(true);
    expect(await refundMails(buyer.email, 'approved')).toHaveLength(1);
  });
});

describe('half an accepted bank order refunded', () => {
  it('takes half the tokens, commissions and hard-cap counter back, and the audit names who', async () => {
    const affiliate = await person({ affiliate: true });
    const buyer = await person({ referredBy: affiliate });
    const order = await insertBankPurchase(db, buyer, '1000.00');
    expect((await decide(app, admin, order.id, 1)).statusCode).toBe(200);
    const before = await readSettings(db);
    const [earned] = await db
      .select()
      .from(affiliateEarnings)
      .where(eq(affiliateEarnings.purchaseId, order.id));
    expect(earned).toBeDefined();

    const created = await staff().post('/v1/admin/refunds', {
      purchaseId: order.id,
      amount: '500',
      coin: 'AUD',
      reason: 'Buyer asked for half back',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    expect(created.json().data).toMatchObject({
      state: 'requested',
      coin: 'AUD',
      amount: '500.00',
    });

    const approved = await staff().post(`/v1/admin/refunds/${id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.tokensReduced).toBe(money(order.tokenAmount).div(2).toFixed(18));

    const page = await orderPage(buyer, order.id);
    expect(page.purchase.status).toBe(1);
    expect(page.purchase.investmentAmount).toBe('500.00');
    expect(page.purchase.tokenAmount).toBe(money(order.tokenAmount).div(2).toFixed(18));
    const after = await readSettings(db);
    expect(money(before.raisedAud).minus(after.raisedAud).toFixed(2)).toBe('500.00');
    expect(money(before.tokensSold).minus(after.tokensSold).toFixed(18)).toBe(
      money(order.tokenAmount).div(2).toFixed(18),
    );
    const [halved] = await db
      .select()
      .from(affiliateEarnings)
      .where(eq(affiliateEarnings.id, earned!.id));
    expect(halved!.affiliateEarning).toBe(money(earned!.affiliateEarning).div(2).toFixed(2));

    // Marked paid with the bank reference; a retry with it changes nothing.
    const paid = await staff().post(`/v1/admin/refunds/${id}/paid`, { evidence: 'BANK-REF-778' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({
      state: 'paid',
      evidence: 'BANK-REF-778',
      paidBy: admin.id,
    });
    const retry = await staff().post(`/v1/admin/refunds/${id}/paid`, { evidence: 'BANK-REF-778' });
    expect(retry.json().data.paidAt).toBe(paid.json().data.paidAt);

    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'refund'), eq(auditLog.entityId, id)));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'refund.approve',
      'refund.create',
      'refund.paid',
    ]);
    expect(audits.every((a) => a.actorId === admin.id)).toBe(true);

    // The receipt shows the smaller figures.
    const pdf = await as(app, buyer).get(`/v1/purchase/${order.id}/receipt.pdf`);
    expect(pdf.statusCode).toBe(200);
  });

  it('refuses more than is left, another coin, and a crypto-only step, changing nothing', async () => {
    const buyer = await person();
    const order = await insertBankPurchase(db, buyer, '100.00');
    expect((await decide(app, admin, order.id, 1)).statusCode).toBe(200);
    const tooMuch = await staff().post('/v1/admin/refunds', {
      purchaseId: order.id,
      amount: '100.01',
      coin: 'AUD',
      reason: 'x',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe('At most 100.00 AUD of this payment can still be refunded');
    const wrongCoin = await staff().post('/v1/admin/refunds', {
      purchaseId: order.id,
      amount: '1',
      coin: 'ETH',
      reason: 'x',
    });
    expect(wrongCoin.statusCode).toBe(400);
    const [row] = await db.select().from(purchases).where(eq(purchases.id, order.id));
    expect(row!.investmentAmount).toBe('100.00');
  });
});

describe('a staff revert', () => {
  it('records the whole refund, approved, for the order page to show', async () => {
    const buyer = await person();
    const order = await insertBankPurchase(db, buyer, '80.00');
    expect((await decide(app, admin, order.id, 1)).statusCode).toBe(200);
    expect((await decide(app, admin, order.id, 4, 'Payment bounced')).statusCode).toBe(200);
    expect((await orderPage(buyer, order.id)).refunds).toMatchObject([
      {
        state: 'approved',
        coin: 'AUD',
        amount: '80.00',
        reason: 'Payment bounced',
        requestedBy: 'staff',
      },
    ]);
  });
});

describe('delivered tokens come back first', () => {
  it('answers 409 with what to do when the order’s tokens were already claimed', async () => {
    const buyer = await person();
    const order = await insertBankPurchase(db, buyer, '100.00');
    expect((await decide(app, admin, order.id, 1)).statusCode).toBe(200);
    const address = devAccount(9).address.toLowerCase();
    const [dist] = await db
      .insert(distributions)
      .values({
        chainId: 31337,
        distributorAddress: `0x${'d1'.repeat(20)}`,
        epoch: 1,
        root: `0x${'00'.repeat(32)}`,
        totalBaseUnits: '1',
        leafCount: 1,
        status: 'accepted',
        fundingNeededBaseUnits: '0',
        holds: [],
        diff: {
          previousEpoch: 0,
          previousTotal: '0',
          total: '0',
          counts: { added: 0, raised: 0, lowered: 0, removed: 0, unchanged: 0, held: 0 },
        } as never,
      })
      .returning();
    await db.insert(distributionLeaves).values({
      distributionId: dist!.id,
      address,
      userId: buyer.id,
      cumulativeBaseUnits: parseEther('5000').toString(),
      proof: [],
    });
    // 1 TMC of the order's 5000 was claimed: a full refund would take it below that.
    await db.insert(tokenClaims).values({
      txHash: `0x${'cd'.repeat(32)}`,
      logIndex: 0,
      distributorAddress: `0x${'d1'.repeat(20)}`,
      blockNumber: 1n,
      address,
      amountBaseUnits: parseEther('1').toString(),
      cumulativeClaimedBaseUnits: parseEther('1').toString(),
      epoch: 1,
      blockTime: new Date(),
    });
    const res = await as(app, buyer).post(`/v1/purchase/${order.id}/refund-request`, {
      reason: 'Please',
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(
      'Tokens of this order were already delivered: send them back to the company wallet first, then ask again',
    );
    expect((await orderPage(buyer, order.id)).refunds).toEqual([]);
    // Part of it, leaving the claimed token in place, can still be refunded by staff.
    const part = await staff().post('/v1/admin/refunds', {
      purchaseId: order.id,
      amount: '50',
      coin: 'AUD',
      reason: 'Half',
    });
    expect(part.statusCode, part.body).toBe(201);
  });
});

describe('a buyer asks, staff decline with a reason the buyer reads', () => {
  it('shows the decline reason on GET /v1/purchase/:id', async () => {
    const buyer = await person();
    const stranger = await person();
    const order = await insertBankPurchase(db, buyer, '200.00');
    expect((await decide(app, admin, order.id, 1)).statusCode).toBe(200);

    const notMine = await as(app, stranger).post(`/v1/purchase/${order.id}/refund-request`, {
      reason: 'I want it',
    });
    expect(notMine.statusCode).toBe(404);
    const empty = await as(app, buyer).post(`/v1/purchase/${order.id}/refund-request`, {
      reason: '  ',
    });
    expect(empty.statusCode).toBe(400);

    const asked = await as(app, buyer).post(`/v1/purchase/${order.id}/refund-request`, {
      reason: 'Changed my mind',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().data).toMatchObject({
      state: 'requested',
      requestedBy: 'buyer',
      amount: '200.00',
      coin: 'AUD',
    });
    const twice = await as(app, buyer).post(`/v1/purchase/${order.id}/refund-request`, {
      reason: 'Changed my mind',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('A refund of this order is already in progress');

    const id = asked.json().data.id as string;
    const declined = await staff().post(`/v1/admin/refunds/${id}/decline`, {
      reason: 'Presale terms: sales are final after 14 days',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    // Approving a declined refund is refused and changes nothing.
    expect((await staff().post(`/v1/admin/refunds/${id}/approve`)).statusCode).toBe(409);

    const page = await orderPage(buyer, order.id);
    expect(page.refunds).toMatchObject([
      { id, state: 'declined', declineReason: 'Presale terms: sales are final after 14 days' },
    ]);
    expect(page.purchase.investmentAmount).toBe('200.00');
    expect(await refundMails(buyer.email, 'declined')).toHaveLength(1);

    const queue = await staff().get('/v1/admin/refunds?state=declined&limit=30');
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().data.data.map((r: { id: string }) => r.id)).toContain(id);
    expect(queue.json().data.counts.declined).toBeGreaterThanOrEqual(1);
  });

  it('an unmatched transfer refunded from its screen is a refund record, approved at once', async () => {
    const [listed] = await db
      .insert(unmatchedPayments)
      .values({
        txnHash: `0x${'ab'.repeat(32)}`,
        coin: 'ETH',
        fromAddress: devAccount(8).address,
        toAddress: devChain().companyWallet,
        amountBaseUnits: parseEther('0.02').toString(),
        blockNumber: 1n,
        blockTime: new Date(),
        reason: 'unknown',
      })
      .returning();
    const res = await staff().post(`/v1/admin/unmatched-payments/${listed!.id}/refund`, {
      remark: 'No order of ours',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('refunded');
    const queue = await staff().get('/v1/admin/refunds?state=approved&limit=30');
    expect(queue.json().data.data).toContainEqual(
      expect.objectContaining({
        unmatchedPaymentId: listed!.id,
        amount: '0.020000000000000000',
        destination: devAccount(8).address.toLowerCase(),
        state: 'approved',
      }),
    );
  });
});
