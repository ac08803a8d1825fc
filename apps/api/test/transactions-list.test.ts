import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPaymentMessages } from '@tmc/shared';
import { listQueryMessages } from '../src/lib/list-query.ts';
import type { Db } from '../src/db/client.ts';
import { transactions } from '../src/db/schema/index.ts';
import { api, mailbox, verifiedUser, type Mailbox } from './auth-helpers.ts';
import { expectUntouched, insertCryptoOrder, readSettings } from './crypto-helpers.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { buildTestApp, TEST_CHAIN } from './test-app.ts';

let app: FastifyInstance;
let db: Db;
let sink: SmtpSink;
let box: Mailbox;
let client: ReturnType<typeof api>;
let owner: Awaited<ReturnType<typeof verifiedUser>>;
let other: Awaited<ReturnType<typeof verifiedUser>>;

/** Created one minute apart, oldest first: [price, currency, status, mode]. */
const ROWS = [
  ['120.50', 'AUD', 1, 0],
  ['0.05', 'ETH', 0, 1],
  ['300', 'USDC', 1, 1],
  ['75', 'AUD', 3, 0],
  ['0.2', 'ETH', 2, 1],
  ['1000', 'AUD', 1, 0],
  ['60', 'USDC', 0, 1],
  ['0.011', 'ETH', 1, 1],
  ['55.25', 'AUD', 0, 0],
  ['250', 'USDC', 1, 1],
  ['0.5', 'ETH', 1, 1],
  ['99.99', 'AUD', 2, 0],
] as const;
const START = Date.parse('2025-01-01T00:00:00Z');

beforeAll(async () => {
  sink = await startSmtpSink();
  ({ app, db } = await buildTestApp({ env: { SMTP_URL: sink.url } }));
  box = mailbox(sink);
  client = api(app);
  owner = await verifiedUser(app, box);
  other = await verifiedUser(app, box);
  await db.insert(transactions).values(
    ROWS.map(([price, currency, paymentStatus, paymentMode], i) => ({
      userId: owner.user._id,
      price,
      currency,
      tokenSymbol: currency === 'AUD' ? 'TMC' : currency,
      tokenAmount: '1000',
      userAmount: currency === 'AUD' ? '80' : price,
      userCurrency: currency === 'AUD' ? 'USD' : currency,
      paymentStatus,
      paymentMode,
      walletAddress: paymentMode === 1 ? TEST_CHAIN.companyWallet : null,
      txnHash: paymentStatus === 1 && paymentMode === 1 ? `0x${String(i).padStart(64, '0')}` : null,
      createdAt: new Date(START + i * 60_000),
    })),
  );
  // Someone else's, newer than all of the owner's: never in the owner's list.
  await insertCryptoOrder(db, {
    userId: other.user._id,
    coin: 'ETH',
    amount: '0.3',
    companyWallet: TEST_CHAIN.companyWallet,
  });
});
afterAll(async () => {
  await app.close();
  await sink.stop();
});

const list = (query = '', token = owner.access) =>
  client.get(`/v1/transaction/getUserTransaction${query}`, { token });
const q = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;
const prices = (res: Awaited<ReturnType<typeof list>>) =>
  (res.json().data.data as { price: string; currency: string }[]).map(
    (t) => `${Number(t.price)} ${t.currency}`,
  );

describe('GET /v1/transaction/getUserTransaction', () => {
  it('needs a signed-in user', async () => {
    expect((await client.get('/v1/transaction/getUserTransaction')).statusCode).toBe(401);
  });

  it("lists only the caller's transactions, newest first, 10 to a page, as API.md's Transaction", async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ page: 1, limit: 10, totalResults: 12, totalPages: 2 });
    expect(page.data).toHaveLength(10);
    expect(prices(res).slice(0, 3)).toEqual(['99.99 AUD', '0.5 ETH', '250 USDC']);
    expect(page.data[0]).toEqual({
      _id: expect.any(String),
      createdAt: new Date(START + 11 * 60_000).toISOString(),
      price: '99.99',
      currency: 'AUD',
      tokenSymbol: 'TMC',
      tokenAmount: '1000.000000000000000000',
      userCurrency: 'USD',
      userAmount: '80.00',
      paymentStatus: 2,
      paymentMode: 0,
      txnHash: null,
      walletAddress: null,
      purchaseId: null,
      quoteExpiresAt: null,
      stageId: null,
      stageName: null,
      received: null,
      missing: null,
    });
    expect(page.data[1]).toMatchObject({
      price: '0.500000000000000000',
      tokenSymbol: 'ETH',
      walletAddress: TEST_CHAIN.companyWallet,
      txnHash: `0x${'10'.padStart(64, '0')}`,
    });
    expect(page.data[2]).toMatchObject({ price: '250.000000', tokenSymbol: 'USDC' });

    const theirs = await list('', other.access);
    expect(theirs.json().data).toMatchObject({ totalResults: 1, totalPages: 1 });
    expect(theirs.json().data.data).toMatchObject([
      // The quote: 0.3 ETH plus a tag within 0.1%, 8 decimals, the last two not 0.
      { currency: 'ETH', price: expect.stringMatching(/^0\.300\d{3}[1-9]{2}0{10}$/) },
    ]);
  });

  it('pages in the database', async () => {
    const second = await list(q({ page: '2', limit: '10' }));
    expect(second.json().data).toMatchObject({
      page: 2,
      limit: 10,
      totalResults: 12,
      totalPages: 2,
    });
    expect(prices(second)).toEqual(['0.05 ETH', '120.5 AUD']);
    const bigger = await list(q({ limit: '15' }));
    expect(bigger.json().data.data).toHaveLength(12);
    const beyond = await list(q({ page: '3' }));
    expect(beyond.json().data).toMatchObject({ page: 3, totalResults: 12, data: [] });
  });

  it('filters by payment status and payment mode, alone or together, numbers or digits', async () => {
    const pending = await list(q({ 'filter[query]': JSON.stringify({ paymentStatus: 0 }) }));
    expect(prices(pending)).toEqual(['55.25 AUD', '60 USDC', '0.05 ETH']);
    const crypto = await list(q({ 'filter[query]': JSON.stringify({ paymentMode: 1 }) }));
    expect(crypto.json().data.totalResults).toBe(7);
    const successfulBank = await list(
      q({ 'filter[query]': JSON.stringify({ paymentStatus: '1', paymentMode: '0' }) }),
    );
    expect(prices(successfulBank)).toEqual(['1000 AUD', '120.5 AUD']);
    const refunded = await list(
      q({ 'filter[query]': JSON.stringify({ paymentStatus: 3, paymentMode: null }) }),
    );
    expect(prices(refunded)).toEqual(['75 AUD']);
    const none = await list(q({ 'filter[query]': '{}' }));
    expect(none.json().data.totalResults).toBe(12);
  });

  it('sorts by price either way, with the filter', async () => {
    const ascending = await list(
      q({ 'sort[price]': '1', 'filter[query]': JSON.stringify({ paymentMode: 0 }) }),
    );
    expect(prices(ascending)).toEqual([
      '55.25 AUD',
      '75 AUD',
      '99.99 AUD',
      '120.5 AUD',
      '1000 AUD',
    ]);
    // These crypto rows belong to no request, so have no AUD value: they come last, newest first.
    const descending = await list(q({ 'sort[price]': '-1', limit: '15' }));
    expect(prices(descending).slice(0, 3)).toEqual(['1000 AUD', '120.5 AUD', '99.99 AUD']);
    expect(prices(descending).at(-1)).toBe('0.05 ETH');
  });

  it('sorts payments in different currencies by their AUD value, not their raw amounts', async () => {
    const buyer = await verifiedUser(app, box);
    const order = (coin: 'ETH' | 'USDC', amount: string, minutes: number) =>
      insertCryptoOrder(db, {
        userId: buyer.user._id,
        coin,
        amount,
        companyWallet: TEST_CHAIN.companyWallet,
        createdAt: new Date(START + minutes * 60_000),
      });
    const eth = await order('ETH', '0.05', 1);
    const usdc = await order('USDC', '100', 2);
    await db.insert(transactions).values({
      userId: buyer.user._id,
      price: '200',
      currency: 'AUD',
      tokenSymbol: 'TMC',
      tokenAmount: '1000',
      paymentStatus: 0,
      paymentMode: 0,
      createdAt: new Date(START + 3 * 60_000),
    });
    const worth = [
      [Number(eth.purchase.investmentAmount), 'ETH'],
      [Number(usdc.purchase.investmentAmount), 'USDC'],
      [200, 'AUD'],
    ] as const;
    const cheapestFirst = [...worth].sort((a, b) => a[0] - b[0]).map(([, label]) => label);
    // The raw amounts would put 0.05 ETH first whatever it is worth.
    expect(cheapestFirst).not.toEqual(['ETH', 'USDC', 'AUD']);

    // Each crypto price carries its order's unique tag in the last digits: compare currencies.
    const currencies = (res: Awaited<ReturnType<typeof list>>) =>
      (res.json().data.data as { currency: string }[]).map((t) => t.currency);
    const ascending = await list(q({ 'sort[price]': '1' }), buyer.access);
    expect(currencies(ascending)).toEqual(cheapestFirst);
    const descending = await list(q({ 'sort[price]': '-1' }), buyer.access);
    expect(currencies(descending)).toEqual([...cheapestFirst].reverse());
  });

  it('answers 400, never 500, for a bad page size, sort or filter', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ limit: '11' }, listQueryMessages.limit],
      [{ page: '0' }, listQueryMessages.page],
      [{ 'sort[price]': 'up' }, listQueryMessages.sort],
      [{ 'filter[query]': '{paymentStatus:1' }, listQueryMessages.filter],
      [{ 'filter[query]': '[1]' }, listQueryMessages.filter],
      [{ 'filter[query]': JSON.stringify({ paymentStatus: 4 }) }, listQueryMessages.filter],
      [{ 'filter[query]': JSON.stringify({ paymentMode: 2 }) }, listQueryMessages.filter],
      [{ 'filter[query]': JSON.stringify({ userId: other.user._id }) }, listQueryMessages.filter],
    ];
    for (const [params, message] of cases) {
      const res = await list(q(params));
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});

describe('POST /v1/transaction/verify-crypto-pay when the chain cannot be reached', () => {
  it('answers 503 and leaves the order Pending', async () => {
    // This app's chain client points at a port where nothing listens.
    const { transaction } = await insertCryptoOrder(db, {
      userId: owner.user._id,
      coin: 'ETH',
      amount: '0.05',
      companyWallet: TEST_CHAIN.companyWallet,
    });
    const before = (await readSettings(db)).raisedAud;
    const res = await client.post(
      `/v1/transaction/verify-crypto-pay/${transaction.id}`,
      { txnHash: `0x${'cd'.repeat(32)}` },
      { token: owner.access },
    );
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 503,
      message: verifyPaymentMessages.chainUnavailable,
      data: null,
    });
    await expectUntouched(db, transaction.id, before);
  });
});
