import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  bankPurchaseSchema,
  messages,
  minimumPurchaseMessage,
  purchaseMessages,
  PurchaseStatus,
} from '@tmc/shared';
import { DEFAULT_SELLER } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import { banks, files, purchases, settings, users } from '../src/db/schema/index.ts';
import { createRateLimiter } from '../src/lib/rate-limit.ts';
import type { Storage } from '../src/lib/storage/storage.ts';
import { createPresaleService } from '../src/modules/presale/presale.service.ts';
import { createPurchasesService } from '../src/modules/purchases/purchases.service.ts';
import { createRatesService } from '../src/modules/rates/rates.service.ts';
import { createUploadsService } from '../src/modules/uploads/uploads.service.ts';
import { verifiedUser } from './auth-helpers.ts';
import {
  audBankId,
  bankBody,
  counts,
  fetchFile,
  PDF,
  PNG,
  REFERENCE,
  TEXT,
  upload,
} from './purchases-helpers.ts';
import { activeStage, switchStage } from './stage-helpers.ts';
import { useMailedApp, type Mailbox, type ApiClient } from './app-helpers.ts';

let app: FastifyInstance, db: Db, storage: Storage, box: Mailbox, client: ApiClient;
let bankId: string;
let buyer: Awaited<ReturnType<typeof verifiedUser>>;

useMailedApp(async (t) => {
  ({ app, db, storage, box, client } = t);
  bankId = await audBankId(app);
  buyer = await verifiedUser(app, box, { name: 'Buyer One' });
});

/**
 * Posts a bank purchase. The shared buyer's orders still open are closed first: each test's
 * orders stand alone, and the cap of 5 open bank orders (order-lapse.test.ts) refuses none here.
 */
const buy = async (body: object, token = buyer.access) => {
  if (token === buyer.access)
    await db
      .update(purchases)
      .set({ status: PurchaseStatus.NotAccepted })
      .where(
        and(eq(purchases.userId, buyer.user._id), eq(purchases.status, PurchaseStatus.Pending)),
      );
  return client.post('/v1/purchase/add', body, { token });
};

/** A body with a freshly uploaded receipt. */
const freshBody = async (extra: Record<string, unknown> = {}) =>
  bankBody(bankId, (await upload(app)).link, extra);

const setSettings = (values: Partial<typeof settings.$inferInsert>) =>
  db.update(settings).set(values).where(eq(settings.id, 1));

/** Posts `body`, expects 400 with `message`, and that nothing was written. */
async function refused(body: object, message: string, token = buyer.access) {
  const before = await counts(db);
  const res = await buy(body, token);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ code: 400, message, data: null });
  expect(await counts(db)).toEqual(before);
  return res;
}

describe('POST /v1/purchase/add: who may call it', () => {
  it('answers 401 with the spec text without a token, and with a bad one', async () => {
    const body = await freshBody();
    for (const token of [undefined, 'not-a-jwt']) {
      const res = await client.post('/v1/purchase/add', body, { token });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 401, message: messages.notLoggedIn, data: null });
    }
    expect((await counts(db)).purchases).toBe(0);
  });
});

describe('POST /v1/purchase/add: a bank purchase', () => {
  it('stores a Pending request priced by the server, claims the receipt and answers it with a signed link', async () => {
    const { link, key } = await upload(app);
    const res = await buy(bankBody(bankId, link));
    expect(res.statusCode, res.body).toBe(201);
    const { code, data } = res.json();
    expect(code).toBe(201);
    expect(data.userInfo).toMatchObject({
      _id: buyer.user._id,
      email: buyer.email,
      name: 'Buyer One',
    });
    expect(data.userInfo).not.toHaveProperty('passwordHash');
    const p = data.purchase;
    expect(p).toMatchObject({
      status: 0,
      investmentAmount: '833.33',
      // 833.33 / 0.02
      tokenAmount: '41666.500000000000000000',
      currency: 'AUD',
      userAmount: '500.00',
      userCurrency: 'EUR',
      paymentMode: 0,
      wallet: null,
      receiptType: 'image',
      documentUrl: null,
      documentUrlBack: null,
      documentType: null,
      billingDoc: null,
      billingDocType: null,
      userRemark: null,
      remark: null,
      bank: { bankName: 'Demo Bank of Australia (test account)' },
    });
    expect(p.reference).toMatch(REFERENCE);
    expect(Object.keys(p as object).sort()).toEqual(
      [
        '_id',
        'createdAt',
        'status',
        'investmentAmount',
        'tokenAmount',
        'currency',
        'userAmount',
        'userCurrency',
        'paymentMode',
        'reference',
        'wallet',
        'receiptUrl',
        'receiptType',
        'documentUrl',
        'documentUrlBack',
        'documentType',
        'billingDoc',
        'billingDocType',
        'userRemark',
        'remark',
        'bank',
        'paidAt',
        'reviewedAt',
        'paymentDueAt',
        'stageId',
        'stageName',
        'tokenPriceAud',
        'lateReceiptAt',
      ].sort(),
    );

    // The answer's link is signed and serves the bytes; the bare link does not.
    expect(p.receiptUrl).toContain(key);
    expect(p.receiptUrl).toContain('sig=');
    const file = await fetchFile(app, p.receiptUrl);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect((await fetchFile(app, link)).statusCode).toBe(403);

    const [row] = await db.select().from(purchases).where(eq(purchases.id, p._id));
    expect(row).toMatchObject({
      userId: buyer.user._id,
      bankId,
      receiptKey: key,
      investmentAmount: '833.33',
      tokenPriceAud: '0.020000000000000000',
      rate: '0.600000000000000000',
      userAmount: '500.000000000000000000',
    });
    const [claimed] = await db.select().from(files).where(eq(files.key, key));
    expect(claimed).toMatchObject({ ownerId: buyer.user._id, purchaseId: p._id });
  });

  it('e-mails the buyer the reference, the amount and the bank details', async () => {
    const res = await buy(await freshBody());
    expect(res.statusCode).toBe(201);
    const { reference } = res.json().data.purchase;
    const mail = await box.next(buyer.email, new RegExp(reference as string));
    expect(mail.text).toContain(`Payment reference: ${reference}`);
    expect(mail.text).toContain('A$833.33');
    expect(mail.text).toContain('41,666.50 TMC');
    expect(mail.text).toContain('Demo Bank of Australia (test account)');
    expect(mail.text).toContain('TMC Presale Pty Ltd');
    expect(mail.text).toContain('DEMOAU2S');
    expect(mail.text).toContain('062-000');
    expect(mail.text).toContain('12345678');
    expect(mail.html).toContain(reference);
    expect(mail.html).toContain(
      'Bank: Demo Bank of Australia (test account)<br>Account holder: TMC Presale Pty Ltd',
    );
  });

  it('gives every request its own reference', async () => {
    const references = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await buy(await freshBody());
      expect(res.statusCode).toBe(201);
      references.add(res.json().data.purchase.reference as string);
    }
    expect(references.size).toBe(3);
    for (const reference of references) {
      const rows = await db.select().from(purchases).where(eq(purchases.reference, reference));
      expect(rows).toHaveLength(1);
    }
  });

  it('takes a new reference when the first one is taken, inside the same transaction', async () => {
    const first = await buy(await freshBody());
    const taken = first.json().data.purchase.reference as string;
    const rateLimiter = createRateLimiter(db);
    const sequence = [taken, taken, 'TMC-FRESH2'];
    const service = createPurchasesService({
      db,
      mail: { deliverSoon: () => {} },
      uploads: createUploadsService({ db, storage, rateLimiter }),
      auth: { checkoutAccount: () => Promise.reject(new Error('not a guest')) },
      presale: createPresaleService({ db }),
      rates: createRatesService({ db }),
      rateLimiter,
      publicUrl: 'http://localhost',
      seller: DEFAULT_SELLER,
      newReference: () => sequence.shift() ?? 'TMC-NEVER2',
    });
    const body = bankPurchaseSchema.parse(await freshBody());
    const result = await service.addBankPurchase({ userId: buyer.user._id }, body);
    expect(result.purchase.reference).toBe('TMC-FRESH2');
    expect(sequence).toEqual([]);
  });
});

describe('POST /v1/purchase/add: checks and messages', () => {
  it('needs a receipt, its type and a bank', async () => {
    const body = await freshBody();
    const { receiptUrl: _r, ...noReceipt } = body;
    let res = await refused(noReceipt, messages.receipt);
    expect(res.json().errors).toEqual({ receiptUrl: messages.receipt });
    await refused({ ...body, receiptUrl: '  ' }, messages.receipt);

    const { receiptType: _t, ...noType } = body;
    res = await refused(noType, messages.receiptType);
    expect(res.json().errors).toEqual({ receiptType: messages.receiptType });
    await refused({ ...body, receiptType: 'text/plain' }, messages.receiptType);

    const { bankId: _b, ...noBank } = body;
    res = await refused(noBank, messages.bank);
    expect(res.json().errors).toEqual({ bankId: messages.bank });
  });

  it('needs an active AUD bank', async () => {
    const body = await freshBody();
    await refused({ ...body, bankId: randomUUID() }, messages.bank);
    await refused({ ...body, bankId: 'not-a-uuid' }, messages.bank);
    const [usd] = await db
      .insert(banks)
      .values({ currency: 'USD', bankName: 'US Bank', accountHolder: 'TMC', bic: 'USBKUS33' })
      .returning();
    await refused({ ...body, bankId: usd!.id }, messages.bank);
    const [closed] = await db
      .insert(banks)
      .values({
        currency: 'AUD',
        bankName: 'Closed',
        accountHolder: 'TMC',
        bic: 'CLOSAU2S',
        active: false,
      })
      .returning();
    await refused({ ...body, bankId: closed!.id }, messages.bank);
  });

  it('checks the wallet format, checksum included', async () => {
    const body = await freshBody();
    await refused({ ...body, wallet: '0x123' }, messages.walletFormat);
    await refused({ ...body, wallet: `0x${'g'.repeat(40)}` }, messages.walletFormat);
    // A mixed-case address with a wrong EIP-55 checksum is a typo.
    await refused(
      { ...body, wallet: '0x70997970c51812dc3A010C7d01b50e0d17dc79C8' },
      messages.walletFormat,
    );
  });

  it('takes AUD as the only currency and a known fiat code', async () => {
    const body = await freshBody();
    await refused({ ...body, currency: 'USD' }, messages.bankCurrency);
    await refused({ ...body, userCurrency: 'XYZ' }, purchaseMessages.unknownCurrency);
    await refused({ ...body, userCurrency: 'ETH' }, messages.fiatCurrency);
    await refused({ ...body, userAmount: '-5' }, messages.investmentAmount);
    await refused({ ...body, userAmount: 'abc' }, messages.investmentAmount);
  });

  it('needs a document type with identity documents, and a pdf billing document', async () => {
    const doc = await upload(app);
    const body = await freshBody({ documentUrl: doc.link });
    await refused(body, purchaseMessages.documentType);
    const billing = await upload(app, { contentType: 'application/pdf', bytes: PDF });
    await refused(
      await freshBody({ billingDoc: billing.link, billingDocType: 'image' }),
      messages.pdfOnly,
    );
  });
});

describe('POST /v1/purchase/add: files', () => {
  it('claims identity documents and a pdf billing document with the request', async () => {
    const front = await upload(app);
    const back = await upload(app);
    const billing = await upload(app, { contentType: 'application/pdf', bytes: PDF });
    const res = await buy(
      await freshBody({
        documentUrl: front.link,
        documentUrlBack: back.link,
        documentType: 'image/png',
        billingDoc: billing.link,
        billingDocType: 'application/pdf',
        userRemark: '  please be quick  ',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json().data.purchase;
    expect(p).toMatchObject({
      documentType: 'image',
      billingDocType: 'pdf',
      userRemark: 'please be quick',
    });
    expect((await fetchFile(app, p.documentUrl as string)).rawPayload.equals(PNG)).toBe(true);
    expect((await fetchFile(app, p.billingDoc as string)).rawPayload.equals(PDF)).toBe(true);
    expect(p.documentUrlBack).toContain(back.key);
  });

  it('holds both identity documents to the one documentType', async () => {
    const front = await upload(app);
    const back = await upload(app, { contentType: 'application/pdf', bytes: PDF });
    await refused(
      await freshBody({
        documentUrl: front.link,
        documentUrlBack: back.link,
        documentType: 'image',
      }),
      'documentUrlBack: the file is not a valid image',
    );
  });

  it('refuses a link to no upload of ours', async () => {
    await refused(
      bankBody(bankId, `http://127.0.0.1:3999/files/uploads/2025/01/${randomUUID()}.png`),
      'receiptUrl: file not found, please upload it again',
    );
    await refused(
      bankBody(bankId, 'https://evil.example/receipt.png'),
      'receiptUrl: file not found, please upload it again',
    );
  });

  it('refuses an upload slot whose bytes never arrived', async () => {
    const ticket = await app.inject({
      method: 'POST',
      url: '/v1/upload-file',
      payload: { fileName: 'r.png', contentType: 'image/png', size: 10 },
    });
    const link = (ticket.json().data.url as string).split('?')[0]!;
    await refused(
      bankBody(bankId, link),
      'receiptUrl: the upload did not complete, please upload it again',
    );
  });

  it('refuses a text file sent as a PNG as it is uploaded (the bytes decide, not the declared type)', async () => {
    const ticket = await app.inject({
      method: 'POST',
      url: '/v1/upload-file',
      payload: { fileName: 'notes.png', contentType: 'image/png', size: TEXT.length },
    });
    const { url } = ticket.json<{ data: { url: string } }>().data;
    const { pathname, search } = new URL(url);
    const put = await app.inject({
      method: 'PUT',
      url: pathname + search,
      headers: { 'content-type': 'image/png' },
      payload: TEXT,
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().message).toBe(messages.imageOrPdf);
    await refused(
      bankBody(bankId, url.split('?')[0]!),
      'receiptUrl: the upload did not complete, please upload it again',
    );
  });

  it('a claimed file cannot be replaced through its upload URL', async () => {
    const ticket = await app.inject({
      method: 'POST',
      url: '/v1/upload-file',
      payload: { fileName: 'receipt.png', contentType: 'image/png', size: 64 },
    });
    const { url } = ticket.json<{ data: { url: string } }>().data;
    const { pathname, search } = new URL(url);
    const putPng = (payload: Buffer) =>
      app.inject({
        method: 'PUT',
        url: pathname + search,
        headers: { 'content-type': 'image/png' },
        payload,
      });
    expect((await putPng(PNG)).statusCode).toBe(200);
    const res = await buy(bankBody(bankId, url.split('?')[0]!));
    expect(res.statusCode).toBe(201);
    const other = Buffer.concat([PNG, Buffer.from('replaced')]);
    expect((await putPng(other)).statusCode).toBe(409);
    const stored = await fetchFile(app, res.json().data.purchase.receiptUrl as string);
    expect(stored.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses a pdf declared as an image, and an image as the pdf billing document', async () => {
    const pdf = await upload(app, { contentType: 'application/pdf', bytes: PDF });
    await refused(bankBody(bankId, pdf.link), 'receiptUrl: the file is not a valid image');
    const png = await upload(app);
    await refused(
      await freshBody({ billingDoc: png.link, billingDocType: 'pdf' }),
      'billingDoc: the file is not a valid pdf',
    );
  });

  it('refuses a file used by an earlier request, of the same buyer or of another', async () => {
    const { link } = await upload(app);
    expect((await buy(bankBody(bankId, link))).statusCode).toBe(201);
    const again = await refused(
      bankBody(bankId, link),
      'receiptUrl: this file is already attached to another request',
    );
    expect(again.json().errors).toHaveProperty('receiptUrl');

    const other = await verifiedUser(app, box, { name: 'Other' });
    await refused(
      bankBody(bankId, link),
      'receiptUrl: this file is already attached to another request',
      other.access,
    );
    await refused(
      await freshBody({ documentUrl: link, documentType: 'image' }),
      'documentUrl: this file is already attached to another request',
      other.access,
    );
  });

  it('claims nothing when a later file fails: the receipt stays free for the next try', async () => {
    const receipt = await upload(app);
    const bad = await upload(app, { contentType: 'application/pdf', bytes: PDF });
    await refused(
      bankBody(bankId, receipt.link, { documentUrl: bad.link, documentType: 'image' }),
      'documentUrl: the file is not a valid image',
    );
    const [row] = await db.select().from(files).where(eq(files.key, receipt.key));
    expect(row).toMatchObject({ ownerId: null, purchaseId: null });
    expect((await buy(bankBody(bankId, receipt.link))).statusCode).toBe(201);
  });
});

describe('POST /v1/purchase/add: amounts', () => {
  it('refuses a client AUD figure more than 1% off the server figure, either way', async () => {
    // The server's figure is 833.3333…; 2% off either way.
    await refused(await freshBody({ investmentAmount: '850' }), messages.ratesChanged);
    await refused(await freshBody({ investmentAmount: '816.66' }), messages.ratesChanged);
    const res = await refused(await freshBody({ investmentAmount: '1' }), messages.ratesChanged);
    expect(res.json().errors).toEqual({ investmentAmount: messages.ratesChanged });
  });

  it("accepts a figure 0.5% off and stores the server's own", async () => {
    for (const investmentAmount of ['837.50', 829.17]) {
      const res = await buy(await freshBody({ investmentAmount }));
      expect(res.statusCode, res.body).toBe(201);
      const p = res.json().data.purchase;
      expect(p.investmentAmount).toBe('833.33');
      const [row] = await db
        .select()
        .from(purchases)
        .where(eq(purchases.id, p._id as string));
      expect(row!.investmentAmount).toBe('833.33');
    }
  });

  it('converts with the rates table of the server, JSON numbers included', async () => {
    // 100 USD at 0.65 USD per AUD = A$153.846… → 153.85; tokens at 0.02.
    const res = await buy(
      await freshBody({ userCurrency: 'usd', userAmount: 100, investmentAmount: 153.8462 }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.purchase).toMatchObject({
      investmentAmount: '153.85',
      tokenAmount: '7692.500000000000000000',
      userAmount: '100.00',
      userCurrency: 'USD',
    });
  });

  it('refuses an amount under the minimum purchase, with the minimum from the settings', async () => {
    // 20 EUR = A$33.33
    const small = { userAmount: '20', investmentAmount: '33.3333' };
    await refused(await freshBody(small), minimumPurchaseMessage('50'));
    expect(minimumPurchaseMessage('50')).toBe('The minimum purchase is A$50');
    // 30 EUR = A$50.00 exactly: allowed.
    expect(
      (await buy(await freshBody({ userAmount: '30', investmentAmount: '50' }))).statusCode,
    ).toBe(201);

    await setSettings({ minPurchaseAud: '100' });
    try {
      await refused(
        await freshBody({ userAmount: '30', investmentAmount: '50' }),
        'The minimum purchase is A$100',
      );
    } finally {
      await setSettings({ minPurchaseAud: '50' });
    }
  });

  it('freezes the token amount at the price of its stage', async () => {
    const res = await buy(await freshBody());
    const id = res.json().data.purchase._id as string;
    expect(res.json().data.purchase.tokenAmount).toBe('41666.500000000000000000');

    const first = await activeStage(db);
    expect(res.json().data.purchase).toMatchObject({ stageId: first!.id, stageName: first!.name });
    const second = await switchStage(db, '0.05');
    try {
      const list = await client.get('/v1/purchase/getmypurchase?limit=30', { token: buyer.access });
      const same = list.json().data.data.find((p: { _id: string }) => p._id === id);
      expect(same.tokenAmount).toBe('41666.500000000000000000');
      const [row] = await db.select().from(purchases).where(eq(purchases.id, id));
      expect(row).toMatchObject({
        tokenAmount: '41666.500000000000000000',
        tokenPriceAud: '0.020000000000000000',
      });

      const later = await buy(await freshBody());
      // 833.33 / 0.05
      expect(later.json().data.purchase).toMatchObject({
        tokenAmount: '16666.600000000000000000',
        stageId: second.id,
      });
    } finally {
      await switchStage(db, '0.02');
    }
  });
});

describe('POST /v1/purchase/add: wallet', () => {
  const lower = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
  const checksummed = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
  const another = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

  it("is recorded on the order (EIP-55) and never becomes the account's delivery wallet", async () => {
    const walletless = await verifiedUser(app, box, { name: 'Walletless' });
    const first = await buy(await freshBody({ wallet: lower }), walletless.access);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.purchase.wallet).toBe(checksummed);
    // An order is no password-checked update-wallet: the account still has no wallet.
    expect(first.json().data.userInfo.walletAddress).toBeNull();
    const me = await client.get('/v1/auth/me', { token: walletless.access });
    expect(me.json().data.user.walletAddress).toBeNull();
    const [row] = await db.select().from(users).where(eq(users.id, walletless.user._id));
    expect(row!.walletAddress).toBeNull();

    const second = await buy(await freshBody({ wallet: another }), walletless.access);
    expect(second.statusCode).toBe(201);
    expect(second.json().data.purchase.wallet).toBe(another);
    expect(second.json().data.userInfo.walletAddress).toBeNull();

    // Without a wallet in the request nor on file, the order waits for one.
    const third = await buy(await freshBody(), walletless.access);
    expect(third.statusCode).toBe(201);
    expect(third.json().data.purchase.wallet).toBeNull();
  });

  it('leaves a wallet on file alone, and orders without a wallet deliver there', async () => {
    const holder = await verifiedUser(app, box, { name: 'Wallet holder' });
    await db.update(users).set({ walletAddress: checksummed }).where(eq(users.id, holder.user._id));
    const named = await buy(await freshBody({ wallet: another }), holder.access);
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json().data.purchase.wallet).toBe(another);
    expect(named.json().data.userInfo.walletAddress).toBe(checksummed);
    const plain = await buy(await freshBody(), holder.access);
    expect(plain.json().data.purchase.wallet).toBe(checksummed);
  });

  it('is not saved when the purchase fails', async () => {
    const walletless = await verifiedUser(app, box, { name: 'Still walletless' });
    const bad = await upload(app, { contentType: 'application/pdf', bytes: PDF });
    await refused(
      bankBody(bankId, bad.link, { wallet: lower }),
      'receiptUrl: the file is not a valid image',
      walletless.access,
    );
    const [row] = await db.select().from(users).where(eq(users.id, walletless.user._id));
    expect(row!.walletAddress).toBeNull();
  });
});
