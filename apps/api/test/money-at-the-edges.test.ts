import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatEther, formatUnits, parseEther, parseUnits } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  unmatchedPaymentMessages,
  verifyPaymentMessages as says,
  type CryptoCurrency,
} from '@tmc/shared';
import type { Db } from '../src/db/client.ts';
import { auditLog, settings, transactions } from '../src/db/schema/index.ts';
import { SEED_RATES } from '../src/db/seed.ts';
import { devAccount } from '../src/dev/dev-accounts.ts';
import { money, Money } from '../src/lib/money.ts';
import { as, type Person } from './affiliates-helpers.ts';
import {
  claimsOf,
  due,
  insertCryptoOrder,
  proveWallet,
  readOrder,
  readSettings,
  SEED_TOKEN_PRICE,
  unmatchedOf,
  watcherReadThrough,
} from './crypto-helpers.ts';
import { useChainApp, type ChainApp } from './app-helpers.ts';

/**
 * The reproductions of issue 24 (money at the edges), each through the real API on the dev
 * chain: a claim never credits by itself nor attaches to someone else's transfer; staff credit
 * what was received; a transaction with two transfers pays two orders.
 */

let app: FastifyInstance, db: Db, person: ChainApp['person'], tools: ChainApp['tools'];
let admin: Person;

const devChain = useChainApp((t) => ({ app, db, person, tools, admin } = t));

const order = (buyer: Person, coin: CryptoCurrency, amount: string, quoteExpiresAt?: Date) =>
  insertCryptoOrder(db, {
    userId: buyer.id,
    coin,
    amount,
    companyWallet: devChain().companyWallet,
    quoteExpiresAt,
  });
const verify = (buyer: Person, transactionId: string, txnHash: string) =>
  as(app, buyer).post(`/v1/transaction/verify-crypto-pay/${transactionId}`, { txnHash });
const staff = () => as(app, admin);

/** The oracle of a part payment, written here: AUD and tokens rounded down to the cent. */
function tokensWorth(paid: string, coin: CryptoCurrency) {
  const aud = money(paid).div(SEED_RATES[coin]!).toDecimalPlaces(2, Money.ROUND_DOWN);
  return {
    aud: aud.toFixed(2),
    tokens: aud.div(SEED_TOKEN_PRICE).toDecimalPlaces(2, Money.ROUND_DOWN).toFixed(18),
  };
}

async function listedRow(txnHash: string) {
  const rows = await unmatchedOf(db, txnHash);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describe('a claim is kept, never credits, and never attaches to another buyer’s transfer', () => {
  it('a bot claiming a mis-paid transfer first for its own (expired) order gets nothing; the payer’s claim is kept; staff see both, flagged', async () => {
    const payer = await person();
    const bot = await person();
    const payersOrder = await order(payer, 'ETH', '0.05');
    const botsOrder = await order(bot, 'ETH', '0.05', new Date(Date.now() - 60_000));
    // 0.05 ETH: the nominal amount, not the exact quote, from a wallet nobody proved.
    const payment = await tools.pay('ETH', '0.05', { fromIndex: 3 });
    const raised = (await readSettings(db)).raisedAud;

    const botSays = await verify(bot, botsOrder.transaction.id, payment.hash);
    expect(botSays.statusCode).toBe(400);
    const payerSays = await verify(payer, payersOrder.transaction.id, payment.hash);
    expect(payerSays.statusCode).toBe(400);
    expect(payerSays.json().message).toBe(says.short('0.05', due(payersOrder.transaction), 'ETH'));

    for (const o of [payersOrder, botsOrder])
      expect((await readOrder(db, o.transaction.id)).transaction.paymentStatus).toBe(0);
    expect((await readSettings(db)).raisedAud).toBe(raised);
    const row = await listedRow(payment.hash);
    expect(row).toMatchObject({ reason: 'unknown', purchaseId: null, status: 'open' });
    expect(await claimsOf(db, payment.hash)).toMatchObject([
      { transactionId: botsOrder.transaction.id, userId: bot.id, senderProven: false },
      { transactionId: payersOrder.transaction.id, userId: payer.id, senderProven: false },
    ]);

    const list = await staff().get('/v1/admin/unmatched-payments?limit=30');
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json().data.data.find((p: { _id: string }) => p._id === row.id);
    expect(listed).toMatchObject({ purchaseReference: null, claimCount: 2, flagged: true });

    const detail = await staff().get(`/v1/admin/unmatched-payments/${row.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const { claims, candidates } = detail.json().data;
    expect(claims).toMatchObject([
      { reference: botsOrder.purchase.reference, email: bot.email, senderProven: false },
      { reference: payersOrder.purchase.reference, email: payer.email, senderProven: false },
    ]);
    const payersCandidate = candidates.find(
      (c: { reference: string }) => c.reference === payersOrder.purchase.reference,
    );
    const quote = BigInt(payersOrder.transaction.quoteBaseUnits!);
    expect(payersCandidate).toMatchObject({
      open: true,
      claimed: true,
      amountDue: money(due(payersOrder.transaction)).toFixed(18),
      difference: `-0.${(quote - parseEther('0.05')).toString().padStart(18, '0')}`,
      senderProven: false,
      provenWallets: [],
    });
  });

  it('records nothing (no listing, no claim) before the transfer has the required confirmations', async () => {
    const buyer = await person();
    const { transaction } = await order(buyer, 'ETH', '0.05');
    await db.update(settings).set({ minConfirmations: 3 }).where(eq(settings.id, 1));
    try {
      const payment = await tools.pay('ETH', '0.0499', { fromIndex: 3 });
      const res = await verify(buyer, transaction.id, payment.hash);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(says.notEnoughConfirmations);
      expect(await unmatchedOf(db, payment.hash)).toEqual([]);
      expect(await claimsOf(db, payment.hash)).toEqual([]);
    } finally {
      await db.update(settings).set({ minConfirmations: 1 }).where(eq(settings.id, 1));
    }
  });
});

describe('a proven sender is evidence: the order gets what the transfer is worth, never more', () => {
  it('a short transfer from a wallet the buyer proved before it leaves the order partially paid, then credits its value at the frozen price when the quote ends', async () => {
    const buyer = await person();
    await proveWallet(db, buyer.id, devAccount(5).address, new Date(Date.now() - 60_000));
    const { transaction, purchase } = await order(buyer, 'USDC', '100');
    const payment = await tools.pay('USDC', '60', { fromIndex: 5 });
    const res = await verify(buyer, transaction.id, payment.hash);
    expect(res.statusCode, res.body).toBe(200);
    const missing = formatUnits(BigInt(transaction.quoteBaseUnits!) - parseUnits('60', 6), 6);
    expect(res.json().data.transaction).toMatchObject({
      paymentStatus: 0,
      received: '60',
      missing,
    });
    expect((await readOrder(db, transaction.id)).transaction.paymentStatus).toBe(0);

    await db
      .update(transactions)
      .set({ quoteExpiresAt: new Date(Date.now() - 2 * 24 * 3600_000) })
      .where(eq(transactions.id, transaction.id));
    await watcherReadThrough(db, new Date());
    expect(await app.orderLapse.runOnce()).toMatchObject({ partiallyPaid: 1 });
    const worth = tokensWorth('60', 'USDC');
    const after = await readOrder(db, transaction.id);
    expect(after.transaction).toMatchObject({
      paymentStatus: 1,
      paidBaseUnits: parseUnits('60', 6).toString(),
      tokenAmount: worth.tokens,
    });
    expect(after.purchase).toMatchObject({
      status: 1,
      investmentAmount: worth.aud,
      tokenAmount: worth.tokens,
    });
    expect(money(after.purchase.tokenAmount).lt(purchase.tokenAmount)).toBe(true);
    expect(await claimsOf(db, payment.hash)).toMatchObject([{ senderProven: true }]);
  });

  it('more than due from a proven wallet credits the order and lists the rest for refund', async () => {
    const buyer = await person();
    await proveWallet(db, buyer.id, devAccount(6).address, new Date(Date.now() - 60_000));
    const { transaction, purchase } = await order(buyer, 'USDC', '100');
    const payment = await tools.pay('USDC', '150', { fromIndex: 6 });
    expect((await app.paymentWatcher.pollOnce()).leader).toBe(true);
    const after = await readOrder(db, transaction.id);
    expect(after.transaction).toMatchObject({
      paymentStatus: 1,
      paidBaseUnits: transaction.quoteBaseUnits,
    });
    expect(after.purchase.tokenAmount).toBe(purchase.tokenAmount);
    expect(await unmatchedOf(db, payment.hash)).toMatchObject([
      {
        reason: 'overpaid',
        part: 1,
        purchaseId: purchase.id,
        amountBaseUnits: (parseUnits('150', 6) - BigInt(transaction.quoteBaseUnits!)).toString(),
      },
    ]);
  });

  it('a proof made after the transfer, or a buyer with two open orders of the coin, is no evidence', async () => {
    const buyer = await person();
    const { transaction } = await order(buyer, 'ETH', '0.05');
    const payment = await tools.pay('ETH', '0.04', { fromIndex: 7 });
    const block = await tools.publicClient.getBlock({ blockNumber: payment.blockNumber });
    await proveWallet(
      db,
      buyer.id,
      devAccount(7).address,
      new Date((Number(block.timestamp) + 5) * 1000),
    );
    expect((await verify(buyer, transaction.id, payment.hash)).statusCode).toBe(400);
    expect(await claimsOf(db, payment.hash)).toMatchObject([{ senderProven: false }]);

    const other = await person();
    await proveWallet(db, other.id, devAccount(8).address, new Date(Date.now() - 60_000));
    const first = await order(other, 'ETH', '0.05');
    await order(other, 'ETH', '0.06');
    const second = await tools.pay('ETH', '0.04', { fromIndex: 8 });
    expect((await verify(other, first.transaction.id, second.hash)).statusCode).toBe(400);
    expect((await listedRow(second.hash)).reason).toBe('unknown');
    expect(await claimsOf(db, second.hash)).toMatchObject([{ senderProven: true }]);
  });
});

describe('staff assignment credits what the chain says was received', () => {
  it('a 0.001 ETH transfer assigned to a 0.5 ETH order credits 0.001 ETH of tokens; the whole order only with an override, audited', async () => {
    const buyer = await person();
    const big = await order(buyer, 'ETH', '0.5');
    const payment = await tools.pay('ETH', '0.001', { fromIndex: 3 });
    expect((await verify(buyer, big.transaction.id, payment.hash)).statusCode).toBe(400);
    const row = await listedRow(payment.hash);
    const before = await readSettings(db);

    const res = await staff().post(`/v1/admin/unmatched-payments/${row.id}/assign`, {
      reference: big.purchase.reference,
      remark: 'Buyer says it was theirs',
    });
    expect(res.statusCode, res.body).toBe(200);
    const worth = tokensWorth('0.001', 'ETH');
    const after = await readOrder(db, big.transaction.id);
    expect(after.transaction).toMatchObject({
      paymentStatus: 1,
      paidBaseUnits: parseEther('0.001').toString(),
      tokenAmount: worth.tokens,
      creditOverride: null,
    });
    expect(after.purchase).toMatchObject({ status: 1, tokenAmount: worth.tokens });
    // The buyer's order page says what arrived against the quote, credited by value.
    const page = await as(app, buyer).get(`/v1/purchase/${big.purchase.id}`);
    expect(page.json().data.payment).toMatchObject({
      state: 'verified',
      amount: '0.001',
      quoted: formatEther(BigInt(big.transaction.quoteBaseUnits!)),
      overridden: false,
    });
    const totals = await readSettings(db);
    expect(money(totals.raisedAud).minus(before.raisedAud).toFixed(2)).toBe(worth.aud);
    expect(money(totals.tokensSold).minus(before.tokensSold).toFixed(2)).toBe(
      money(worth.tokens).toFixed(2),
    );

    // With an override and its reason: the whole order, audited with the reason.
    const second = await order(buyer, 'ETH', '0.5');
    const small = await tools.pay('ETH', '0.002', { fromIndex: 3 });
    const secondRow = await listedRow((await app.paymentWatcher.pollOnce(), small.hash));
    const blank = await staff().post(`/v1/admin/unmatched-payments/${secondRow.id}/assign`, {
      reference: second.purchase.reference,
      remark: 'r',
      override: '  ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(unmatchedPaymentMessages.overrideRequired);
    const overridden = await staff().post(`/v1/admin/unmatched-payments/${secondRow.id}/assign`, {
      reference: second.purchase.reference,
      remark: 'r',
      override: 'Rest paid in cash at the office, receipt 17',
    });
    expect(overridden.statusCode, overridden.body).toBe(200);
    const whole = await readOrder(db, second.transaction.id);
    expect(whole.transaction).toMatchObject({
      paidBaseUnits: parseEther('0.002').toString(),
      tokenAmount: second.purchase.tokenAmount,
      creditOverride: 'Rest paid in cash at the office, receipt 17',
    });
    expect(whole.purchase.tokenAmount).toBe(second.purchase.tokenAmount);
    const wholePage = await as(app, buyer).get(`/v1/purchase/${second.purchase.id}`);
    expect(wholePage.json().data.payment).toMatchObject({
      amount: '0.002',
      quoted: formatEther(BigInt(second.transaction.quoteBaseUnits!)),
      overridden: true,
    });
    const listed = await staff().get(`/v1/admin/purchases?reference=${second.purchase.reference}`);
    expect(listed.json().data.data[0].transaction).toMatchObject({
      received: '0.002',
      creditOverride: 'Rest paid in cash at the office, receipt 17',
    });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'unmatchedPayment'), eq(auditLog.entityId, secondRow.id)));
    expect(audit?.after).toMatchObject({
      override: 'Rest paid in cash at the office, receipt 17',
      received: '0.002000000000000000',
      tokensCredited: second.purchase.tokenAmount,
    });
  });

  it('re-reads the transfer with the required confirmations before crediting', async () => {
    const buyer = await person();
    const { transaction, purchase } = await order(buyer, 'ETH', '0.05');
    const payment = await tools.pay('ETH', '0.03', { fromIndex: 3 });
    expect((await verify(buyer, transaction.id, payment.hash)).statusCode).toBe(400);
    const row = await listedRow(payment.hash);
    await db.update(settings).set({ minConfirmations: 50 }).where(eq(settings.id, 1));
    try {
      const res = await staff().post(`/v1/admin/unmatched-payments/${row.id}/assign`, {
        reference: purchase.reference,
        remark: 'r',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(unmatchedPaymentMessages.notEnoughConfirmations(50));
      expect((await readOrder(db, transaction.id)).transaction.paymentStatus).toBe(0);
    } finally {
      await db.update(settings).set({ minConfirmations: 1 }).where(eq(settings.id, 1));
    }
  });
});

describe('one transaction, several transfers', () => {
  it('two USDC Transfer logs paying two orders’ exact amounts credit both orders, whoever verifies', async () => {
    const [one, two] = [await person(), await person()];
    const first = await order(one, 'USDC', '100');
    const second = await order(two, 'USDC', '130');
    const batch = await tools.payBatch([due(first.transaction), due(second.transaction)]);

    const res = await verify(two, second.transaction.id, batch.hash);
    expect(res.statusCode, res.body).toBe(200);
    const [a, b] = [
      await readOrder(db, first.transaction.id),
      await readOrder(db, second.transaction.id),
    ];
    expect(a.transaction).toMatchObject({ paymentStatus: 1, txnHash: batch.hash });
    expect(b.transaction).toMatchObject({ paymentStatus: 1, txnHash: batch.hash });
    expect(a.transaction.logIndex).not.toBe(b.transaction.logIndex);
    expect((await verify(one, first.transaction.id, batch.hash)).statusCode).toBe(200);
    expect(await unmatchedOf(db, batch.hash)).toEqual([]);
  });

  it('the watcher credits the transfer it can and lists the one it cannot', async () => {
    const buyer = await person();
    const { transaction } = await order(buyer, 'USDC', '100');
    const batch = await tools.payBatch([due(transaction), '12.5']);
    await app.paymentWatcher.pollOnce();
    expect((await readOrder(db, transaction.id)).transaction).toMatchObject({
      paymentStatus: 1,
      txnHash: batch.hash,
    });
    expect(await unmatchedOf(db, batch.hash)).toMatchObject([
      { reason: 'unknown', amountBaseUnits: parseUnits('12.5', 6).toString() },
    ]);
  });
});

describe('one transaction, several transfers, verified', () => {
  it('the buyer’s verify credits the transfer of its exact amount and lists the other', async () => {
    const buyer = await person();
    const { transaction } = await order(buyer, 'USDC', '100');
    const batch = await tools.payBatch([due(transaction), '12.345678']);
    const res = await verify(buyer, transaction.id, batch.hash);
    expect(res.statusCode, res.body).toBe(200);
    expect(await unmatchedOf(db, batch.hash)).toMatchObject([
      { reason: 'unknown', amountBaseUnits: '12345678' },
    ]);
  });
});
