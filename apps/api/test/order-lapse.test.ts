import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  cancelOrderMessages,
  lateOfferMessages,
  PaymentStatus,
  purchaseMessages,
  PurchaseStatus,
  type Purchase,
} from '@tmc/shared';
import type { Db } from '../src/db/client.ts';
import { auditLog, purchases, settings, transactions } from '../src/db/schema/index.ts';
import { deadline } from '../src/lib/mailer/templates.ts';
import { createOrderLapse } from '../src/modules/purchases/order-lapse.ts';
import { as, people, type Person } from './affiliates-helpers.ts';
import { watcherReadThrough } from './crypto-helpers.ts';
import { mailSettled } from './mail-tracker.ts';
import { audBankId, bankOrderBody, counts, upload } from './purchases-helpers.ts';
import { useMailedApp, type Mailbox } from './app-helpers.ts';

let app: FastifyInstance, db: Db, box: Mailbox;
let person: ReturnType<typeof people>;
let bankId: string;
let staff: Person;

useMailedApp(async (t) => {
  ({ app, db, box } = t);
  person = people(db, t.config);
  bankId = await audBankId(app);
  staff = await person({ role: 'admin' });
});

const HOUR = 3_600_000;
const LAPSED_SUBJECT = /has ended/;

async function placeBankOrder(buyer: Person) {
  const res = await as(app, buyer).post('/v1/purchase/bank-order', bankOrderBody(bankId));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { purchase: Purchase } }>().data.purchase;
}

/** Moves an order's payment window into the past, as if its days had gone by. */
const closeWindow = (purchaseId: string) =>
  db
    .update(purchases)
    .set({ paymentDueAt: new Date(Date.now() - 1000) })
    .where(eq(purchases.id, purchaseId));

/** The buyer uploads an image receipt and attaches it to the order. */
async function attachReceipt(buyer: Person, purchaseId: string) {
  const { link } = await upload(app);
  return as(app, buyer).post(`/v1/purchase/${purchaseId}/receipt`, {
    receiptUrl: link,
    receiptType: 'image',
  });
}

const readPurchase = async (id: string) =>
  (await db.select().from(purchases).where(eq(purchases.id, id)))[0]!;

const decide = (id: string, body: Record<string, unknown>) =>
  as(app, staff).post(`/v1/admin/purchases/${id}/status`, body);

describe('bank orders: the payment window', () => {
  it('gives a new order a deadline from the setting, on the order page and in the e-mail', async () => {
    await db.update(settings).set({ bankPaymentWindowHours: 48 });
    try {
      const buyer = await person();
      const before = Date.now();
      const order = await placeBankOrder(buyer);
      const due = new Date(order.paymentDueAt!).getTime();
      expect(due - before).toBeGreaterThanOrEqual(48 * HOUR - 1000);
      expect(due - before).toBeLessThanOrEqual(48 * HOUR + 5000);
      const page = await as(app, buyer).get(`/v1/purchase/${order._id}`);
      expect(page.json().data.purchase.paymentDueAt).toBe(order.paymentDueAt);
      const mail = await box.next(buyer.email, /presale request/);
      expect(mail.text).toContain(
        `Pay and upload the receipt by ${deadline(order.paymentDueAt!)}.`,
      );
    } finally {
      await db.update(settings).set({ bankPaymentWindowHours: 72 });
    }
  });

  it('past its window an order ends, even before the lapse job has run: its receipt is late', async () => {
    const buyer = await person();
    const order = await placeBankOrder(buyer);
    await closeWindow(order._id);
    const { link } = await upload(app);
    const res = await as(app, buyer).post(`/v1/purchase/${order._id}/receipt`, {
      receiptUrl: link,
      receiptType: 'image',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(lateOfferMessages.lateReceipt);
    expect(await readPurchase(order._id)).toMatchObject({
      status: PurchaseStatus.NotAccepted,
      remark: purchaseMessages.bankOrderLapsed,
      lateReceiptAt: expect.any(Date),
    });
  });

  it('staff accept a bank order without a receipt only with an override reason, which is audited', async () => {
    const buyer = await person();
    const order = await placeBankOrder(buyer);
    await closeWindow(order._id);

    const refused = await decide(order._id, { status: 1, remark: 'paid, says the bank' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe(purchaseMessages.acceptWithoutReceipt);
    expect((await readPurchase(order._id)).status).toBe(PurchaseStatus.Pending);
    const blank = await decide(order._id, { status: 1, overrideReason: '   ' });
    expect(blank.json().message).toBe(purchaseMessages.acceptWithoutReceipt);

    const reason = 'Payment seen on the bank statement on 3 March, receipt lost';
    const accepted = await decide(order._id, { status: 1, overrideReason: reason });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await readPurchase(order._id)).status).toBe(PurchaseStatus.Accepted);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order._id), eq(auditLog.action, 'purchase.status')));
    expect(audit!.actorId).toBe(staff.id);
    expect(audit!.after).toMatchObject({ status: 1, overrideReason: reason, receipt: false });
  });

  it('an order whose receipt came in time is accepted as before, window or not', async () => {
    const buyer = await person();
    const order = await placeBankOrder(buyer);
    const attached = await attachReceipt(buyer, order._id);
    expect(attached.statusCode, attached.body).toBe(200);
    await closeWindow(order._id);
    await app.orderLapse.runOnce();
    expect((await readPurchase(order._id)).status).toBe(PurchaseStatus.Pending);
    const accepted = await decide(order._id, { status: 1 });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('the lapse job ends an order past its window (Not Accepted) and e-mails the buyer once', async () => {
    const buyer = await person();
    const late = await placeBankOrder(buyer);
    const onTime = await placeBankOrder(buyer);
    await box.next(buyer.email, /presale request/);
    await box.next(buyer.email, /presale request/);
    await closeWindow(late._id);

    await app.orderLapse.runOnce();
    expect(await app.orderLapse.runOnce()).toMatchObject({ leader: true, bank: 0 });
    expect(await readPurchase(late._id)).toMatchObject({
      status: PurchaseStatus.NotAccepted,
      remark: purchaseMessages.bankOrderLapsed,
    });
    expect((await readPurchase(onTime._id)).status).toBe(PurchaseStatus.Pending);

    const mail = await box.next(buyer.email, LAPSED_SUBJECT);
    expect(mail.subject).toBe(`Your TMC presale request ${late.reference} has ended`);
    expect(mail.text).toContain('Its status is now: Not Accepted.');
    expect(await box.unread(buyer.email)).toEqual([]);

    // Ended: staff cannot accept it any more, override or not.
    const res = await decide(late._id, { status: 1, overrideReason: 'too late' });
    expect(res.statusCode).toBe(400);
  });

  it('an order whose receipt came in cannot be cancelled by its buyer', async () => {
    const buyer = await person();
    const order = await placeBankOrder(buyer);
    const attached = await attachReceipt(buyer, order._id);
    expect(attached.statusCode, attached.body).toBe(200);
    const res = await as(app, buyer).post(`/v1/purchase/${order._id}/cancel`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(cancelOrderMessages.notCancellable);
    expect(await readPurchase(order._id)).toMatchObject({ status: PurchaseStatus.Pending });
  });

  it('runs on one copy at a time', async () => {
    const other = createOrderLapse({
      db,
      chainRead: true,
      mail: { deliverSoon: () => {} },
      log: app.log,
    });
    // This app's copy holds the lease from the earlier runs; the other copy does nothing.
    const [mine, theirs] = await Promise.all([app.orderLapse.runOnce(), other.runOnce()]);
    expect(mine.leader).toBe(true);
    expect(theirs.leader).toBe(false);
    await other.stop();
  });

  it('caps open bank orders at 5 an account; an ended one no longer counts', async () => {
    const buyer = await person();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await placeBankOrder(buyer))._id);
    const before = await counts(db);
    const res = await as(app, buyer).post('/v1/purchase/bank-order', bankOrderBody(bankId));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 400,
      message: purchaseMessages.tooManyOpenBankOrders,
      data: null,
    });
    expect(await counts(db)).toEqual(before);
    // A retried checkout still answers the order it made.
    await closeWindow(ids[0]!);
    await placeBankOrder(buyer);
    const again = await as(app, buyer).post('/v1/purchase/bank-order', bankOrderBody(bankId));
    expect(again.json().message).toBe(purchaseMessages.tooManyOpenBankOrders);
    // Another account is not affected.
    await placeBankOrder(await person());
  });
});

describe('bank orders with a receipt: the deadline for the money', () => {
  const DAY = 24 * HOUR;

  async function withReceipt(buyer: Person) {
    const order = await placeBankOrder(buyer);
    const res = await attachReceipt(buyer, order._id);
    expect(res.statusCode, res.body).toBe(200);
    return order;
  }

  /** Moves an order's receipt back in time, as if staff had left it this long. */
  const receiptAgo = (purchaseId: string, ms: number) =>
    db
      .update(purchases)
      .set({ receiptAt: new Date(Date.now() - ms) })
      .where(eq(purchases.id, purchaseId));

  it('an order whose money staff did not confirm within 7 days of its receipt ends, and its buyer hears once', async () => {
    const buyer = await person();
    const stale = await withReceipt(buyer);
    const fresh = await withReceipt(buyer);
    await box.next(buyer.email, /presale request/);
    await box.next(buyer.email, /presale request/);
    await receiptAgo(stale._id, 7 * DAY + 60_000);
    await receiptAgo(fresh._id, 6 * DAY);

    expect(await app.orderLapse.runOnce()).toMatchObject({ leader: true, unconfirmed: 1 });
    expect(await app.orderLapse.runOnce()).toMatchObject({ unconfirmed: 0 });
    expect(await readPurchase(stale._id)).toMatchObject({
      status: PurchaseStatus.NotAccepted,
      remark: 'The payment was not confirmed within 7 days of the receipt, so this order ended',
    });
    expect((await readPurchase(fresh._id)).status).toBe(PurchaseStatus.Pending);

    const mail = await box.next(buyer.email, LAPSED_SUBJECT);
    expect(mail.subject).toBe(`Your TMC presale request ${stale.reference} has ended`);
    expect(mail.text).toContain('but our team could not confirm the payment by');
    expect(mail.text).toContain('Its status is now: Not Accepted.');
    expect(await box.unread(buyer.email)).toEqual([]);

    // Ended: the frozen price is gone, staff cannot accept it any more.
    const res = await decide(stale._id, { status: 1 });
    expect(res.statusCode).toBe(400);
    expect((await decide(fresh._id, { status: 1 })).statusCode).toBe(200);
  });

  it('counts orders with a receipt in the cap of 5 open bank orders, until their deadline', async () => {
    const buyer = await person();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await withReceipt(buyer))._id);
    const before = await counts(db);
    const order = await as(app, buyer).post('/v1/purchase/bank-order', bankOrderBody(bankId));
    expect(order.statusCode, order.body).toBe(400);
    expect(order.json().message).toBe(
      "You already have 5 open bank orders: wait until our team confirms the payment of one, or let an unpaid one's payment window end, before placing another",
    );
    // Placing it with its receipt at once is no way around the cap.
    const { link } = await upload(app);
    const add = await as(app, buyer).post('/v1/purchase/add', {
      ...bankOrderBody(bankId),
      receiptUrl: link,
      receiptType: 'image',
    });
    expect(add.statusCode, add.body).toBe(400);
    expect(add.json().message).toBe(purchaseMessages.tooManyOpenBankOrders);
    expect(await counts(db)).toEqual(before);

    // Past its deadline an order no longer counts, even before the lapse job ends it.
    await receiptAgo(ids[0]!, 7 * DAY + 60_000);
    await placeBankOrder(buyer);
  });

  it("staff see when the order was priced, at what price, today's price and the deadline", async () => {
    const buyer = await person();
    const order = await withReceipt(buyer);
    const [row] = await db.select().from(settings);
    await db.update(settings).set({ tokenPriceAud: '0.025' });
    try {
      const res = await as(app, staff).get(`/v1/admin/purchases?reference=${order.reference}`);
      expect(res.statusCode, res.body).toBe(200);
      const [review] = res.json().data.data;
      const stored = await readPurchase(order._id);
      expect(review).toMatchObject({
        _id: order._id,
        tokenPriceAud: '0.02',
        pricedAt: stored.createdAt.toISOString(),
        currentTokenPriceAud: '0.025',
        confirmationDueAt: new Date(stored.receiptAt!.getTime() + 7 * DAY).toISOString(),
      });
    } finally {
      await db.update(settings).set({ tokenPriceAud: row!.tokenPriceAud });
    }
  });
});

describe('crypto orders: the grace period after the quote', () => {
  const expireQuote = (transactionId: string, agoMs: number) =>
    db
      .update(transactions)
      .set({ quoteExpiresAt: new Date(Date.now() - agoMs) })
      .where(eq(transactions.id, transactionId));

  async function orderEth(buyer: Person) {
    const res = await as(app, buyer).post('/v1/purchase/add-crypto', {
      investmentAmount: '0.01',
      currency: 'ETH',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { purchase, transaction } = res.json().data;
    return { transactionId: transaction._id, purchaseId: purchase._id, buyer };
  }

  it('an order past the grace period ends (Not Accepted) once the watcher has read the chain past it, and its buyer hears once', async () => {
    const buyer = await person();
    const old = await orderEth(buyer);
    const recent = await orderEth(buyer);
    // Expired, but inside the default hour of grace: it keeps going.
    await expireQuote(recent.transactionId, 30 * 60_000);
    await expireQuote(old.transactionId, 61 * 60_000);

    // The watcher has not read the blocks of that hour (an outage, a node behind): a payment made
    // in time may still be there, so nothing ends.
    await watcherReadThrough(db, new Date(Date.now() - 62 * 60_000));
    expect(await app.orderLapse.runOnce()).toMatchObject({ crypto: 0 });
    expect(await readPurchase(old.purchaseId)).toMatchObject({ status: PurchaseStatus.Pending });

    await watcherReadThrough(db, new Date());
    expect(await app.orderLapse.runOnce()).toMatchObject({ crypto: 1 });
    expect(await app.orderLapse.runOnce()).toMatchObject({ crypto: 0 });

    const [tx] = await db.select().from(transactions).where(eq(transactions.id, old.transactionId));
    expect(tx!.paymentStatus).toBe(PaymentStatus.Failed);
    expect(await readPurchase(old.purchaseId)).toMatchObject({
      status: PurchaseStatus.NotAccepted,
      remark: purchaseMessages.cryptoOrderLapsed,
    });
    const [kept] = await db
      .select()
      .from(transactions)
      .where(eq(transactions.id, recent.transactionId));
    expect(kept!.paymentStatus).toBe(PaymentStatus.Pending);

    const mails = (await box.unread(buyer.email)).filter((m) => LAPSED_SUBJECT.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('No payment for your presale request');

    // Staff set no grace: the recent one ends too.
    await db.update(settings).set({ quoteGraceMinutes: 0 });
    try {
      expect(await app.orderLapse.runOnce()).toMatchObject({ crypto: 1 });
    } finally {
      await db.update(settings).set({ quoteGraceMinutes: 60 });
    }
    await mailSettled();
    expect(await readPurchase(recent.purchaseId)).toMatchObject({
      status: PurchaseStatus.NotAccepted,
    });
  });
});

describe("the buyer's own cancel", () => {
  it('is named as the buyer’s on the order and e-mailed: do not pay for it', async () => {
    const buyer = await person({ name: 'Fay' });
    const order = await placeBankOrder(buyer);
    await box.next(buyer.email, /presale request/);
    const res = await as(app, buyer).post(`/v1/purchase/${order._id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);

    const mail = await box.next(buyer.email, /You cancelled/);
    expect(mail.subject).toBe(`You cancelled your TMC order ${order.reference}`);
    expect(mail.text).toContain(`You cancelled your order ${order.reference} (A$`);
    expect(mail.text).toContain('Do not pay for it');
    expect(mail.text).toContain(`/presale-requests/${order._id}`);

    const detail = (await as(app, buyer).get(`/v1/purchase/${order._id}`)).json().data;
    expect(detail.cancelledByBuyer).toBe(true);
    // Again: the same answer and no second e-mail.
    expect((await as(app, buyer).post(`/v1/purchase/${order._id}/cancel`)).statusCode).toBe(200);
    await mailSettled();
    expect((await box.unread(buyer.email)).filter((m) => /cancelled/.test(m.subject))).toEqual([]);

    // An order staff marked Not Accepted is not the buyer's cancel.
    const other = await placeBankOrder(buyer);
    expect((await decide(other._id, { status: 3, remark: 'No payment' })).statusCode).toBe(200);
    const staffClosed = (await as(app, buyer).get(`/v1/purchase/${other._id}`)).json().data;
    expect(staffClosed.purchase.status).toBe(PurchaseStatus.NotAccepted);
    expect(staffClosed.cancelledByBuyer).toBe(false);
  });
});
