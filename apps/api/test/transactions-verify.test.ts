import { eq } from 'drizzle-orm';
import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { messages, verifyPaymentMessages as says } from '@tmc/shared';
import { purchases, settings, transactions } from '../src/db/schema/index.ts';
import { devAccount } from '../src/dev/dev-accounts.ts';
import {
  due,
  expectUntouched,
  readOrder,
  readSettings,
  unmatchedOf,
  useCryptoApp,
  type Buyer,
  claimsOf,
} from './crypto-helpers.ts';

const { devChain, db, box, client, tools, buyer, order, verify } = useCryptoApp();

const ethOrder = (b: Buyer, amount = '0.05') => order(b, 'ETH', amount);

const raised = async () => (await readSettings(db())).raisedAud;

describe('POST /v1/transaction/verify-crypto-pay/:transactionId with ETH', () => {
  it('needs a signed-in user', async () => {
    const res = await client().post(`/v1/transaction/verify-crypto-pay/${crypto.randomUUID()}`, {
      txnHash: `0x${'1'.repeat(64)}`,
    });
    expect(res.statusCode).toBe(401);
  });

  it('accepts the exact amount: transaction Success with the proof, request Accepted, totals raised, buyer e-mailed', async () => {
    const b = await buyer({ wallet: 2 });
    const { transaction, purchase } = await ethOrder(b);
    const exact = due(transaction);
    // The nominal 0.05 ETH plus a tag of at most 0.1% in the lowest digits.
    expect(parseEther(exact)).toBeGreaterThan(parseEther('0.05'));
    expect(parseEther(exact) - parseEther('0.05')).toBeLessThanOrEqual(parseEther('0.00005'));
    const before = await readSettings(db());
    const payment = await tools().pay('ETH', exact, { fromIndex: 2 });

    const res = await verify(b, transaction.id, payment.hash);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      code: 200,
      data: {
        transaction: {
          _id: transaction.id,
          paymentStatus: 1,
          paymentMode: 1,
          txnHash: payment.hash,
          currency: 'ETH',
          tokenSymbol: 'ETH',
          tokenAmount: '12500.000000000000000000',
          walletAddress: devChain().companyWallet,
          purchaseId: purchase.id,
        },
      },
    });
    // The wire carries all 18 decimals ("0.050000000000279900"): equal in value to the quote.
    expect(parseEther(res.json().data.transaction.price)).toBe(parseEther(exact));

    const after = await readOrder(db(), transaction.id);
    expect(after.transaction).toMatchObject({
      paymentStatus: 1,
      txnHash: payment.hash,
      fromAddress: devAccount(2).address,
      senderMatchesWallet: true,
      paidBaseUnits: parseEther(exact).toString(),
      blockNumber: payment.blockNumber,
    });
    expect(after.transaction.verifiedAt).toBeInstanceOf(Date);
    expect(after.purchase).toMatchObject({ status: 1, reviewedBy: null });
    expect(after.purchase.reviewedAt).toBeInstanceOf(Date);
    const totals = await readSettings(db());
    expect(Number(totals.raisedAud) - Number(before.raisedAud)).toBe(250);
    expect(Number(totals.tokensSold) - Number(before.tokensSold)).toBe(12500);

    const mail = await box().next(b.email, /payment is verified/);
    expect(mail.text).toContain(`${exact} ETH`);
    expect(mail.text).toContain(payment.hash);
    expect(mail.text).toContain('12,500.00 TMC');
  });

  it('answers a retry with the hash that credited the order as before, and refuses another hash', async () => {
    const b = await buyer();
    const { transaction } = await ethOrder(b);
    const payment = await tools().pay('ETH', due(transaction), { fromIndex: 3 });
    const first = await verify(b, transaction.id, payment.hash);
    expect(first.statusCode, first.body).toBe(200);
    const raisedOnce = await raised();
    const again = await verify(b, transaction.id, payment.hash.toUpperCase().replace('0X', '0x'));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await raised()).toBe(raisedOnce);

    const other = await tools().pay('ETH', due(transaction), { fromIndex: 3 });
    const refused = await verify(b, transaction.id, other.hash);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(says.notPending);
    expect(await raised()).toBe(raisedOnce);
  });

  it('no registered wallet leaves the sender check open', async () => {
    const b = await buyer();
    const { transaction } = await ethOrder(b);
    const payment = await tools().pay('ETH', due(transaction), { fromIndex: 3 });
    expect((await verify(b, transaction.id, payment.hash)).statusCode).toBe(200);
    expect((await readOrder(db(), transaction.id)).transaction).toMatchObject({
      paymentStatus: 1,
      fromAddress: devAccount(3).address,
      senderMatchesWallet: null,
    });
  });

  it('refuses more than the exact amount from an unproven sender: listed for staff with the claim kept beside it', async () => {
    const b = await buyer();
    const { transaction, purchase } = await ethOrder(b);
    const before = await raised();
    const payment = await tools().pay('ETH', '0.06', { fromIndex: 3 });
    const res = await verify(b, transaction.id, payment.hash);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(says.excess('0.06', due(transaction), 'ETH'));
    await expectUntouched(db(), transaction.id, before);
    expect(await unmatchedOf(db(), payment.hash)).toEqual([
      expect.objectContaining({
        coin: 'ETH',
        logIndex: null,
        reason: 'unknown',
        status: 'open',
        purchaseId: null,
        fromAddress: devAccount(3).address,
        amountBaseUnits: parseEther('0.06').toString(),
        blockNumber: payment.blockNumber,
      }),
    ]);
    expect(await claimsOf(db(), payment.hash)).toMatchObject([
      { transactionId: transaction.id, userId: b.user._id, senderProven: false, logIndex: null },
    ]);
    // Asking again lists it once and keeps one claim.
    expect((await verify(b, transaction.id, payment.hash)).statusCode).toBe(400);
    expect(await unmatchedOf(db(), payment.hash)).toHaveLength(1);
    expect(await claimsOf(db(), payment.hash)).toHaveLength(1);
    expect(purchase.status).toBe(0);
  });

  it('records that the sender is not the registered wallet (and still accepts the payment)', async () => {
    const b = await buyer({ wallet: 4 });
    const { transaction } = await ethOrder(b);
    const payment = await tools().pay('ETH', due(transaction), { fromIndex: 5 });
    expect((await verify(b, transaction.id, payment.hash)).statusCode).toBe(200);
    expect((await readOrder(db(), transaction.id)).transaction).toMatchObject({
      fromAddress: devAccount(5).address,
      senderMatchesWallet: false,
    });
  });

  it('refuses less than the exact amount (the bare nominal amount too) and lists the payment for staff', async () => {
    const b = await buyer();
    const { transaction, purchase } = await ethOrder(b);
    const before = await raised();
    for (const amount of ['0.049', '0.05']) {
      const payment = await tools().pay('ETH', amount);
      const res = await verify(b, transaction.id, payment.hash);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(says.short(amount, due(transaction), 'ETH'));
      await expectUntouched(db(), transaction.id, before);
      expect(await unmatchedOf(db(), payment.hash)).toMatchObject([
        { reason: 'unknown', status: 'open', purchaseId: null },
      ]);
      expect(await claimsOf(db(), payment.hash)).toMatchObject([
        { transactionId: transaction.id, senderProven: false },
      ]);
      expect(purchase.status).toBe(0);
    }
  });

  it('refuses ETH sent to another address', async () => {
    const b = await buyer();
    const { transaction } = await ethOrder(b);
    const before = await raised();
    const payment = await tools().pay('ETH', due(transaction), { to: devAccount(9).address });
    const res = await verify(b, transaction.id, payment.hash);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(says.notToCompanyWallet);
    await expectUntouched(db(), transaction.id, before);
  });

  it('refuses a transaction that reverted', async () => {
    const b = await buyer();
    const { transaction } = await ethOrder(b);
    const before = await raised();
    const hash = await tools().sendReverting({ kind: 'ethToContract', fromIndex: 6 });
    expect((await tools().publicClient.getTransactionReceipt({ hash })).status).toBe('reverted');
    const res = await verify(b, transaction.id, hash);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(says.reverted);
    await expectUntouched(db(), transaction.id, before);
  });

  it('refuses a hash the chain does not know', async () => {
    const b = await buyer();
    const { transaction } = await ethOrder(b);
    const before = await raised();
    const res = await verify(b, transaction.id, `0x${'ab'.repeat(32)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(says.notOnChain);
    await expectUntouched(db(), transaction.id, before);
  });

  it('refuses anything but 0x and 64 hex characters', async () => {
    const b = await buyer();
    const { transaction } = await ethOrder(b);
    const before = await raised();
    for (const bad of [
      'abc',
      '0x1234',
      `0x${'a'.repeat(63)}`,
      `0x${'g'.repeat(64)}`,
      `${'a'.repeat(66)}`,
      12,
      null,
      undefined,
    ]) {
      const res = await verify(b, transaction.id, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().message).toBe(says.hashFormat);
    }
    await expectUntouched(db(), transaction.id, before);
  });

  it('refuses until the payment has the configured confirmations, then accepts it (the including block counts)', async () => {
    const b = await buyer();
    const { transaction } = await ethOrder(b);
    const before = await raised();
    await db().update(settings).set({ minConfirmations: 3 });
    try {
      const payment = await tools().pay('ETH', due(transaction));
      const early = await verify(b, transaction.id, payment.hash);
      expect(early.statusCode).toBe(400);
      expect(early.json().message).toBe(says.notEnoughConfirmations);
      await expectUntouched(db(), transaction.id, before);

      await tools().mine(1);
      expect((await verify(b, transaction.id, payment.hash)).json().message).toBe(
        says.notEnoughConfirmations,
      );
      await expectUntouched(db(), transaction.id, before);

      await tools().mine(1);
      const res = await verify(b, transaction.id, payment.hash);
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await db().update(settings).set({ minConfirmations: 1 });
    }
  });

  it('refuses a payment mined before the order was placed', async () => {
    const b = await buyer();
    const placed = await client().post(
      '/v1/purchase/add-crypto',
      { investmentAmount: '0.05', currency: 'ETH' },
      { token: b.access },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const transaction = { id: placed.json().data.transaction._id as string };
    const payment = await tools().pay('ETH', placed.json().data.transaction.price as string);
    const { timestamp } = await tools().publicClient.getBlock({ blockNumber: payment.blockNumber });
    // Block stamps may lag the order by up to a minute and still count: this order is placed
    // 61 seconds after the block.
    await db()
      .update(transactions)
      .set({ createdAt: new Date((Number(timestamp) + 61) * 1000) })
      .where(eq(transactions.id, transaction.id));
    const before = await raised();
    const res = await verify(b, transaction.id, payment.hash);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(says.sentBeforeOrder);
    await expectUntouched(db(), transaction.id, before);

    // Listed for staff, like any transfer no order's evidence points to.
    expect(await unmatchedOf(db(), payment.hash)).toMatchObject([{ reason: 'unknown' }]);

    // Within the block's own second counts as after it (the block time has whole seconds only).
    const next = await client().post(
      '/v1/purchase/add-crypto',
      { investmentAmount: '0.05', currency: 'ETH' },
      { token: b.access },
    );
    expect(next.statusCode, next.body).toBe(201);
    const second = await tools().pay('ETH', next.json().data.transaction.price as string);
    const block = await tools().publicClient.getBlock({ blockNumber: second.blockNumber });
    await db()
      .update(transactions)
      .set({ createdAt: new Date(Number(block.timestamp) * 1000 + 999) })
      .where(eq(transactions.id, next.json().data.transaction._id as string));
    expect((await verify(b, next.json().data.transaction._id, second.hash)).statusCode).toBe(200);
  });

  it('refuses a hash already used for another order, in any letter case and for any user', async () => {
    const b = await buyer();
    const first = await ethOrder(b);
    const second = await ethOrder(b);
    const payment = await tools().pay('ETH', due(first.transaction));
    expect((await verify(b, first.transaction.id, payment.hash)).statusCode).toBe(200);
    const before = await raised();

    const again = await verify(b, second.transaction.id, payment.hash);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(says.hashUsed);
    const upper = await verify(
      b,
      second.transaction.id,
      `0x${payment.hash.slice(2).toUpperCase()}`,
    );
    expect(upper.json().message).toBe(says.hashUsed);
    await expectUntouched(db(), second.transaction.id, before);

    const other = await buyer();
    const theirs = await ethOrder(other);
    expect((await verify(other, theirs.transaction.id, payment.hash)).json().message).toBe(
      says.hashUsed,
    );
    await expectUntouched(db(), theirs.transaction.id, before);
  });

  it("answers 404 for another user's transaction and for unknown ids, and changes nothing", async () => {
    const owner = await buyer();
    const intruder = await buyer();
    const { transaction } = await ethOrder(owner);
    const before = await raised();
    const payment = await tools().pay('ETH', due(transaction));
    for (const id of [transaction.id, crypto.randomUUID(), 'not-a-uuid']) {
      const res = await verify(intruder, id, payment.hash);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({
        code: 404,
        message: messages.transactionNotFound,
        data: null,
      });
    }
    await expectUntouched(db(), transaction.id, before);
    // The owner can still use the payment.
    expect((await verify(owner, transaction.id, payment.hash)).statusCode).toBe(200);
  });

  it('leaves the transaction Pending when its presale request can no longer be accepted', async () => {
    const b = await buyer();
    const { transaction, purchase } = await ethOrder(b);
    await db().update(purchases).set({ status: 2 }).where(eq(purchases.id, purchase.id));
    const before = await raised();
    const payment = await tools().pay('ETH', due(transaction));
    const res = await verify(b, transaction.id, payment.hash);
    expect(res.statusCode).toBe(400);
    // The transfer is not lost: staff get it, with the order its exact amount names.
    expect(res.json().message).toBe(says.inReview);
    expect(await unmatchedOf(db(), payment.hash)).toMatchObject([
      { reason: 'unknown', status: 'open', purchaseId: purchase.id },
    ]);
    const after = await readOrder(db(), transaction.id);
    expect(after.transaction).toMatchObject({ paymentStatus: 0, txnHash: null });
    expect(after.purchase.status).toBe(2);
    expect(await raised()).toBe(before);
  });

  it('refuses to verify a bank payment by hash', async () => {
    const b = await buyer();
    const { transaction } = await ethOrder(b);
    await db()
      .update(transactions)
      .set({ paymentMode: 0, currency: 'AUD', tokenSymbol: 'TMC' })
      .where(eq(transactions.id, transaction.id));
    const res = await verify(b, transaction.id, (await tools().pay('ETH', '0.05')).hash);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(says.notCryptoPayment);
  });
});
