import { count, eq } from 'drizzle-orm';
import { parseEther, parseUnits } from 'viem';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  cryptoPurchaseMessages,
  DECIMALS,
  MAX_OPEN_CRYPTO_ORDERS,
  messages,
  minimumPurchaseMessage,
  type CryptoCurrency,
} from '@tmc/shared';
import {
  affiliateEarnings,
  currencyRates,
  files,
  settings,
  transactions,
  users,
} from '../src/db/schema/index.ts';
import { guestPurchaseLimit } from '../src/modules/purchases/purchases.service.ts';
import { freshEmail, freshIp, PASSWORD, VERIFY_SUBJECT, verifiedUser } from './auth-helpers.ts';
import { readOrder, readSettings, useCryptoApp, type Buyer } from './crypto-helpers.ts';
import { counts, fetchFile, PDF, PNG, upload } from './purchases-helpers.ts';

const { devChain, app, db, box, client, tools, buyer: newBuyer } = useCryptoApp();
let buyer: Buyer;

// A buyer per test: each may hold only MAX_OPEN_CRYPTO_ORDERS open orders.
beforeEach(async () => {
  buyer = await newBuyer();
});

/**
 * `price` is the nominal amount plus a tag, at most 0.1% above it while few orders share the
 * amount, and an amount nobody types: ETH with 8 decimals, USDC with its 6, the last two not 0.
 */
function expectTagged(price: string, nominal: string, coin: CryptoCurrency) {
  const decimals = DECIMALS[coin];
  expect(price).toMatch(coin === 'ETH' ? /^\d+\.\d{6}[1-9]{2}0{10}$/ : /^\d+\.\d{4}[1-9]{2}$/);
  const quote = parseUnits(price, decimals);
  const base = parseUnits(nominal, decimals);
  expect(quote).toBeGreaterThan(base);
  expect(quote * 1000n).toBeLessThanOrEqual(base * 1001n);
}

const order = (body: object, token = buyer.access) =>
  client().post('/v1/purchase/add-crypto', body, { token });
const guestOrder = (body: object, ip?: string) =>
  client().post('/v1/purchase/add-crypto-noUser', body, { ip });

async function everything() {
  const [t] = await db().select({ n: count() }).from(transactions);
  return { ...(await counts(db())), transactions: t!.n };
}

async function refused(send: () => ReturnType<typeof order>, message: string) {
  const before = await everything();
  const res = await send();
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ code: 400, message, data: null });
  expect(await everything()).toEqual(before);
  return res;
}

describe('POST /v1/purchase/add-crypto', () => {
  it("answers a visitor with the spec's not-logged-in text", async () => {
    const res = await client().post('/v1/purchase/add-crypto', {
      investmentAmount: '0.05',
      currency: 'ETH',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(messages.notLoggedIn);
  });

  it('orders with ETH: a Pending request worth its AUD value and a Pending transaction quoting the exact wei', async () => {
    const before = Date.now();
    const res = await order({
      investmentAmount: '0.05',
      currency: 'ETH',
      userRemark: 'to the moon',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { userInfo, purchase, transaction } = res.json().data;
    expect(userInfo).toMatchObject({ _id: buyer.user._id, email: buyer.email });
    // 0.05 ETH at the seeded 0.0002 ETH per AUD is A$250; at A$0.02 a token, 12,500 tokens.
    expect(purchase).toMatchObject({
      status: 0,
      paymentMode: 1,
      currency: 'AUD',
      investmentAmount: '250.00',
      tokenAmount: '12500.000000000000000000',
      userAmount: '0.050000000000000000',
      userCurrency: 'ETH',
      bank: null,
      receiptUrl: null,
      receiptType: null,
      userRemark: 'to the moon',
    });
    expect(transaction).toEqual({
      _id: expect.any(String),
      createdAt: expect.any(String),
      price: expect.any(String),
      currency: 'ETH',
      tokenSymbol: 'ETH',
      tokenAmount: '12500.000000000000000000',
      userCurrency: 'ETH',
      userAmount: '0.050000000000000000',
      paymentStatus: 0,
      paymentMode: 1,
      txnHash: null,
      walletAddress: devChain().companyWallet,
      purchaseId: purchase._id,
      quoteExpiresAt: expect.any(String),
      stageId: purchase.stageId,
      stageName: purchase.stageName,
      received: null,
      missing: null,
    });
    expect(purchase.stageId).toEqual(expect.any(String));
    expectTagged(transaction.price, '0.05', 'ETH');
    const row = (await readOrder(db(), transaction._id)).transaction;
    expect(row.quoteBaseUnits).toBe(parseEther(transaction.price).toString());
    expect(transaction.quoteExpiresAt).toBe(row.quoteExpiresAt!.toISOString());
    const ttl = row.quoteExpiresAt!.getTime() - before;
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000 + 2000);
  });

  it('e-mails the order with the exact amount, the wallet, the deadline and its link (m2)', async () => {
    const res = await order({ investmentAmount: '0.05', currency: 'ETH' });
    expect(res.statusCode, res.body).toBe(201);
    const { purchase, transaction } = res.json().data;
    const exact = transaction.price.replace(/0+$/, '');
    const mail = await box().next(buyer.email, /send exactly/);
    expect(mail.subject).toBe(`Your TMC order ${purchase.reference}: send exactly ${exact} ETH`);
    const expires = new Date(transaction.quoteExpiresAt);
    const hhmm = `${String(expires.getUTCHours()).padStart(2, '0')}:${String(expires.getUTCMinutes()).padStart(2, '0')} UTC`;
    expect(mail.text).toContain(
      `To pay, send exactly ${exact} ETH to ${devChain().companyWallet} before`,
    );
    expect(mail.text).toContain(hhmm);
    expect(mail.text).toContain(`/presale-requests/${purchase._id}`);
    expect(mail.text).toContain('12,500.00 TMC (A$250.00)');
  });

  it('orders with USDC (a JSON number too), quoting 6-decimal units, for the quote time in the settings', async () => {
    await db().update(settings).set({ quoteTtlMinutes: 15 });
    try {
      const before = Date.now();
      const res = await order({ investmentAmount: 32.5, currency: 'usdc' });
      expect(res.statusCode, res.body).toBe(201);
      const { purchase, transaction } = res.json().data;
      // 32.5 USDC at 0.65 per AUD is exactly the A$50 minimum.
      expect(purchase).toMatchObject({
        investmentAmount: '50.00',
        tokenAmount: '2500.000000000000000000',
        userAmount: '32.500000',
        userCurrency: 'USDC',
      });
      expect(transaction).toMatchObject({ currency: 'USDC', tokenSymbol: 'USDC' });
      expectTagged(transaction.price, '32.5', 'USDC');
      const row = (await readOrder(db(), transaction._id)).transaction;
      expect(row.quoteBaseUnits).toBe(parseUnits(transaction.price, 6).toString());
      expect(row.quoteExpiresAt!.getTime() - before).toBeLessThanOrEqual(15 * 60_000 + 2000);
      expect(row.quoteExpiresAt!.getTime() - before).toBeGreaterThan(14 * 60_000);
    } finally {
      await db().update(settings).set({ quoteTtlMinutes: 60 });
    }
  });

  it('computes the AUD value and token amount itself, whatever the client sends', async () => {
    const res = await order({
      investmentAmount: '0.011',
      currency: 'ETH',
      tokenAmount: '99999999',
      investmentAud: '1000000',
      userAmount: '5',
      userCurrency: 'USD',
      price: '0.000001',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { purchase, transaction } = res.json().data;
    expect(purchase).toMatchObject({
      investmentAmount: '55.00',
      tokenAmount: '2750.000000000000000000',
      userAmount: '0.011000000000000000',
      userCurrency: 'ETH',
    });
    expect(transaction).toMatchObject({ tokenAmount: '2750.000000000000000000' });
    expectTagged(transaction.price, '0.011', 'ETH');
  });

  it('quotes every open order of a coin its own exact amount, however many order the same', async () => {
    const prices = new Set<string>();
    for (let i = 0; i < 12; i++) {
      if (i % MAX_OPEN_CRYPTO_ORDERS === 0) buyer = await newBuyer();
      const res = await order({ investmentAmount: '0.05', currency: 'ETH' });
      expect(res.statusCode, res.body).toBe(201);
      prices.add(res.json().data.transaction.price as string);
    }
    expect(prices.size).toBe(12);
  });

  it('quotes ETH an amount nobody types by mistake, each order its own', async () => {
    const quotes = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const res = await order({ investmentAmount: '0.01', currency: 'ETH' });
      expect(res.statusCode, res.body).toBe(201);
      const { price } = res.json().data.transaction as { price: string };
      expectTagged(price, '0.01', 'ETH');
      quotes.add(price);
    }
    expect(quotes.size).toBe(4);
    // A nominal amount with more decimals gets a quote above it, still within 0.1%.
    const res = await order({ investmentAmount: '0.0500000000001', currency: 'ETH' });
    expect(res.statusCode, res.body).toBe(201);
    expectTagged(res.json().data.transaction.price, '0.0500000000001', 'ETH');
  });

  it(`caps open orders at ${MAX_OPEN_CRYPTO_ORDERS} a buyer; an order whose quote expired no longer counts`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < MAX_OPEN_CRYPTO_ORDERS; i++) {
      const res = await order({ investmentAmount: '100', currency: 'USDC' });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().data.transaction._id as string);
    }
    await refused(
      () => order({ investmentAmount: '0.05', currency: 'ETH' }),
      cryptoPurchaseMessages.tooManyOpenOrders,
    );
    await db()
      .update(transactions)
      .set({ quoteExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(transactions.id, ids[0]!));
    expect((await order({ investmentAmount: '0.05', currency: 'ETH' })).statusCode).toBe(201);
    await refused(
      () => order({ investmentAmount: '0.05', currency: 'ETH' }),
      cryptoPurchaseMessages.tooManyOpenOrders,
    );
  });

  it('rounds the AUD value to the cent and never gives a fraction of a token more than paid for', async () => {
    await db().update(currencyRates).set({ rate: '0.000300' }).where(eq(currencyRates.code, 'ETH'));
    try {
      const res = await order({ investmentAmount: '0.0173', currency: 'ETH' });
      expect(res.statusCode, res.body).toBe(201);
      // 0.0173 / 0.0003 = 57.666… → A$57.67; 57.67 / 0.02 = 2883.5 tokens.
      expect(res.json().data.purchase).toMatchObject({
        investmentAmount: '57.67',
        tokenAmount: '2883.500000000000000000',
      });
    } finally {
      await db().update(currencyRates).set({ rate: '0.0002' }).where(eq(currencyRates.code, 'ETH'));
    }
  });

  it('applies the minimum purchase to the AUD value', async () => {
    // 0.0099 ETH is A$49.50.
    await refused(
      () => order({ investmentAmount: '0.0099', currency: 'ETH' }),
      minimumPurchaseMessage('50'),
    );
    await refused(
      () => order({ investmentAmount: '32.49', currency: 'USDC' }),
      minimumPurchaseMessage('50'),
    );
  });

  it('checks the amount and the currency with the spec messages, and creates nothing', async () => {
    for (const investmentAmount of [undefined, '', '0', '0.000', '-1', 'abc', '1e3', null])
      await refused(() => order({ investmentAmount, currency: 'ETH' }), messages.investmentAmount);
    for (const currency of [undefined, '', 'AUD', 'BTC', 5])
      await refused(() => order({ investmentAmount: '0.05', currency }), messages.cryptoCurrency);
    await refused(
      () => order({ investmentAmount: '100.1234567', currency: 'USDC' }),
      cryptoPurchaseMessages.tooManyDecimals('USDC'),
    );
    await refused(
      () => order({ investmentAmount: `0.${'1'.repeat(19)}`, currency: 'ETH' }),
      cryptoPurchaseMessages.tooManyDecimals('ETH'),
    );
    await refused(
      () => order({ investmentAmount: '1'.repeat(30), currency: 'ETH' }),
      'The amount is too large',
    );
  });

  it('takes an optional screenshot, claimed for the request and served only by signed URL', async () => {
    const shot = await upload(app(), { contentType: 'image/png', bytes: PNG });
    const res = await order({
      investmentAmount: '0.05',
      currency: 'ETH',
      receiptUrl: shot.link,
      receiptType: 'image',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { purchase } = res.json().data;
    expect(purchase.receiptType).toBe('image');
    expect(purchase.receiptUrl).toContain('?');
    expect((await fetchFile(app(), purchase.receiptUrl)).statusCode).toBe(200);
    const [file] = await db().select().from(files).where(eq(files.key, shot.key));
    expect(file).toMatchObject({ purchaseId: purchase._id, ownerId: buyer.user._id });

    // Used once only; a screenshot needs its type; the bytes must be what the type says.
    await refused(
      () =>
        order({
          investmentAmount: '0.05',
          currency: 'ETH',
          receiptUrl: shot.link,
          receiptType: 'image',
        }),
      'receiptUrl: this file is already attached to another request',
    );
    const other = await upload(app());
    await refused(
      () => order({ investmentAmount: '0.05', currency: 'ETH', receiptUrl: other.link }),
      messages.receiptType,
    );
    const text = await upload(app(), { contentType: 'application/pdf', bytes: PDF });
    await refused(
      () =>
        order({
          investmentAmount: '0.05',
          currency: 'ETH',
          receiptUrl: text.link,
          receiptType: 'image',
        }),
      'receiptUrl: the file is not a valid image',
    );
    // An empty screenshot field means none.
    const none = await order({
      investmentAmount: '0.05',
      currency: 'ETH',
      receiptUrl: '',
      receiptType: '',
    });
    expect(none.statusCode, none.body).toBe(201);
  });
});

describe('POST /v1/purchase/add-crypto-noUser', () => {
  it("'Create new account': makes the account, signs it in at once and files the order under it", async () => {
    const email = freshEmail('crypto-guest');
    const res = await guestOrder({
      investmentAmount: '0.05',
      currency: 'ETH',
      email,
      password: PASSWORD,
      name: 'Satoshi',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { userInfo, purchase, transaction, data } = res.json().data;
    expect(userInfo).toMatchObject({ email, name: 'Satoshi', emailVerified: false });
    expect(data.user).toMatchObject({ _id: userInfo._id });
    expect(purchase).toMatchObject({ status: 0, investmentAmount: '250.00' });
    expect(transaction).toMatchObject({
      paymentStatus: 0,
      purchaseId: purchase._id,
      walletAddress: devChain().companyWallet,
    });
    const mine = await client().get('/v1/transaction/getUserTransaction', {
      token: data.tokens.access.token,
    });
    expect(mine.json().data.data.map((t: { _id: string }) => t._id)).toEqual([transaction._id]);
    await box().next(email, VERIFY_SUBJECT);
  });

  it("'Login to proceed': files the order under the account whose password is given", async () => {
    const owner = await verifiedUser(app(), box());
    const res = await guestOrder({
      investmentAmount: '100',
      currency: 'USDC',
      email: owner.email,
      password: owner.password,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.userInfo._id).toBe(owner.user._id);
    expect(res.json().data.data.tokens.access.token).toEqual(expect.any(String));
    await refused(
      () =>
        guestOrder({
          investmentAmount: '100',
          currency: 'USDC',
          email: owner.email,
          password: 'wrong password',
        }),
      messages.badCredentials,
    );
  });

  it('checks the visitor fields with the spec messages and leaves no account behind a refused order', async () => {
    const email = freshEmail('crypto-refused');
    const body = {
      investmentAmount: '0.05',
      currency: 'ETH',
      email,
      password: PASSWORD,
      name: 'Nobody',
    };
    await refused(() => guestOrder({ ...body, email: undefined }), messages.guestEmail);
    await refused(() => guestOrder({ ...body, password: undefined }), messages.guestPassword);
    await refused(() => guestOrder({ ...body, name: ' ' }), messages.guestName);
    await refused(() => guestOrder({ ...body, password: 'short' }), messages.signupPassword);
    await refused(
      () => guestOrder({ ...body, investmentAmount: '0.001' }),
      minimumPurchaseMessage('50'),
    );
    await refused(() => guestOrder({ ...body, currency: 'AUD' }), messages.cryptoCurrency);
    expect((await db().select().from(users).where(eq(users.email, email))).length).toBe(0);
  });

  it('is rate limited per address', async () => {
    const ip = freshIp();
    // Several accounts, so that the cap on open orders a buyer does not come first.
    const owners = await Promise.all(
      Array.from({ length: 1 + guestPurchaseLimit.limit / MAX_OPEN_CRYPTO_ORDERS }, () =>
        verifiedUser(app(), box()),
      ),
    );
    const body = (i: number) => ({
      investmentAmount: '100',
      currency: 'USDC',
      email: owners[Math.floor(i / MAX_OPEN_CRYPTO_ORDERS)]!.email,
      password: PASSWORD,
    });
    for (let i = 0; i < guestPurchaseLimit.limit; i++)
      expect((await guestOrder(body(i), ip)).statusCode).toBe(201);
    expect((await guestOrder(body(guestPurchaseLimit.limit), ip)).statusCode).toBe(429);
  });
});

describe('ordering, paying and verifying', () => {
  it("a referred visitor orders, pays with a dev account and verifies: Success, Accepted, raised, and the affiliate's earning", async () => {
    const affiliate = await verifiedUser(app(), box(), { name: 'Affiliate' });
    const code = (
      await client().post('/v1/auth/become-affiliate', {}, { token: affiliate.access })
    ).json().data.user.affiliateCode as string;
    const email = freshEmail('referred-crypto');
    const placed = await guestOrder({
      investmentAmount: '0.05',
      currency: 'ETH',
      email,
      password: PASSWORD,
      name: 'Referred',
      referralCode: code,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { transaction, purchase, data } = placed.json().data;
    const token = data.tokens.access.token as string;
    // Rates moving after the order do not change what it is worth.
    await db().update(currencyRates).set({ rate: '0.0001' }).where(eq(currencyRates.code, 'ETH'));
    const before = await readSettings(db());
    try {
      const payment = await tools().pay('ETH', transaction.price as string, { fromIndex: 6 });
      const verified = await client().post(
        `/v1/transaction/verify-crypto-pay/${transaction._id}`,
        { txnHash: payment.hash },
        { token },
      );
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json().data.transaction).toMatchObject({
        paymentStatus: 1,
        txnHash: payment.hash,
      });

      const list = await client().get('/v1/transaction/getUserTransaction', { token });
      expect(list.json().data.data[0]).toMatchObject({
        _id: transaction._id,
        paymentStatus: 1,
        txnHash: payment.hash,
      });
      const requests = await client().get('/v1/purchase/getmypurchase', { token });
      expect(requests.json().data.data[0]).toMatchObject({
        _id: purchase._id,
        status: 1,
        investmentAmount: '250.00',
      });
      const after = await readSettings(db());
      expect(Number(after.raisedAud) - Number(before.raisedAud)).toBe(250);

      const earnings = await db()
        .select()
        .from(affiliateEarnings)
        .where(eq(affiliateEarnings.purchaseId, purchase._id));
      expect(earnings).toHaveLength(1);
      expect(earnings[0]).toMatchObject({
        affiliateId: affiliate.user._id,
        tier: 1,
        affiliateEarning: '50.00',
        paymentMode: 1,
      });
      expect((await box().next(email, /payment is verified/)).text).toContain('12,500.00 TMC');
      await box().next(affiliate.email, /referral/);
    } finally {
      await db().update(currencyRates).set({ rate: '0.0002' }).where(eq(currencyRates.code, 'ETH'));
    }
  });
});
