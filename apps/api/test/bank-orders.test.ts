import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DELIVERY_STATEMENT,
  messages,
  minimumPurchaseMessage,
  purchaseMessages,
  type Holdings,
  type Purchase,
  type PurchaseDetail,
} from '@tmc/shared';
import type { Config } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import { purchases, settings } from '../src/db/schema/index.ts';
import { freshEmail, freshIp, PASSWORD } from './auth-helpers.ts';
import { as, decide, people, type Person } from './affiliates-helpers.ts';
import { audBankId, bankOrderBody, counts, PDF, upload, REFERENCE } from './purchases-helpers.ts';
import { useMailedApp, type Mailbox } from './app-helpers.ts';

let app: FastifyInstance, db: Db, config: Config, box: Mailbox;
let bankId: string;
let person: ReturnType<typeof people>;
let admin: Person;

useMailedApp(async (t) => {
  ({ app, db, config, box } = t);
  bankId = await audBankId(app);
  person = people(db, config);
  admin = await person({ role: 'admin' });
});

/** 500 EUR (A$833.33) as a bank order without its receipt. */
const orderBody = (extra: Record<string, unknown> = {}) => bankOrderBody(bankId, extra);

async function placeOrder(buyer: Person, extra: Record<string, unknown> = {}) {
  const res = await as(app, buyer).post('/v1/purchase/bank-order', orderBody(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { purchase: Purchase } }>().data.purchase;
}

const attach = (buyer: Person, id: string, receiptUrl: string, receiptType = 'image') =>
  as(app, buyer).post(`/v1/purchase/${id}/receipt`, { receiptUrl, receiptType });

const rowOf = async (id: string) =>
  (await db.select().from(purchases).where(eq(purchases.id, id)))[0]!;

const setSettings = (values: Partial<typeof settings.$inferInsert>) =>
  db.update(settings).set(values).where(eq(settings.id, 1));

describe('POST /v1/purchase/bank-order', () => {
  it('creates a Pending order without receipt, with its reference, and e-mails the amount and bank details', async () => {
    const buyer = await person({ name: 'Early Bird' });
    const p = await placeOrder(buyer);
    expect(p).toMatchObject({
      status: 0,
      paymentMode: 0,
      investmentAmount: '833.33',
      userAmount: '500.00',
      userCurrency: 'EUR',
      receiptUrl: null,
      receiptType: null,
      paidAt: null,
      reviewedAt: null,
      bank: { bankName: expect.any(String) },
    });
    expect(p.reference).toMatch(REFERENCE);

    const mail = await box.next(buyer.email, /presale request/);
    expect(mail.text).toContain(p.reference);
    expect(mail.text).toContain('A$833.33');
    expect(mail.text).toContain('500.00 EUR');
    expect(mail.text).toContain('41,666.50 TMC');
    expect(mail.text).toContain(`/presale-requests/${p._id}`);
    expect(mail.text).toContain('upload your bank receipt');
  });

  it('answers 401 with the spec text without a token, and writes nothing', async () => {
    const before = await counts(db);
    const res = await as(app).post('/v1/purchase/bank-order', orderBody());
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(messages.notLoggedIn);
    expect(await counts(db)).toEqual(before);
  });

  it('refuses bad input with a 400 and writes nothing', async () => {
    const buyer = await person();
    const cases: [Record<string, unknown>, string][] = [
      [{ bankId: randomUUID() }, messages.bank],
      [{ userAmount: 'abc' }, messages.investmentAmount],
      [{ investmentAmount: '9999' }, messages.ratesChanged],
      [{ wallet: '0x123' }, messages.walletFormat],
      [{ requestId: 'not-a-uuid' }, purchaseMessages.requestId],
      [{ userAmount: '10', investmentAmount: '16.6667' }, minimumPurchaseMessage('50')],
    ];
    for (const [extra, message] of cases) {
      const before = await counts(db);
      const res = await as(app, buyer).post('/v1/purchase/bank-order', orderBody(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.body).toContain(message);
      expect(await counts(db)).toEqual(before);
    }
  });

  it('applies the hard cap and the end date through the same pricing', async () => {
    const buyer = await person();
    const [before] = await db.select().from(settings);
    try {
      await setSettings({ hardCapAud: before!.raisedAud });
      let res = await as(app, buyer).post('/v1/purchase/bank-order', orderBody());
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(purchaseMessages.hardCapReached);

      await setSettings({ hardCapAud: before!.hardCapAud, endsAt: new Date(Date.now() - 1000) });
      res = await as(app, buyer).post('/v1/purchase/bank-order', orderBody());
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(purchaseMessages.presaleEnded);
    } finally {
      await setSettings({ hardCapAud: before!.hardCapAud, endsAt: before!.endsAt });
    }
  });

  it('answers a retried requestId with the order it already made, once', async () => {
    const buyer = await person();
    const requestId = randomUUID();
    const first = await placeOrder(buyer, { requestId });
    const before = await counts(db);
    const again = await placeOrder(buyer, { requestId });
    expect(again._id).toBe(first._id);
    expect(again.reference).toBe(first.reference);
    expect(await counts(db)).toEqual(before);
    // Another buyer's key is their own.
    const other = await placeOrder(await person(), { requestId });
    expect(other._id).not.toBe(first._id);
  });
});

describe('POST /v1/purchase/bank-order-noUser', () => {
  it('creates the account and the order awaiting payment, signed in', async () => {
    const email = freshEmail('guest-order');
    const res = await app.inject({
      method: 'POST',
      url: '/v1/purchase/bank-order-noUser',
      remoteAddress: freshIp(),
      payload: { ...orderBody(), email, password: PASSWORD, name: 'Guest Buyer' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json<{
      data: { purchase: Purchase; data: { tokens: { access: { token: string } } } };
    }>();
    expect(data.purchase).toMatchObject({ status: 0, receiptUrl: null });
    expect(data.purchase.reference).toMatch(REFERENCE);
    const token = data.data.tokens.access.token;
    const mine = await as(app, { token }).get(`/v1/purchase/${data.purchase._id}`);
    expect(mine.statusCode).toBe(200);
  });

  it('leaves no account behind when the order is refused', async () => {
    const before = await counts(db);
    const res = await app.inject({
      method: 'POST',
      url: '/v1/purchase/bank-order-noUser',
      remoteAddress: freshIp(),
      payload: {
        ...orderBody({ bankId: randomUUID() }),
        email: freshEmail('guest-refused'),
        password: PASSWORD,
        name: 'Refused',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(await counts(db)).toEqual(before);
  });
});

describe('POST /v1/purchase/:id/receipt', () => {
  it('attaches the receipt to a Pending order; the same file again answers the same order', async () => {
    const buyer = await person();
    const p = await placeOrder(buyer);
    const { link } = await upload(app);
    const res = await attach(buyer, p._id, link);
    expect(res.statusCode, res.body).toBe(200);
    const attached = res.json<{ data: { purchase: Purchase } }>().data.purchase;
    expect(attached).toMatchObject({ _id: p._id, status: 0, receiptType: 'image' });
    expect(attached.receiptUrl).toMatch(/^http/);
    expect(attached.paidAt).not.toBeNull();
    const row = await rowOf(p._id);

    const retry = await attach(buyer, p._id, link);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await rowOf(p._id)).toEqual(row);
  });

  it('refuses a second, different receipt and changes nothing', async () => {
    const buyer = await person();
    const p = await placeOrder(buyer);
    expect((await attach(buyer, p._id, (await upload(app)).link)).statusCode).toBe(200);
    const row = await rowOf(p._id);
    const before = await counts(db);
    const res = await attach(buyer, p._id, (await upload(app)).link);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(purchaseMessages.receiptAlreadyAttached);
    expect(await rowOf(p._id)).toEqual(row);
    expect(await counts(db)).toEqual(before);
  });

  it("answers 404 for another user's order, an unknown id or a malformed one, and 401 without a token", async () => {
    const owner = await person();
    const p = await placeOrder(owner);
    const { link } = await upload(app);
    const stranger = await person();
    for (const id of [p._id, randomUUID(), 'nope']) {
      const res = await attach(stranger, id, link);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(purchaseMessages.purchaseNotFound);
    }
    expect((await as(app).post(`/v1/purchase/${p._id}/receipt`, {})).statusCode).toBe(401);
    expect((await rowOf(p._id)).receiptKey).toBeNull();
    // The file was not claimed by the refused calls: its owner can still use it.
    expect((await attach(owner, p._id, link)).statusCode).toBe(200);
  });

  it('refuses a file that is not what it claims, a missing link, and a decided order', async () => {
    const buyer = await person();
    const p = await placeOrder(buyer);
    // A pdf declared as an image: the bytes decide.
    const pdf = await upload(app, { contentType: 'application/pdf', bytes: PDF });
    let res = await attach(buyer, p._id, pdf.link, 'image');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('not a valid image');
    res = await as(app, buyer).post(`/v1/purchase/${p._id}/receipt`, { receiptType: 'image' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(messages.receipt);
    expect((await rowOf(p._id)).receiptKey).toBeNull();

    expect((await decide(app, admin, p._id, 2, 'No payment arrived')).statusCode).toBe(200);
    res = await attach(buyer, p._id, (await upload(app)).link);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(purchaseMessages.notAwaitingReceipt);
  });

  it('takes a pdf receipt', async () => {
    const buyer = await person();
    const p = await placeOrder(buyer);
    const pdf = await upload(app, { contentType: 'application/pdf', bytes: PDF });
    const res = await attach(buyer, p._id, pdf.link, 'pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.purchase.receiptType).toBe('pdf');
  });
});

describe('GET /v1/purchase/:id, holdings and the PDF receipt', () => {
  it("shows the owner the order with its bank account; 404 for anyone else's", async () => {
    const buyer = await person();
    const p = await placeOrder(buyer);
    const res = await as(app, buyer).get(`/v1/purchase/${p._id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<{ data: PurchaseDetail }>().data;
    expect(detail.purchase._id).toBe(p._id);
    expect(detail.bankAccount).toMatchObject({ _id: bankId, BIC: expect.any(String) });
    expect(detail.transaction).toBeNull();
    expect(detail.tokenSymbol).toBe('TMC');

    const stranger = await person();
    for (const id of [p._id, randomUUID(), 'x']) {
      const other = await as(app, stranger).get(`/v1/purchase/${id}`);
      expect(other.statusCode).toBe(404);
    }
    expect((await as(app).get(`/v1/purchase/${p._id}`)).statusCode).toBe(401);
  });

  it('counts allocated and pending tokens, and gives the wallet and the delivery statement', async () => {
    const buyer = await person();
    const empty = await as(app, buyer).get('/v1/purchase/holdings');
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json<{ data: Holdings }>().data).toEqual({
      allocated: '0.000000000000000000',
      pendingReview: '0.000000000000000000',
      tokenSymbol: 'TMC',
      wallet: null,
      deliveryStatement: DEFAULT_DELIVERY_STATEMENT,
    });

    const wallet = '0x52908400098527886E0F7030069857D2E4169EE7';
    const a = await placeOrder(buyer, { wallet });
    const b = await placeOrder(buyer);
    await placeOrder(buyer); // unpaid: not waiting for any review
    await attach(buyer, a._id, (await upload(app)).link);
    await attach(buyer, b._id, (await upload(app)).link);
    expect((await decide(app, admin, a._id, 1)).statusCode).toBe(200);
    const after = (await as(app, buyer).get('/v1/purchase/holdings')).json<{ data: Holdings }>()
      .data;
    expect(after.allocated).toBe(a.tokenAmount);
    expect(after.pendingReview).toBe(b.tokenAmount);
    // The order keeps the wallet it names; the account's delivery wallet is set only with the
    // password (update-wallet), never by an order.
    expect(a.wallet).toBe(wallet);
    expect(after.wallet).toBeNull();
    // Another buyer's orders are not counted.
    const other = (await as(app, await person()).get('/v1/purchase/holdings')).json<{
      data: Holdings;
    }>().data;
    expect(other.allocated).toBe('0.000000000000000000');
  });

  it('serves the PDF receipt of an accepted order only, to its owner only', async () => {
    const buyer = await person({ name: 'Pdf Buyer' });
    const p = await placeOrder(buyer);
    const url = `/v1/purchase/${p._id}/receipt.pdf`;
    let res = await as(app, buyer).get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(purchaseMessages.receiptNotReady);

    await attach(buyer, p._id, (await upload(app)).link);
    expect((await decide(app, admin, p._id, 1)).statusCode).toBe(200);
    res = await as(app, buyer).get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`tmc-receipt-${p.reference}.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getTitle()).toContain(p.reference);

    expect((await as(app, await person()).get(url)).statusCode).toBe(404);
    expect((await as(app).get(url)).statusCode).toBe(401);
  });
});

describe('the delivery statement setting', () => {
  it('staff reword it (audited); an empty text goes back to the default', async () => {
    const text = 'Tokens are delivered within 30 days of the presale end to your saved wallet.';
    let res = await as(app, admin).put('/v1/admin/settings', { deliveryStatement: text });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.deliveryStatement).toBe(text);
    const buyer = await person();
    let holdings = (await as(app, buyer).get('/v1/purchase/holdings')).json<{ data: Holdings }>();
    expect(holdings.data.deliveryStatement).toBe(text);

    res = await as(app, admin).put('/v1/admin/settings', { deliveryStatement: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.deliveryStatement).toBe(DEFAULT_DELIVERY_STATEMENT);
    holdings = (await as(app, buyer).get('/v1/purchase/holdings')).json<{ data: Holdings }>();
    expect(holdings.data.deliveryStatement).toBe(DEFAULT_DELIVERY_STATEMENT);

    res = await as(app, buyer).put('/v1/admin/settings', { deliveryStatement: text });
    expect(res.statusCode).toBe(403);
    res = await as(app, admin).put('/v1/admin/settings', { deliveryStatement: 'x'.repeat(1001) });
    expect(res.statusCode).toBe(400);
  });
});
