import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { purchases } from '../src/db/schema/index.ts';
import { listQueryMessages } from '../src/lib/list-query.ts';
import { api, mailbox, verifiedUser, type Mailbox } from './auth-helpers.ts';
import { audBankId, bankBody, fetchFile, upload } from './purchases-helpers.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { buildTestApp } from './test-app.ts';

let app: FastifyInstance;
let db: Db;
let sink: SmtpSink;
let box: Mailbox;
let client: ReturnType<typeof api>;
let bankId: string;
type Buyer = Awaited<ReturnType<typeof verifiedUser>>;
let alice: Buyer;
let bob: Buyer;

interface Listed {
  _id: string;
  investmentAmount: string;
  status: number;
  receiptUrl: string | null;
  createdAt: string;
}

/** Alice's requests, oldest first: 12 of 50, 60, … 160 EUR; Bob has one. */
const alicesIds: string[] = [];
const alicesKeys: string[] = [];
let bobsReceipt: string;

const list = (token: string, query = '') =>
  client.get(`/v1/purchase/getmypurchase${query}`, { token });

const rows = (res: { json(): { data: { data: Listed[] } } }) => res.json().data.data;

async function buyAs(who: Buyer, euros: number) {
  const { link, key } = await upload(app);
  const res = await client.post(
    '/v1/purchase/add',
    bankBody(bankId, link, {
      userAmount: String(euros),
      investmentAmount: String((euros / 0.6).toFixed(4)),
    }),
    { token: who.access },
  );
  expect(res.statusCode, res.body).toBe(201);
  // Its receipt dated past the 7 days staff have to confirm the money: it no longer counts in
  // the cap of 5 open bank orders (the lapse job, which would end it, does not run here).
  await db
    .update(purchases)
    .set({ receiptAt: new Date(Date.now() - 8 * 86_400_000) })
    .where(eq(purchases.id, res.json().data.purchase._id as string));
  return {
    id: res.json().data.purchase._id as string,
    key,
    receiptUrl: res.json().data.purchase.receiptUrl as string,
  };
}

beforeAll(async () => {
  sink = await startSmtpSink();
  ({ app, db } = await buildTestApp({ env: { SMTP_URL: sink.url } }));
  box = mailbox(sink);
  client = api(app);
  bankId = await audBankId(app);
  alice = await verifiedUser(app, box, { name: 'Alice' });
  bob = await verifiedUser(app, box, { name: 'Bob' });
  for (let i = 0; i < 12; i++) {
    const { id, key } = await buyAs(alice, 50 + i * 10);
    alicesIds.push(id);
    alicesKeys.push(key);
  }
  bobsReceipt = (await buyAs(bob, 300)).receiptUrl;
});
afterAll(async () => {
  await app.close();
  await sink.stop();
});

describe('GET /v1/purchase/getmypurchase: whose requests', () => {
  it('answers 401 without a token', async () => {
    const res = await client.get('/v1/purchase/getmypurchase');
    expect(res.statusCode).toBe(401);
  });

  it("shows Bob only his own request, with none of Alice's files", async () => {
    const res = await list(bob.access);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ totalResults: 1, totalPages: 1, page: 1, limit: 10 });
    expect(rows(res)).toHaveLength(1);
    for (const id of alicesIds) expect(res.body).not.toContain(id);
    for (const key of alicesKeys) expect(res.body).not.toContain(key);
  });

  it("gives Alice working signed links to her files, and Bob's link stays his", async () => {
    const res = await list(alice.access, '?limit=30');
    const listed = rows(res);
    expect(listed.map((p) => p._id).sort()).toEqual([...alicesIds].sort());
    const withKey = listed.find((p) => p.receiptUrl?.includes(alicesKeys[0]!))!;
    expect((await fetchFile(app, withKey.receiptUrl!)).statusCode).toBe(200);
    // The stored link without its signature serves nothing.
    expect((await fetchFile(app, withKey.receiptUrl!.split('?')[0]!)).statusCode).toBe(403);
    expect(res.body).not.toContain(bobsReceipt.split('?')[0]!);
  });

  it("does not let Bob attach Alice's file to a request of his", async () => {
    const link = `http://127.0.0.1:3999/files/${alicesKeys[1]}`;
    const res = await client.post('/v1/purchase/add', bankBody(bankId, link), {
      token: bob.access,
    });
    expect(res.statusCode).toBe(400);
    expect((await list(bob.access)).json().data.totalResults).toBe(1);
  });
});

describe('GET /v1/purchase/getmypurchase: pages, sort and filters', () => {
  it('pages newest first, 10 a page by default', async () => {
    const first = await list(alice.access);
    expect(first.json().data).toMatchObject({
      page: 1,
      limit: 10,
      totalResults: 12,
      totalPages: 2,
    });
    expect(rows(first).map((p) => p._id)).toEqual([...alicesIds].reverse().slice(0, 10));

    const second = await list(alice.access, '?page=2&limit=10');
    expect(second.json().data).toMatchObject({
      page: 2,
      limit: 10,
      totalResults: 12,
      totalPages: 2,
    });
    expect(rows(second).map((p) => p._id)).toEqual([alicesIds[1], alicesIds[0]]);

    const beyond = await list(alice.access, '?page=3');
    expect(rows(beyond)).toEqual([]);
    expect(beyond.json().data.totalResults).toBe(12);
  });

  it('takes the page sizes 10, 15, 20, 25 and 30 only', async () => {
    for (const limit of [15, 20, 25, 30]) {
      const res = await list(alice.access, `?limit=${limit}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ limit, totalPages: 1 });
      expect(rows(res)).toHaveLength(12);
    }
    for (const limit of ['7', '0', '100', 'ten', '']) {
      const res = await list(alice.access, `?limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json().message).toBe(listQueryMessages.limit);
    }
    for (const page of ['0', '-1', 'abc', '1.5']) {
      const res = await list(alice.access, `?page=${page}`);
      expect(res.statusCode, page).toBe(400);
      expect(res.json().message).toBe(listQueryMessages.page);
    }
  });

  it('sorts by investment amount both ways', async () => {
    const amounts = (res: Awaited<ReturnType<typeof list>>) =>
      rows(res).map((p) => Number(p.investmentAmount));
    const up = amounts(await list(alice.access, '?limit=30&sort[price]=1'));
    expect(up).toHaveLength(12);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    expect(up[0]).toBe(83.33);
    const down = amounts(
      await list(alice.access, `?limit=30&${encodeURIComponent('sort[price]')}=-1`),
    );
    expect(down).toEqual([...up].reverse());
    const cheapestPage2 = await list(alice.access, '?limit=10&page=2&sort[price]=1');
    expect(amounts(cheapestPage2)).toEqual(up.slice(10));
    const bad = await list(alice.access, '?sort[price]=2');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(listQueryMessages.sort);
  });

  it('filters by status, with the count of the filtered list', async () => {
    await db
      .update(purchases)
      .set({ status: 1 })
      .where(inArray(purchases.id, [alicesIds[2]!, alicesIds[5]!, alicesIds[7]!]));
    await db.update(purchases).set({ status: 2 }).where(eq(purchases.id, alicesIds[3]!));

    const filter = (value: string) => `?filter[query]=${encodeURIComponent(value)}`;
    const accepted = await list(alice.access, filter('{"status":1}'));
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toMatchObject({ totalResults: 3, totalPages: 1 });
    expect(rows(accepted).map((p) => p._id)).toEqual([alicesIds[7], alicesIds[5], alicesIds[2]]);
    expect(rows(accepted).every((p) => p.status === 1)).toBe(true);

    const pending = await list(alice.access, `${filter('{"status":0}')}&limit=30`);
    expect(pending.json().data.totalResults).toBe(8);
    expect(rows(pending).every((p) => p.status === 0)).toBe(true);

    const reverted = await list(alice.access, filter('{"status":"4"}'));
    expect(reverted.json().data).toMatchObject({ totalResults: 0, totalPages: 0, data: [] });

    // Bob's list is filtered within his own requests only.
    expect((await list(bob.access, filter('{"status":1}'))).json().data.totalResults).toBe(0);
    expect((await list(alice.access, filter('{}'))).json().data.totalResults).toBe(12);
  });

  it("answers 400 'Invalid filter' for a malformed or unknown filter, never 500", async () => {
    for (const value of [
      '{status:1}',
      '{"status":',
      'null',
      '[1]',
      '"x"',
      '{"status":9}',
      '{"status":-1}',
      '{"status":true}',
      '{"userId":"x"}',
      '{"status":1,"x":2}',
    ]) {
      const res = await list(alice.access, `?filter[query]=${encodeURIComponent(value)}`);
      expect(res.statusCode, value).toBe(400);
      expect(res.json()).toMatchObject({
        code: 400,
        message: listQueryMessages.filter,
        data: null,
      });
    }
    const twice = await list(alice.access, '?filter[query]={}&filter[query]={}');
    expect(twice.statusCode).toBe(400);
  });
});
