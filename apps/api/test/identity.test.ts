import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import { auditLog, files, identityReviews, purchases, users } from '../src/db/schema/index.ts';
import { as, people, type Person } from './affiliates-helpers.ts';
import { useMailedApp, type ApiClient, type Mailbox } from './app-helpers.ts';
import { freshEmail, PASSWORD, verifiedUser } from './auth-helpers.ts';
import { audBankId, bankBody, bankOrderBody, fetchFile, PDF, upload } from './purchases-helpers.ts';

let app: FastifyInstance, db: Db, config: Config, box: Mailbox, client: ApiClient;
let bankId: string;
let staff: Person;

useMailedApp(async (t) => {
  ({ app, db, config, box, client } = t);
  bankId = await audBankId(app);
  staff = await people(db, config)({ role: 'admin' });
});

/** Each order is 500 EUR = A$833.33; a limit of A$2,000 lets two through. */
const LIMIT_MESSAGE = 'To buy more than 2,000.00 AUD in 12 months, verify your identity first';

const asToken = (token: string) => ({ token });
const order = (token: string) =>
  as(app, asToken(token)).post('/v1/purchase/bank-order', bankOrderBody(bankId));
const identity = (token: string) => as(app, asToken(token)).get('/v1/account/identity');
const submit = async (token: string) => {
  const [first, second] = [
    await upload(app),
    await upload(app, { contentType: 'application/pdf', bytes: PDF }),
  ];
  return as(app, asToken(token)).post('/v1/account/identity', {
    documentUrl: first.link,
    secondDocumentUrl: second.link,
  });
};
const reviewsOf = (userId: string) =>
  db.select().from(identityReviews).where(eq(identityReviews.userId, userId));
const ordersOf = async (userId: string) =>
  (await db.select({ n: count() }).from(purchases).where(eq(purchases.userId, userId)))[0]!.n;

beforeAll(async () => {
  const set = await as(app, staff).put('/v1/admin/settings', { kycLimitAud: '2000' });
  expect(set.statusCode, set.body).toBe(200);
  expect(set.json().data).toMatchObject({ kycLimitAud: '2000.00', kycVerifiedLimitAud: null });
});

describe('buying limits and identity reviews', () => {
  it('a buyer at the limit gets 403; after a rejection the limit stays and they read why; after approval the same order is accepted', async () => {
    const buyer = await verifiedUser(app, box);
    const token = buyer.access;
    expect((await order(token)).statusCode).toBe(201);
    expect((await order(token)).statusCode).toBe(201);

    const over = await order(token);
    expect(over.statusCode, over.body).toBe(403);
    expect(over.json()).toEqual({
      code: 403,
      message: LIMIT_MESSAGE,
      data: null,
      link: '/profile/identity',
    });
    expect(await ordersOf(buyer.user._id)).toBe(2);

    const before = await identity(token);
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toEqual({
      state: 'none',
      reason: null,
      submittedAt: null,
      decidedAt: null,
      limitAud: '2000.00',
      verifiedLimitAud: null,
      usedAud: '1666.66',
    });

    const sent = await submit(token);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().data).toMatchObject({ state: 'pending', reason: null });
    // One review at a time.
    const again = await submit(token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Your documents are already being reviewed');
    const [pending] = await reviewsOf(buyer.user._id);
    expect(await reviewsOf(buyer.user._id)).toHaveLength(1);

    // Staff find it in the queue and open its documents (each view audited).
    const queue = await as(app, staff).get('/v1/admin/identity-reviews?state=pending&limit=30');
    expect(queue.statusCode).toBe(200);
    const listed = queue.json().data.data.find((r: { id: string }) => r.id === pending!.id);
    expect(listed).toMatchObject({
      state: 'pending',
      user: { _id: buyer.user._id, email: buyer.email },
      documentType: 'image',
      secondDocumentType: 'pdf',
      usedAud: '1666.66',
    });
    expect(queue.json().data.counts.pending).toBeGreaterThanOrEqual(1);
    const docs = await as(app, staff).get(`/v1/admin/identity-reviews/${pending!.id}/documents`);
    expect(docs.statusCode, docs.body).toBe(200);
    const opened = await fetchFile(app, docs.json().data.secondDocumentUrl);
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const views = await db.select().from(auditLog).where(eq(auditLog.entityId, pending!.id));
    expect(views.map((v) => [v.action, v.actorId])).toEqual([['identityReview.view', staff.id]]);

    // Rejected: the buyer reads why, is e-mailed, and the limit stays.
    const rejected = await as(app, staff).post(`/v1/admin/identity-reviews/${pending!.id}/reject`, {
      reason: 'The photo of the ID is blurred',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      message: 'Identity rejected',
      data: { state: 'rejected', reason: 'The photo of the ID is blurred', decidedBy: staff.email },
    });
    const mailed = await box.next(buyer.email, /could not verify your identity/);
    expect(mailed.text).toContain('The photo of the ID is blurred');
    const read = (await identity(token)).json().data;
    expect(read).toMatchObject({
      state: 'rejected',
      reason: 'The photo of the ID is blurred',
      limitAud: '2000.00',
    });
    expect((await order(token)).statusCode).toBe(403);

    // A second decision changes nothing.
    const twice = await as(app, staff).post(`/v1/admin/identity-reviews/${pending!.id}/approve`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This review has already been decided');
    expect((await reviewsOf(buyer.user._id))[0]).toMatchObject({ state: 'rejected' });

    // A rejected buyer sends new documents; staff approve; the same order now goes through.
    const resent = await submit(token);
    expect(resent.statusCode, resent.body).toBe(201);
    const second = (await reviewsOf(buyer.user._id)).find((r) => r.state === 'pending')!;
    const approved = await as(app, staff).post(`/v1/admin/identity-reviews/${second.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      message: 'Identity approved',
      data: { state: 'approved' },
    });
    await box.next(buyer.email, /Your identity is verified/);
    expect((await identity(token)).json().data).toMatchObject({
      state: 'approved',
      limitAud: null,
      reason: null,
    });
    const accepted = await order(token);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(await ordersOf(buyer.user._id)).toBe(3);
    // Approved for good: no new documents needed.
    const more = await submit(token);
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe('Your identity is already verified');
    const rejectLate = await as(app, staff).post(`/v1/admin/identity-reviews/${second.id}/reject`, {
      reason: 'late',
    });
    expect(rejectLate.statusCode).toBe(409);
    const actions = (await db.select().from(auditLog).where(eq(auditLog.entity, 'identity_review')))
      .filter((a) => a.entityId === pending!.id || a.entityId === second.id)
      .map((a) => a.action)
      .sort();
    expect(actions).toEqual([
      'identityReview.approve',
      'identityReview.reject',
      'identityReview.view',
    ]);
  });

  it('a guest checkout counts against the account it logs into, and a new account against itself', async () => {
    const buyer = await verifiedUser(app, box);
    expect((await order(buyer.access)).statusCode).toBe(201);
    expect((await order(buyer.access)).statusCode).toBe(201);
    const guest = await client.post(
      '/v1/purchase/add-noUser',
      bankBody(bankId, (await upload(app)).link, { email: buyer.email, password: buyer.password }),
    );
    expect(guest.statusCode, guest.body).toBe(403);
    expect(guest.json()).toMatchObject({ message: LIMIT_MESSAGE, link: '/profile/identity' });
    expect(await ordersOf(buyer.user._id)).toBe(2);

    // 3,000 EUR = A$5,000: over the limit on its own; no account is left behind.
    const email = freshEmail('guest');
    const fresh = await client.post(
      '/v1/purchase/bank-order-noUser',
      bankOrderBody(bankId, {
        investmentAmount: '5000',
        userAmount: '3000',
        email,
        password: PASSWORD,
        name: 'Grace',
      }),
    );
    expect(fresh.statusCode, fresh.body).toBe(403);
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('a verified limit holds for verified accounts (no link), and cannot be set below the basic one', async () => {
    const low = await as(app, staff).put('/v1/admin/settings', { kycVerifiedLimitAud: '1000' });
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({
      message: 'kycVerifiedLimitAud cannot be below kycLimitAud',
      errors: { kycVerifiedLimitAud: 'kycVerifiedLimitAud cannot be below kycLimitAud' },
    });
    const set = await as(app, staff).put('/v1/admin/settings', { kycVerifiedLimitAud: '2500' });
    expect(set.statusCode, set.body).toBe(200);
    try {
      const buyer = await verifiedUser(app, box);
      expect((await submit(buyer.access)).statusCode).toBe(201);
      const [review] = await reviewsOf(buyer.user._id);
      expect(
        (await as(app, staff).post(`/v1/admin/identity-reviews/${review!.id}/approve`)).statusCode,
      ).toBe(200);
      expect((await identity(buyer.access)).json().data).toMatchObject({
        state: 'approved',
        limitAud: '2500.00',
        verifiedLimitAud: '2500.00',
      });
      for (let i = 0; i < 3; i++) expect((await order(buyer.access)).statusCode).toBe(201);
      const over = await order(buyer.access);
      expect(over.statusCode).toBe(403);
      expect(over.json()).toEqual({
        code: 403,
        message: 'An account can buy at most 2,500.00 AUD in 12 months',
        data: null,
      });
    } finally {
      await as(app, staff).put('/v1/admin/settings', { kycVerifiedLimitAud: null });
    }
  });

  it('staff routes answer 403 to a buyer, and bad inputs change nothing', async () => {
    const buyer = await verifiedUser(app, box);
    const token = buyer.access;
    const someId = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/v1/admin/identity-reviews'],
      ['GET', `/v1/admin/identity-reviews/${someId}/documents`],
      ['POST', `/v1/admin/identity-reviews/${someId}/approve`],
      ['POST', `/v1/admin/identity-reviews/${someId}/reject`],
    ] as const) {
      const res = await app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(method === 'POST' ? { payload: { reason: 'x' } } : {}),
      });
      expect(res.statusCode, url).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: '/v1/account/identity' })).statusCode).toBe(401);

    const reviews = async () => (await db.select({ n: count() }).from(identityReviews))[0]!.n;
    const before = await reviews();
    const one = await upload(app);
    const post = (body: unknown) => as(app, asToken(token)).post('/v1/account/identity', body);
    const cases: [unknown, number, string][] = [
      [{}, 400, 'Upload your ID document'],
      [{ documentUrl: one.link }, 400, 'Upload a selfie holding your ID, or a second document'],
      [{ documentUrl: one.link, secondDocumentUrl: one.link }, 400, 'Upload two different files'],
      [
        { documentUrl: one.link, secondDocumentUrl: 'https://example.com/not-ours.png' },
        400,
        'secondDocumentUrl: file not found, please upload it again',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    // A receipt already attached to an order cannot be reused.
    const receipt = await upload(app);
    const bought = await as(app, asToken(token)).post(
      '/v1/purchase/add',
      bankBody(bankId, receipt.link),
    );
    expect(bought.statusCode, bought.body).toBe(201);
    const reused = await post({ documentUrl: receipt.link, secondDocumentUrl: one.link });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(
      'documentUrl: this file is already attached to another request',
    );
    expect(await reviews()).toBe(before);
    const [stillFree] = await db.select().from(files).where(eq(files.key, one.key));
    expect(stillFree).toMatchObject({ purchaseId: null, identityReviewId: null });

    const staffCalls: [string, unknown, number, string][] = [
      [`/v1/admin/identity-reviews/${someId}/approve`, {}, 404, 'Identity review not found'],
      [`/v1/admin/identity-reviews/not-an-id/approve`, {}, 400, 'Invalid id'],
      [`/v1/admin/identity-reviews/${someId}/reject`, { reason: '  ' }, 400, 'Reason is required'],
      [`/v1/admin/identity-reviews/${someId}/reject`, {}, 400, 'Reason is required'],
    ];
    for (const [url, body, status, message] of staffCalls) {
      const res = await as(app, staff).post(url, body);
      expect(res.statusCode, url).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const badState = await as(app, staff).get('/v1/admin/identity-reviews?state=open');
    expect(badState.statusCode).toBe(400);
    expect(badState.json().message).toBe('state must be pending, approved or rejected');
    const badLimit = await as(app, staff).put('/v1/admin/settings', { kycLimitAud: '10.001' });
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json().message).toBe('kycLimitAud must be a number with at most 2 decimals');
  });
});
