import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { lateOfferMessages, purchaseMessages, PurchaseStatus, stageMessages } from '@tmc/shared';
import type { Db } from '../src/db/client.ts';
import { auditLog, lateOffers, purchases, stages } from '../src/db/schema/index.ts';
import { as, people, type Person } from './affiliates-helpers.ts';
import { useMailedApp, type Mailbox } from './app-helpers.ts';
import { audBankId, bankOrderBody, upload } from './purchases-helpers.ts';
import { activeStage, switchStage } from './stage-helpers.ts';

/**
 * Late bank payments: a receipt for an order that ended is taken (marked late); staff offer it
 * at the price of the day, the buyer consents by the e-mailed link, or staff refund it; nothing
 * is ever accepted at the order's old price.
 */

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

const OFFER_SUBJECT = /late payment/;
const LINK = /\/late-offer#token=([A-Za-z0-9_-]{43})/;

const readPurchase = async (id: string) =>
  (await db.select().from(purchases).where(eq(purchases.id, id)))[0]!;

/** A bank order (A$833.33 at the seeded rates) whose window closed and the lapse job ended. */
async function endedOrder(buyer: Person) {
  const res = await as(app, buyer).post('/v1/purchase/bank-order', bankOrderBody(bankId));
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.purchase._id as string;
  await db
    .update(purchases)
    .set({ paymentDueAt: new Date(Date.now() - 1000) })
    .where(eq(purchases.id, id));
  await app.orderLapse.runOnce();
  expect((await readPurchase(id)).status).toBe(PurchaseStatus.NotAccepted);
  return id;
}

async function lateReceipt(buyer: Person, id: string) {
  const { link } = await upload(app);
  const res = await as(app, buyer).post(`/v1/purchase/${id}/receipt`, {
    receiptUrl: link,
    receiptType: 'image',
  });
  expect(res.statusCode, res.body).toBe(200);
  return { res, link };
}

const offer = (id: string) => as(app, staff).post(`/v1/admin/purchases/${id}/late-offer`);
const view = (token: string) =>
  app.inject({ method: 'POST', url: '/v1/late-offers/read', payload: { token } });
const accept = (token: string) =>
  app.inject({ method: 'POST', url: '/v1/late-offers/accept', payload: { token } });

async function offerLink(buyer: Person, id: string) {
  const res = await offer(id);
  expect(res.statusCode, res.body).toBe(201);
  const mail = await box.next(buyer.email, OFFER_SUBJECT);
  const token = LINK.exec(mail.text)?.[1];
  expect(token).toBeDefined();
  return { token: token!, offer: res.json().data, mail };
}

describe('late bank payments', () => {
  it('takes the receipt of an ended order as late, for the buyer and staff to see', async () => {
    const buyer = await person();
    const id = await endedOrder(buyer);
    const { res, link } = await lateReceipt(buyer, id);
    expect(res.json().data.purchase.lateReceiptAt).toEqual(expect.any(String));
    expect(res.json().data.purchase.status).toBe(PurchaseStatus.NotAccepted);
    expect(res.json().message).toBe(lateOfferMessages.lateReceipt);
    // The same file again: the same answer.
    const again = await as(app, buyer).post(`/v1/purchase/${id}/receipt`, {
      receiptUrl: link,
      receiptType: 'image',
    });
    expect(again.statusCode, again.body).toBe(200);
    const page = await as(app, buyer).get(`/v1/purchase/${id}`);
    expect(page.json().data.purchase.lateReceiptAt).toBe(res.json().data.purchase.lateReceiptAt);
    expect(page.json().data.lateOffer).toBeNull();
    const queue = await as(app, staff).get('/v1/admin/purchases?late=true&limit=30');
    expect(queue.statusCode, queue.body).toBe(200);
    const ids = (queue.json().data.data as { _id: string }[]).map((r) => r._id);
    expect(ids).toContain(id);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'purchase.lateReceipt')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorId).toBe(buyer.id);
    // Staff cannot accept it as it stands: the old price never comes back.
    const refused = await as(app, staff).post(`/v1/admin/purchases/${id}/status`, {
      status: 1,
      overrideReason: 'money is in',
    });
    expect(refused.statusCode).toBe(400);
    expect((await readPurchase(id)).status).toBe(PurchaseStatus.NotAccepted);
  });

  it('a receipt past the window ends a Pending order and is late, before the lapse job runs', async () => {
    const buyer = await person();
    const res = await as(app, buyer).post('/v1/purchase/bank-order', bankOrderBody(bankId));
    const id = res.json().data.purchase._id as string;
    await db
      .update(purchases)
      .set({ paymentDueAt: new Date(Date.now() - 1000) })
      .where(eq(purchases.id, id));
    await lateReceipt(buyer, id);
    const row = await readPurchase(id);
    expect(row.status).toBe(PurchaseStatus.NotAccepted);
    expect(row.remark).toBe(purchaseMessages.bankOrderLapsed);
    expect(row.lateReceiptAt).not.toBeNull();
  });

  it('offers the order at the price of the day; only the consent changes it, once', async () => {
    const buyer = await person();
    const id = await endedOrder(buyer);
    await lateReceipt(buyer, id);
    const before = await readPurchase(id);
    const stage = await switchStage(db, '0.05');

    const { token, offer: made, mail } = await offerLink(buyer, id);
    expect(made).toMatchObject({
      state: 'offered',
      tokenPriceAud: '0.05',
      previousTokenPriceAud: '0.02',
      investmentAmount: '833.33',
      tokenAmount: '16666.600000000000000000',
    });
    expect(mail.text).toContain('A$833.33 buys 16,666.60');
    // A second click: the same offer, no second e-mail.
    const repeated = await offer(id);
    expect(repeated.statusCode, repeated.body).toBe(200);
    expect(repeated.json().data.id).toBe(made.id);
    expect(
      (await box.unread(buyer.email)).filter((m) => OFFER_SUBJECT.test(m.subject)),
    ).toHaveLength(0);
    // Nothing changed yet.
    expect(await readPurchase(id)).toMatchObject({
      status: PurchaseStatus.NotAccepted,
      tokenPriceAud: before.tokenPriceAud,
      tokenAmount: before.tokenAmount,
    });
    expect((await activeStage(db))!.reserved).toBe(stage.reserved);
    const shown = await view(token);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data).toMatchObject({ state: 'offered', reference: before.reference });
    const page = await as(app, buyer).get(`/v1/purchase/${id}`);
    expect(page.json().data.lateOffer).toMatchObject({ id: made.id, state: 'offered' });

    // Two clicks at once: one order.
    const [a, b] = await Promise.all([accept(token), accept(token)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().message, b.json().message].sort()).toEqual(
      [lateOfferMessages.accepted, lateOfferMessages.alreadyAccepted].sort(),
    );
    const after = await readPurchase(id);
    expect(after).toMatchObject({
      status: PurchaseStatus.Pending,
      tokenPriceAud: '0.050000000000000000',
      tokenAmount: '16666.600000000000000000',
      stageId: stage.id,
      investmentAmount: '833.33',
    });
    expect(Number((await activeStage(db))!.reserved)).toBe(Number(stage.reserved) + 16666.6);
    const used = await accept(token);
    expect(used.statusCode).toBe(200);
    expect(used.json().message).toBe(lateOfferMessages.alreadyAccepted);
    expect((await view(token)).json().data.state).toBe('accepted');
    const audits = await db.select().from(auditLog).where(eq(auditLog.entityId, id));
    const actions = audits.map((r) => r.action);
    expect(actions.filter((x) => x === 'purchase.lateOffer')).toHaveLength(1);
    expect(actions.filter((x) => x === 'purchase.lateOfferAccept')).toHaveLength(1);
    // Staff accept it at the new price in the review queue, as any bank order.
    const accepted = await as(app, staff).post(`/v1/admin/purchases/${id}/status`, { status: 1 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ tokenPriceAud: '0.05', status: 1 });
  });

  it('refuses a consent that would take the account past its buying limit, and changes nothing', async () => {
    const buyer = await person();
    const id = await endedOrder(buyer);
    await lateReceipt(buyer, id);
    const { token } = await offerLink(buyer, id);
    // A$833.33 with nothing else bought in 12 months: above a limit of A$800.
    const low = await as(app, staff).put('/v1/admin/settings', { kycLimitAud: '800' });
    expect(low.statusCode, low.body).toBe(200);
    const stage = await activeStage(db);
    const refused = await accept(token);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({
      message: 'To buy more than 800.00 AUD in 12 months, verify your identity first',
      link: '/profile/identity',
    });
    expect((await readPurchase(id)).status).toBe(PurchaseStatus.NotAccepted);
    expect((await view(token)).json().data.state).toBe('offered');
    expect((await activeStage(db))!.reserved).toBe(stage!.reserved);
    const restored = await as(app, staff).put('/v1/admin/settings', { kycLimitAud: '10000' });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await accept(token)).statusCode).toBe(200);
  });

  it('answers unknown, expired, withdrawn and out-of-date links clearly and changes nothing', async () => {
    expect((await accept('x'.repeat(43))).statusCode).toBe(404);
    expect((await accept('x'.repeat(43))).json().message).toBe(lateOfferMessages.linkInvalid);
    expect((await accept('short')).statusCode).toBe(400);

    const buyer = await person();
    const id = await endedOrder(buyer);
    await lateReceipt(buyer, id);
    const first = await offerLink(buyer, id);
    await db
      .update(lateOffers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(lateOffers.id, first.offer.id));
    const expired = await accept(first.token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(lateOfferMessages.expired);
    expect((await view(first.token)).json().data.state).toBe('expired');

    // A new offer (the price moved) withdraws the last one.
    await switchStage(db, '0.04');
    const second = await offerLink(buyer, id);
    expect(second.offer.tokenPriceAud).toBe('0.04');
    await db
      .update(lateOffers)
      .set({ expiresAt: new Date(Date.now() + 3_600_000) })
      .where(eq(lateOffers.id, first.offer.id));
    const withdrawn = await accept(first.token);
    expect(withdrawn.statusCode).toBe(410);
    expect(withdrawn.json().message).toBe(lateOfferMessages.withdrawn);

    // The price of the day moved after the offer: never the offer's old price.
    await switchStage(db, '0.06');
    const moved = await accept(second.token);
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(lateOfferMessages.priceChanged);
    expect((await readPurchase(id)).status).toBe(PurchaseStatus.NotAccepted);

    // Too few tokens left at the price of the day.
    await switchStage(db, '0.05', '100');
    const short = await offer(id);
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toBe(stageMessages.onlyLeft('100.00', 'TMC'));
  });

  it('staff may refund it instead; a refund withdraws the offer', async () => {
    await switchStage(db, '0.05');
    const buyer = await person();
    const id = await endedOrder(buyer);
    await lateReceipt(buyer, id);
    const { token } = await offerLink(buyer, id);
    const refund = await as(app, staff).post('/v1/admin/refunds', {
      purchaseId: id,
      amount: '833.33',
      coin: 'AUD',
      reason: 'late payment, buyer wants the money back',
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect((await view(token)).json().data.state).toBe('withdrawn');
    const refused = await accept(token);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().message).toBe(lateOfferMessages.withdrawn);
    const again = await offer(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(lateOfferMessages.refundInProgress);
    expect((await readPurchase(id)).status).toBe(PurchaseStatus.NotAccepted);
  });

  it('offers only late payments, and only staff can', async () => {
    const buyer = await person();
    const res = await as(app, buyer).post('/v1/purchase/bank-order', bankOrderBody(bankId));
    const id = res.json().data.purchase._id as string;
    const notLate = await offer(id);
    expect(notLate.statusCode).toBe(409);
    expect(notLate.json().message).toBe(lateOfferMessages.notLate);
    expect((await as(app, buyer).post(`/v1/admin/purchases/${id}/late-offer`)).statusCode).toBe(
      403,
    );
    expect(await db.select().from(lateOffers).where(eq(lateOffers.purchaseId, id))).toHaveLength(0);
    expect((await db.select().from(stages)).length).toBeGreaterThan(0);
  });
});
