import { eq } from 'drizzle-orm';
import { formatEther, parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { cancelOrderMessages } from '@tmc/shared';
import { paymentParts, purchases, stages, transactions } from '../src/db/schema/index.ts';
import { SEED_RATES } from '../src/db/seed.ts';
import { devAccount } from '../src/dev/dev-accounts.ts';
import { money, Money } from '../src/lib/money.ts';
import { decide, people } from './affiliates-helpers.ts';
import {
  proveWallet,
  readOrder,
  unmatchedOf,
  useCryptoApp,
  watcherReadThrough,
} from './crypto-helpers.ts';
import { checkStageBooks } from './stage-books.ts';

/**
 * Partial payments (BTCPay's "partially paid"), through the real API on the dev chain: a short
 * transfer from a proven wallet leaves the order open until its quote expires, says what is
 * missing and by when, adds up later transfers, credits the quote when they reach it, and credits
 * the value received at expiry; an e-mail at each step.
 */

const { app, db, config, box, client, tools } = useCryptoApp();

const verify = (token: string, transactionId: string, txnHash: string) =>
  client().post(`/v1/transaction/verify-crypto-pay/${transactionId}`, { txnHash }, { token });

/** The oracle of a credit by value, written here: AUD and tokens rounded down to the cent. */
function tokensWorth(paidEth: string, tokenPriceAud: string) {
  const aud = money(paidEth).div(SEED_RATES.ETH!).toDecimalPlaces(2, Money.ROUND_DOWN);
  return {
    aud: aud.toFixed(2),
    tokens: aud.div(tokenPriceAud).toDecimalPlaces(2, Money.ROUND_DOWN).toFixed(18),
  };
}

/** A buyer with dev account `wallet` proven a minute ago, and an order of 0.05 ETH placed on the API. */
async function provenOrder(wallet: number) {
  const person = await people(db(), config())();
  await proveWallet(db(), person.id, devAccount(wallet).address, new Date(Date.now() - 60_000));
  const placed = await client().post(
    '/v1/purchase/add-crypto',
    { investmentAmount: '0.05', currency: 'ETH' },
    { token: person.token },
  );
  expect(placed.statusCode, placed.body).toBe(201);
  const { purchase, transaction } = placed.json().data;
  const quote = parseEther(transaction.price as string);
  return {
    person,
    purchaseId: purchase._id as string,
    transactionId: transaction._id as string,
    quote,
  };
}

const reserved = async (stageId: string) =>
  (await db().select().from(stages).where(eq(stages.id, stageId)))[0]!;

async function watchAll() {
  for (let i = 0; i < 20; i++) if (!(await app().paymentWatcher.pollOnce()).blocks) return;
}

const orderPage = async (token: string, purchaseId: string) => {
  const res = await client().get(`/v1/purchase/${purchaseId}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

const myTransaction = async (token: string, id: string) => {
  const res = await client().get('/v1/transaction/getUserTransaction', { token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.data as { _id: string }[]).find((t) => t._id === id);
};

describe('a short payment from a proven wallet', () => {
  it('leaves the order partially paid with what is missing and by when; the rest from that wallet credits it in full at the quote', async () => {
    const { person, purchaseId, transactionId, quote } = await provenOrder(5);
    const placed = await readOrder(db(), transactionId);
    const stageBefore = await reserved(placed.purchase.stageId!);
    const first = await tools().pay('ETH', '0.03', { fromIndex: 5 });

    const res = await verify(person.token, transactionId, first.hash);
    expect(res.statusCode, res.body).toBe(200);
    const missing = formatEther(quote - parseEther('0.03'));
    expect(res.json().data.transaction).toMatchObject({
      paymentStatus: 0,
      received: '0.03',
      missing,
    });
    expect(res.json().message).toContain(`${missing} ETH is missing`);

    // Open, its tokens still reserved in its stage, the transfer kept as a part of it.
    const open = await readOrder(db(), transactionId);
    expect(open.transaction).toMatchObject({
      paymentStatus: 0,
      txnHash: null,
      receivedBaseUnits: parseEther('0.03').toString(),
    });
    expect(open.purchase).toMatchObject({ status: 0, tokenAmount: placed.purchase.tokenAmount });
    expect((await reserved(placed.purchase.stageId!)).reserved).toBe(stageBefore.reserved);
    await checkStageBooks(db());

    const page = await orderPage(person.token, purchaseId);
    expect(page.payment).toMatchObject({
      state: 'partiallyPaid',
      amount: '0.03',
      quoted: formatEther(quote),
      missing,
      dueBy: open.transaction.quoteExpiresAt!.toISOString(),
      coin: 'ETH',
      live: true,
    });
    expect(await myTransaction(person.token, transactionId)).toMatchObject({
      paymentStatus: 0,
      received: '0.03',
      missing,
    });
    // My TMC: the order's tokens wait as pending review, nothing allocated yet.
    const holdings = await client().get('/v1/purchase/holdings', { token: person.token });
    expect(holdings.json().data).toMatchObject({
      allocated: '0.000000000000000000',
      pendingReview: money(placed.purchase.tokenAmount).toFixed(18),
    });
    const partialMail = await box().next(person.email, /partially paid/);
    expect(partialMail.subject).toMatch(
      new RegExp(
        `is partially paid: ${missing.replace('.', '\\.')} ETH missing by \\d+ \\w+ \\d{4}(,| at) \\d\\d:\\d\\d UTC$`,
      ),
    );
    expect(partialMail.text).toContain(`We received 0.03 ETH of the ${formatEther(quote)} ETH due`);

    // The same transfer again (the watcher, a second verify) counts once.
    await watchAll();
    expect((await verify(person.token, transactionId, first.hash)).statusCode).toBe(200);
    expect((await readOrder(db(), transactionId)).transaction.receivedBaseUnits).toBe(
      parseEther('0.03').toString(),
    );
    expect(
      await db().select().from(paymentParts).where(eq(paymentParts.txnHash, first.hash)),
    ).toHaveLength(1);

    // The rest, from the same wallet: the watcher credits the whole order at the quote.
    const rest = await tools().pay('ETH', missing, { fromIndex: 5 });
    await watchAll();
    const paid = await readOrder(db(), transactionId);
    expect(paid.transaction).toMatchObject({
      paymentStatus: 1,
      txnHash: rest.hash,
      paidBaseUnits: quote.toString(),
      tokenAmount: placed.purchase.tokenAmount,
    });
    expect(paid.purchase).toMatchObject({
      status: 1,
      tokenAmount: placed.purchase.tokenAmount,
      investmentAmount: placed.purchase.investmentAmount,
    });
    await checkStageBooks(db());
    expect(await unmatchedOf(db(), rest.hash)).toEqual([]);
    const verified = await box().next(person.email, /payment is verified/);
    expect(verified.text).toContain(`payment of ${formatEther(quote)} ETH`);
    expect(verified.text).not.toContain('short');
    expect((await orderPage(person.token, purchaseId)).payment).toMatchObject({
      state: 'verified',
      amount: formatEther(quote),
      missing: null,
    });
  });

  it('another transfer that passes the quote credits the order and lists the excess for refund', async () => {
    const { person, transactionId, purchaseId, quote } = await provenOrder(6);
    await tools().pay('ETH', '0.02', { fromIndex: 6 });
    await watchAll();
    await box().next(person.email, /partially paid/);
    const second = await tools().pay('ETH', '0.04', { fromIndex: 6 });
    await watchAll();
    expect((await readOrder(db(), transactionId)).transaction).toMatchObject({
      paymentStatus: 1,
      paidBaseUnits: quote.toString(),
    });
    expect(await unmatchedOf(db(), second.hash)).toMatchObject([
      {
        reason: 'overpaid',
        part: 1,
        purchaseId,
        amountBaseUnits: (parseEther('0.06') - quote).toString(),
      },
    ]);
  });

  it('a transfer of the missing amount from a wallet nobody proved is not counted: it goes to staff', async () => {
    const { person, transactionId, quote } = await provenOrder(7);
    await tools().pay('ETH', '0.03', { fromIndex: 7 });
    await watchAll();
    const stranger = await tools().pay('ETH', formatEther(quote - parseEther('0.03')), {
      fromIndex: 3,
    });
    await watchAll();
    expect((await readOrder(db(), transactionId)).transaction).toMatchObject({
      paymentStatus: 0,
      receivedBaseUnits: parseEther('0.03').toString(),
    });
    expect(await unmatchedOf(db(), stranger.hash)).toMatchObject([{ reason: 'unknown' }]);
    // The order e-mail and the one "partially paid": the stranger's transfer tells the buyer nothing.
    const subjects = (await box().unread(person.email)).map((m) => m.subject);
    expect(subjects).toHaveLength(2);
    expect(subjects[0]).toMatch(/send exactly/);
    expect(subjects[1]).toMatch(/is partially paid: /);
  });
});

describe('a partially paid order at the end of its quote', () => {
  it('is credited for the value received at the quote’s rate, its unused tokens back in the stage, with an e-mail naming the shortfall', async () => {
    const { person, purchaseId, transactionId, quote } = await provenOrder(8);
    const placed = await readOrder(db(), transactionId);
    const stageBefore = await reserved(placed.purchase.stageId!);
    const part = await tools().pay('ETH', '0.02', { fromIndex: 8 });
    await watchAll();
    await box().next(person.email, /partially paid/);

    await db()
      .update(transactions)
      .set({ quoteExpiresAt: new Date(Date.now() - 2 * 24 * 3600_000) })
      .where(eq(transactions.id, transactionId));
    await watcherReadThrough(db(), new Date());
    const lapse = await app().orderLapse.runOnce();
    expect(lapse).toMatchObject({ partiallyPaid: 1 });

    const worth = tokensWorth('0.02', placed.purchase.tokenPriceAud);
    const credited = await readOrder(db(), transactionId);
    expect(credited.transaction).toMatchObject({
      paymentStatus: 1,
      txnHash: part.hash,
      paidBaseUnits: parseEther('0.02').toString(),
      tokenAmount: worth.tokens,
    });
    expect(credited.purchase).toMatchObject({
      status: 1,
      investmentAmount: worth.aud,
      tokenAmount: worth.tokens,
    });
    // The stage sold what was paid for; the rest of the order's reservation went back.
    const stageAfter = await reserved(placed.purchase.stageId!);
    expect(money(stageBefore.reserved).minus(stageAfter.reserved).toFixed(18)).toBe(
      money(placed.purchase.tokenAmount).toFixed(18),
    );
    expect(money(stageAfter.sold).minus(stageBefore.sold).toFixed(18)).toBe(worth.tokens);
    await checkStageBooks(db());
    expect(
      await db().select().from(paymentParts).where(eq(paymentParts.txnHash, part.hash)),
    ).toEqual([]);

    const shortfall = formatEther(quote - parseEther('0.02'));
    const mail = await box().next(person.email, /payment is verified/);
    expect(mail.text).toContain(
      `We received 0.02 ETH of the ${formatEther(quote)} ETH quoted: ${shortfall} ETH short when the quote expired`,
    );
    expect(mail.text).toContain(
      `${money(worth.tokens)
        .toFixed(2)
        .replace(/\B(?=(\d{3})+(?!\d))/g, ',')} TMC are allocated`,
    );
    expect((await orderPage(person.token, purchaseId)).payment).toMatchObject({
      state: 'verified',
      amount: '0.02',
      quoted: formatEther(quote),
      missing: shortfall,
    });
    expect(await myTransaction(person.token, transactionId)).toMatchObject({
      paymentStatus: 1,
      received: '0.02',
      missing: shortfall,
    });
    // Run again: nothing more happens.
    expect(await app().orderLapse.runOnce()).toMatchObject({ partiallyPaid: 0, crypto: 0 });
  });
});

describe('a partially paid order cannot be dropped with the money in it', () => {
  it('the buyer cannot cancel it; staff rejecting it list what it received for staff', async () => {
    const { person, purchaseId, transactionId } = await provenOrder(9);
    const part = await tools().pay('ETH', '0.01', { fromIndex: 9 });
    await watchAll();
    const cancel = await client().post(`/v1/purchase/${purchaseId}/cancel`, undefined, {
      token: person.token,
    });
    expect(cancel.statusCode).toBe(400);
    expect(cancel.json().message).toBe(cancelOrderMessages.notCancellable);

    const admin = await people(db(), config())({ role: 'admin' });
    expect((await decide(app(), admin, purchaseId, 2)).statusCode).toBe(200);
    expect((await readOrder(db(), transactionId)).transaction).toMatchObject({
      paymentStatus: 2,
      receivedBaseUnits: null,
    });
    expect(await unmatchedOf(db(), part.hash)).toMatchObject([
      {
        reason: 'short',
        status: 'open',
        purchaseId,
        amountBaseUnits: parseEther('0.01').toString(),
      },
    ]);
    expect(
      (await db().select().from(purchases).where(eq(purchases.id, purchaseId)))[0]!.status,
    ).toBe(2);
  });
});

describe('staff and a partially paid order', () => {
  it('assigning another transfer to it credits what it received and the transfer, summed, at once', async () => {
    const { person, purchaseId, transactionId, quote } = await provenOrder(4);
    const placed = await readOrder(db(), transactionId);
    await tools().pay('ETH', '0.02', { fromIndex: 4 });
    await watchAll();
    const stranger = await tools().pay('ETH', '0.01', { fromIndex: 3 });
    await watchAll();
    const [listed] = await unmatchedOf(db(), stranger.hash);
    expect(listed).toMatchObject({ reason: 'unknown', status: 'open' });

    const admin = await people(db(), config())({ role: 'admin' });
    const assigned = await client().post(
      `/v1/admin/unmatched-payments/${listed!.id}/assign`,
      { reference: placed.purchase.reference, remark: 'paid the rest from an exchange' },
      { token: admin.token },
    );
    expect(assigned.statusCode, assigned.body).toBe(200);
    const worth = tokensWorth('0.03', placed.purchase.tokenPriceAud);
    expect((await readOrder(db(), transactionId)).transaction).toMatchObject({
      paymentStatus: 1,
      txnHash: stranger.hash,
      paidBaseUnits: parseEther('0.03').toString(),
      tokenAmount: worth.tokens,
    });
    expect(money(quote.toString()).gt(parseEther('0.03').toString())).toBe(true);
    await checkStageBooks(db());
    expect((await orderPage(person.token, purchaseId)).payment).toMatchObject({
      state: 'verified',
      amount: '0.03',
    });
  });
});
