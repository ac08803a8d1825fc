import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { DeclaredRoute } from '../src/app.ts';
import { purchaseMessages } from '@tmc/shared';
import { identityReviews, unmatchedPayments, userTotp } from '../src/db/schema/index.ts';
import {
  ageEarnings,
  as,
  decide,
  insertBankPurchase,
  people,
  type Person,
} from './affiliates-helpers.ts';
import {
  freshEmail,
  PASSWORD,
  RESET_SUBJECT,
  VERIFY_SUBJECT,
  verifiedUser,
} from './auth-helpers.ts';
import { due, proveWallet, useCryptoApp } from './crypto-helpers.ts';
import { audBankId, bankBody, bankOrderBody, upload } from './purchases-helpers.ts';
import { ENROLMENT_SUBJECT, totpCode } from './staff-helpers.ts';
import { sampleBody, type Overrides } from './zod-arbitrary.ts';

/**
 * The other half of the fuzz suite: every documented write operation, found in the app's route
 * table, is sent bodies generated from the zod schema it declares (with the session it needs and
 * the real ids, codes and amounts its rules check), until it succeeds. The test counts the
 * successful answers per operation, prints them, and fails on an operation that never succeeded
 * or that has no generator here (a new route must get one).
 * FUZZ_SEED repeats a run (the seed is printed); FUZZ_WRITE_TRIES changes the tries per operation.
 */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20261126;
const TRIES = process.env.FUZZ_WRITE_TRIES ? Number(process.env.FUZZ_WRITE_TRIES) : 3;

const { app, db, config, box, client, tools, devChain, order } = useCryptoApp();

/** What one try of an operation sends: who, the path's ids, and the body fields that must be real. */
interface Attempt {
  token?: string;
  params?: Record<string, string>;
  body?: Overrides;
  ip?: string;
}
type Generator = () => Promise<Attempt>;

let staff: Person;
let person: ReturnType<typeof people>;
let bankId: string;
let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `192.0.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

beforeAll(async () => {
  person = people(db(), config());
  staff = await person({ role: 'admin' });
  bankId = await audBankId(app());
});

const userWithPassword = () => verifiedUser(app(), box());

/** A staff account with a verified e-mail and no authenticator yet (as after a promotion). */
async function newStaff() {
  const p = await person({ role: 'admin', secondFactor: false });
  await db().delete(userTotp).where(eq(userTotp.userId, p.id));
  return p;
}

async function enrolmentLink(p: Person) {
  const res = await client().post('/v1/auth/totp/enrolment-link', {}, { token: p.token });
  expect(res.statusCode, res.body).toBe(200);
  const mail = await box().next(p.email, ENROLMENT_SUBJECT);
  return /#token=([\w-]+)/.exec(mail.text)![1]!;
}

async function unverifiedSignup() {
  const email = freshEmail('fz');
  const res = await client().post('/v1/auth/signup', { email, name: 'Fuzz', password: PASSWORD });
  expect(res.statusCode, res.body).toBe(201);
  return { email, otp: await box().nextCode(email, VERIFY_SUBJECT) };
}

async function resetCode(email: string) {
  expect((await client().post('/v1/auth/forgetPasswordOTP', { email })).statusCode).toBe(200);
  return box().nextCode(email, RESET_SUBJECT);
}

const guest = () => ({
  email: freshEmail('fz-guest'),
  password: 'guest password 1',
  name: fc.string({ unit: fc.constantFrom(...'abcdefghij '), minLength: 1, maxLength: 20 }),
  referralCode: undefined,
});

async function listedPayment(ether = '0.0512') {
  const [row] = await db()
    .insert(unmatchedPayments)
    .values({
      txnHash: `0x${randomBytes(32).toString('hex')}`,
      coin: 'ETH',
      fromAddress: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
      toAddress: devChain().companyWallet,
      amountBaseUnits: parseEther(ether).toString(),
      blockNumber: 42n,
      blockTime: new Date(),
      reason: 'unknown',
    })
    .returning();
  return row!;
}

const onlyFields = (keep: Record<string, unknown>, all: string[]): Overrides =>
  Object.fromEntries(all.map((key) => [key, key in keep ? keep[key] : undefined]));

/** One generator per documented write operation, keyed `METHOD /path` as the route table has it. */
const generators: Record<string, Generator> = {
  'POST /v1/auth/signup': async () => ({
    body: { email: freshEmail('fz'), referralCode: undefined },
  }),
  'POST /v1/auth/otpVerification': async () => {
    const { email, otp } = await unverifiedSignup();
    return { body: { email, otp, password: undefined } };
  },
  'POST /v1/auth/complete-signup': async () => {
    const { email, otp } = await unverifiedSignup();
    const verified = await client().post('/v1/auth/otpVerification', { email, otp });
    return {
      body: { email, token: verified.json().data.setPasswordToken, referralCode: undefined },
    };
  },
  'POST /v1/auth/resendOTP': async () => ({ body: { email: freshEmail('fz') } }),
  'POST /v1/auth/login': async () => {
    const u = await userWithPassword();
    return {
      body: { email: u.email, password: u.password, totp: undefined, recoveryCode: undefined },
    };
  },
  'POST /v1/auth/refresh-tokens': async () => ({
    body: { refreshToken: (await userWithPassword()).refresh },
  }),
  'POST /v1/auth/logout': async () => ({
    body: { refreshToken: (await userWithPassword()).refresh },
  }),
  'POST /v1/auth/forgetPasswordOTP': async () => ({ body: { email: freshEmail('fz') } }),
  'POST /v1/auth/forgetOTPVerfication': async () => {
    const u = await userWithPassword();
    return { body: { email: u.email, otp: await resetCode(u.email) } };
  },
  'POST /v1/auth/forgetPassword': async () => {
    const u = await userWithPassword();
    const otp = await resetCode(u.email);
    const checked = await client().post('/v1/auth/forgetOTPVerfication', { email: u.email, otp });
    return { body: { email: u.email, resetToken: checked.json().data.resetToken } };
  },
  'POST /v1/auth/mailbox-proof': async () => {
    const u = await userWithPassword();
    for (let i = 0; i < 10; i++) {
      if (i % 5 === 0) {
        // The one-minute resend wait, passed.
        await db().execute(
          sql`update otp_codes set created_at = now() - interval '2 minutes' where email = ${u.email}`,
        );
        await resetCode(u.email);
      }
      await client().post(
        '/v1/auth/forgetOTPVerfication',
        { email: u.email, otp: 'xxxxxx'.replace(/x/g, () => String(i % 10)) },
        { ip: nextIp() },
      );
    }
    const mail = await box().next(u.email, /Too many wrong TMC codes/);
    return { body: { token: /#token=([\w-]+)/.exec(mail.text)![1]! } };
  },
  'POST /v1/auth/totp/enrolment-link': async () => ({ token: (await newStaff()).token }),
  'POST /v1/auth/totp/setup': async () => {
    const p = await newStaff();
    return { token: p.token, body: { token: await enrolmentLink(p) } };
  },
  'POST /v1/auth/totp/confirm': async () => {
    const p = await newStaff();
    const setup = await client().post(
      '/v1/auth/totp/setup',
      { token: await enrolmentLink(p) },
      { token: p.token },
    );
    return { token: p.token, body: { totp: totpCode(setup.json().data.secret as string) } };
  },
  'POST /v1/auth/become-affiliate': async () => ({ token: (await userWithPassword()).access }),
  'POST /v1/auth/update-wallet': async () => {
    const u = await userWithPassword();
    return {
      token: u.access,
      body: { walletAddress: fc.stringMatching(/^0x[0-9a-f]{40}$/), password: u.password },
    };
  },
  'POST /v1/account/wallets/nonce': async () => ({
    token: (await userWithPassword()).access,
    body: { address: privateKeyToAccount(generatePrivateKey()).address },
  }),
  'POST /v1/account/wallets/prove': async () => {
    const u = await userWithPassword();
    const wallet = privateKeyToAccount(generatePrivateKey());
    const issued = await client().post(
      '/v1/account/wallets/nonce',
      { address: wallet.address },
      { token: u.access },
    );
    expect(issued.statusCode, issued.body).toBe(201);
    const message = issued.json().data.message as string;
    return { token: u.access, body: { message, signature: await wallet.signMessage({ message }) } };
  },
  'POST /v1/affiliate/payout-destination': async () => {
    const u = await userWithPassword();
    const joined = await client().post('/v1/auth/become-affiliate', {}, { token: u.access });
    expect(joined.statusCode, joined.body).toBe(200);
    return {
      token: u.access,
      body: {
        kind: 'wallet',
        walletAddress: privateKeyToAccount(generatePrivateKey()).address,
        password: u.password,
      },
    };
  },
  'POST /v1/affiliate/click': async () => {
    const affiliate = await person({ affiliate: true });
    return { body: { referralCode: affiliate.affiliateCode! }, ip: nextIp() };
  },
  'POST /v1/upload-file': async () => ({
    body: {
      contentType: fc.constantFrom('image/png', 'image/jpeg', 'application/pdf'),
      size: fc.integer({ min: 1, max: 1_000_000 }),
    },
    ip: nextIp(),
  }),
  'POST /v1/purchase/add': async () => {
    const u = await userWithPassword();
    return {
      token: u.access,
      body: { ...bankBody(bankId, (await upload(app())).link), ...noDocuments },
    };
  },
  'POST /v1/purchase/add-noUser': async () => ({
    body: { ...bankBody(bankId, (await upload(app())).link), ...noDocuments, ...guest() },
    ip: nextIp(),
  }),
  'POST /v1/purchase/bank-order': async () => ({
    token: (await userWithPassword()).access,
    body: { ...bankOrderBody(bankId), ...noDocuments },
  }),
  'POST /v1/purchase/bank-order-noUser': async () => ({
    body: { ...bankOrderBody(bankId), ...noDocuments, ...guest() },
    ip: nextIp(),
  }),
  'POST /v1/purchase/add-crypto': async () => ({
    token: (await userWithPassword()).access,
    body: cryptoOrder,
  }),
  'POST /v1/purchase/add-crypto-noUser': async () => ({
    body: { ...cryptoOrder, ...guest() },
    ip: nextIp(),
  }),
  'POST /v1/purchase/:id/receipt': async () => {
    const u = await userWithPassword();
    const placed = await client().post('/v1/purchase/bank-order', bankOrderBody(bankId), {
      token: u.access,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    return {
      token: u.access,
      params: { id: placed.json().data.purchase._id as string },
      body: { receiptUrl: (await upload(app())).link, receiptType: 'image' },
    };
  },
  'POST /v1/purchase/:id/cancel': async () => {
    const u = await userWithPassword();
    const placed = await client().post('/v1/purchase/bank-order', bankOrderBody(bankId), {
      token: u.access,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    return { token: u.access, params: { id: placed.json().data.purchase._id as string } };
  },
  'POST /v1/transaction/verify-crypto-pay/:transactionId': async () => {
    const u = await userWithPassword();
    const { transaction } = await order(u, 'ETH', '0.05');
    const payment = await tools().pay('ETH', due(transaction), { fromIndex: 2 });
    return {
      token: u.access,
      params: { transactionId: transaction.id },
      body: { txnHash: payment.hash },
    };
  },
  'PUT /v1/admin/settings': async () => ({
    token: staff.token,
    // Only fields that leave the other operations' orders possible.
    body: onlyFields(
      {
        whitePaperUrl: fc.constantFrom('/white-paper', 'https://example.com/tmc.pdf'),
        deliveryStatement: fc.option(fc.string({ minLength: 1, maxLength: 80 }), { nil: null }),
        tokenName: fc.constantFrom('TMC', 'The Meme Coin'),
      },
      SETTINGS_FIELDS,
    ),
  }),
  'PUT /v1/admin/currency-rates': async () => ({
    token: staff.token,
    // EUR keeps its seeded rate: the bank orders above are priced in EUR.
    body: { rates: fc.record({ EUR: fc.constant('0.6'), USD: fc.constantFrom('0.65', '0.66') }) },
  }),
  'POST /v1/admin/banks': async () => ({
    token: staff.token,
    body: { currency: fc.constantFrom('USD', 'EUR', 'GBP'), active: false },
  }),
  'PATCH /v1/admin/banks/:id': async () => ({
    token: staff.token,
    params: { id: await newBank() },
    body: { currency: undefined, active: false },
  }),
  'DELETE /v1/admin/banks/:id': async () => ({
    token: staff.token,
    params: { id: await newBank() },
  }),
  // Scheduled a year ahead: the active stage keeps selling to the other operations.
  'POST /v1/admin/stages': async () => ({
    token: staff.token,
    body: {
      priceAud: fc.constantFrom('0.05', '0.1'),
      tokenCap: fc.constantFrom('1000', '2500.5'),
      startsAt: fc.constant(LATER),
      endsAt: fc.constantFrom(null, undefined),
    },
  }),
  'PATCH /v1/admin/stages/:id': async () => ({
    token: staff.token,
    params: { id: await newStage() },
    body: { startsAt: fc.constant(LATER), endsAt: fc.constant(null) },
  }),
  'POST /v1/admin/stages/:id/close': async () => ({
    token: staff.token,
    params: { id: await newStage() },
  }),
  'PATCH /v1/admin/users/:id': async () => ({
    token: staff.token,
    params: { id: (await person({ affiliate: true })).id },
  }),
  'POST /v1/admin/users/:id/dismiss': async () => ({
    token: staff.token,
    params: { id: (await person({ affiliate: true })).id },
  }),
  'POST /v1/admin/purchases/:id/status': async () => {
    const buyer = await person();
    const purchase = await insertBankPurchase(db(), buyer, '100');
    return {
      token: staff.token,
      params: { id: purchase.id },
      body: { status: fc.constantFrom(1, 2, 3) },
    };
  },
  'POST /v1/admin/payouts': async () => {
    await dueSale();
    return { token: staff.token, body: { tier: fc.constantFrom(1, '1') } };
  },
  'POST /v1/admin/payouts/:id/paid': async () => {
    await dueSale();
    const batch = await client().post('/v1/admin/payouts', { tier: 1 }, { token: staff.token });
    expect(batch.statusCode, batch.body).toBeLessThan(300);
    return {
      token: staff.token,
      params: { id: batch.json().data._id as string },
      // Only the batch's own total marks it paid.
      body: { expectedTotal: fc.constant(batch.json().data.total as string) },
    };
  },
  'POST /v1/admin/unmatched-payments/:id/assign': async () => {
    // A real transfer (assignment reads it on the chain again), more than the quote, from a
    // wallet nobody proved: listed for staff when its buyer claims it.
    const u = await userWithPassword();
    const { purchase, transaction } = await order(u, 'ETH', '0.05');
    const payment = await tools().pay('ETH', '0.0512', { fromIndex: 2 });
    const claimed = await client().post(
      `/v1/transaction/verify-crypto-pay/${transaction.id}`,
      { txnHash: payment.hash },
      { token: u.access },
    );
    expect(claimed.statusCode, claimed.body).toBe(400);
    const [row] = await db()
      .select()
      .from(unmatchedPayments)
      .where(eq(unmatchedPayments.txnHash, payment.hash));
    return {
      token: staff.token,
      params: { id: row!.id },
      body: { reference: purchase.reference, override: undefined },
    };
  },
  'POST /v1/admin/transactions/:id/move-credit': async () => {
    // An order credited by its exact quote, and another pending order of the coin to move it to.
    const u = await userWithPassword();
    const credited = await order(u, 'ETH', '0.05');
    const meant = await order(await userWithPassword(), 'ETH', '0.05');
    const payment = await tools().pay('ETH', due(credited.transaction), { fromIndex: 2 });
    const verified = await client().post(
      `/v1/transaction/verify-crypto-pay/${credited.transaction.id}`,
      { txnHash: payment.hash },
      { token: u.access },
    );
    expect(verified.statusCode, verified.body).toBe(200);
    return {
      token: staff.token,
      params: { id: credited.transaction.id },
      body: { reference: meant.purchase.reference, override: undefined },
    };
  },
  'PUT /v1/account/delivery-wallet': async () => {
    const u = await person();
    const address = privateKeyToAccount(generatePrivateKey()).address;
    await proveWallet(db(), u.id, address, new Date(Date.now() - 60_000));
    return { token: u.token, body: { address } };
  },
  'PUT /v1/account/delivery-push': async () => ({
    token: (await person()).token,
    body: { push: fc.boolean() },
  }),
  'POST /v1/admin/distributions': async () => {
    await buyerToDeliver();
    return { token: staff.token };
  },
  'POST /v1/admin/distributions/:id/cancel': async () => {
    await buyerToDeliver();
    const built = await as(app(), staff).post('/v1/admin/distributions');
    expect(built.statusCode, built.body).toBe(201);
    return { token: staff.token, params: { id: built.json().data._id as string } };
  },
  'POST /v1/admin/unmatched-payments/:id/refund': async () => ({
    token: staff.token,
    params: { id: (await listedPayment()).id },
  }),
  'POST /v1/account/identity': async () => {
    const buyer = await person();
    const [first, second] = [await upload(app()), await upload(app())];
    return {
      token: buyer.token,
      body: { documentUrl: first.link, secondDocumentUrl: second.link },
    };
  },
  'POST /v1/admin/identity-reviews/:id/approve': async () => ({
    token: staff.token,
    params: { id: await pendingReview() },
  }),
  'POST /v1/admin/identity-reviews/:id/reject': async () => ({
    token: staff.token,
    params: { id: await pendingReview() },
  }),
  'POST /v1/purchase/:id/refund-request': async () => {
    const { buyer, purchase } = await acceptedBankOrder();
    return { token: buyer.token, params: { id: purchase.id } };
  },
  'POST /v1/admin/refunds': async () => ({
    token: staff.token,
    body: {
      purchaseId: (await acceptedBankOrder()).purchase.id,
      unmatchedPaymentId: undefined,
      amount: fc.constantFrom('10', '25.5', '100'),
      coin: 'AUD',
    },
  }),
  'POST /v1/admin/refunds/:id/approve': async () => ({
    token: staff.token,
    params: { id: await bankRefund() },
  }),
  'POST /v1/admin/refunds/:id/decline': async () => ({
    token: staff.token,
    params: { id: await bankRefund() },
  }),
  'POST /v1/admin/refunds/:id/paid': async () => {
    const id = await bankRefund();
    const approved = await as(app(), staff).post(`/v1/admin/refunds/${id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    return { token: staff.token, params: { id } };
  },
  'POST /v1/admin/purchases/:id/late-offer': async () => ({
    token: staff.token,
    params: { id: (await latePayment()).purchase.id },
  }),
  'POST /v1/late-offers/read': async () => ({
    body: { token: await lateOfferToken() },
    ip: nextIp(),
  }),
  'POST /v1/late-offers/accept': async () => ({
    body: { token: await lateOfferToken() },
    ip: nextIp(),
  }),
};

/** A bank order of 100 AUD that ended before its receipt came: a late payment. */
async function latePayment() {
  const buyer = await person();
  const purchase = await insertBankPurchase(db(), buyer, '100', {
    status: 3,
    remark: purchaseMessages.bankOrderLapsed,
    lateReceiptAt: new Date(),
  });
  return { buyer, purchase };
}

/** The consent link's token of an offer staff made for a late payment. */
async function lateOfferToken() {
  const { buyer, purchase } = await latePayment();
  const offered = await as(app(), staff).post(`/v1/admin/purchases/${purchase.id}/late-offer`);
  expect(offered.statusCode, offered.body).toBe(201);
  const mail = await box().next(buyer.email, /late payment/);
  return /#token=([\w-]+)/.exec(mail.text)![1]!;
}

/** A buyer's accepted bank order of 100 AUD. */
async function acceptedBankOrder() {
  const buyer = await person();
  const purchase = await insertBankPurchase(db(), buyer, '100');
  const accepted = await as(app(), staff).post(`/v1/admin/purchases/${purchase.id}/status`, {
    status: 1,
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { buyer, purchase };
}

/** A new buyer's identity documents, waiting for staff. */
async function pendingReview() {
  const buyer = await person();
  const [first, second] = [await upload(app()), await upload(app())];
  const sent = await as(app(), buyer).post('/v1/account/identity', {
    documentUrl: first.link,
    secondDocumentUrl: second.link,
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const [review] = await db()
    .select({ id: identityReviews.id })
    .from(identityReviews)
    .where(eq(identityReviews.userId, buyer.id));
  return review!.id;
}

/** A requested refund of 10 AUD of an accepted bank order. */
async function bankRefund() {
  const { purchase } = await acceptedBankOrder();
  const created = await as(app(), staff).post('/v1/admin/refunds', {
    purchaseId: purchase.id,
    amount: '10',
    coin: 'AUD',
    reason: 'Asked for part back',
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.id as string;
}

const noDocuments = {
  wallet: undefined,
  documentUrl: undefined,
  documentUrlBack: undefined,
  documentType: undefined,
  billingDoc: undefined,
  billingDocType: undefined,
};
const cryptoOrder = {
  investmentAmount: '0.05',
  currency: 'ETH',
  receiptUrl: undefined,
  receiptType: undefined,
};
let SETTINGS_FIELDS: string[] = [];

/**
 * Something to distribute: a buyer with a proven wallet and an accepted order, and no open draft
 * (a draft is cancelled first: one at a time).
 */
async function buyerToDeliver() {
  const open = await as(app(), staff).get('/v1/admin/distributions');
  expect(open.statusCode, open.body).toBe(200);
  for (const d of open.json().data.results as { _id: string; status: string }[])
    if (d.status === 'draft')
      expect(
        (await as(app(), staff).post(`/v1/admin/distributions/${d._id}/cancel`)).statusCode,
      ).toBe(200);
  const buyer = await person();
  await proveWallet(
    db(),
    buyer.id,
    privateKeyToAccount(generatePrivateKey()).address,
    new Date(Date.now() - 60_000),
  );
  const purchase = await insertBankPurchase(db(), buyer, '100');
  expect((await decide(app(), staff, purchase.id, 1)).statusCode).toBe(200);
}

/** An accepted sale through a new affiliate, its earning past the hold period. */
async function dueSale() {
  const affiliate = await person({ affiliate: true });
  const buyer = await person({ referredBy: affiliate });
  const purchase = await insertBankPurchase(db(), buyer, '500');
  expect((await decide(app(), staff, purchase.id, 1)).statusCode).toBe(200);
  await ageEarnings(db(), purchase.id, 30);
}

const LATER = new Date(Date.now() + 365 * 86_400_000).toISOString();

/** A scheduled stage a year ahead. */
async function newStage() {
  const res = await client().post(
    '/v1/admin/stages',
    { name: 'Fuzz stage', priceAud: '0.05', tokenCap: '1000', startsAt: LATER },
    { token: staff.token },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

async function newBank() {
  const res = await client().post(
    '/v1/admin/banks',
    {
      currency: 'USD',
      bankName: 'Fuzz Bank',
      accountHolder: 'TMC',
      BIC: 'FUZZAU2S',
      active: false,
    },
    { token: staff.token },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The documented write operations of the app's route table, as `METHOD /path`. */
function documentedWrites(table: readonly DeclaredRoute[]) {
  return table.flatMap((route) => {
    const schema = route.schema;
    if (!route.url.startsWith('/v1/') || !schema || schema.hide) return [];
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    return methods
      .filter((m) => WRITE_METHODS.has(m.toUpperCase()))
      .map((m) => ({ key: `${m.toUpperCase()} ${route.url}`, route }));
  });
}

/** Staff operations last: they change settings and rates the others' orders are priced with. */
const order_ = (key: string) => (key.includes(' /v1/admin/') ? 1 : 0);

describe('every documented write operation succeeds with generated bodies', () => {
  it('answers each at least once with a 2xx, and has a generator for each', async () => {
    console.info(`fuzz write seed ${SEED} (repeat with FUZZ_SEED=${SEED})`);
    const writes = documentedWrites(app().routeTable);
    expect(writes.length).toBeGreaterThan(30);
    const settingsRoute = writes.find((w) => w.key === 'PUT /v1/admin/settings');
    SETTINGS_FIELDS = Object.keys(
      (settingsRoute?.route.schema as { body?: z.ZodObject }).body?.shape ?? {},
    );
    const missing = writes.filter((w) => !generators[w.key]).map((w) => w.key);
    expect(
      missing,
      `operations without a generator in fuzz-writes.test.ts: ${missing.join(', ')}`,
    ).toEqual([]);

    const report = new Map<string, { ok: number; tries: number; last: string }>();
    const sorted = [...writes].sort((a, b) => order_(a.key) - order_(b.key));
    let seed = SEED;
    for (const { key, route } of sorted) {
      const entry = { ok: 0, tries: 0, last: '' };
      report.set(key, entry);
      const [method] = key.split(' ') as [string];
      for (let i = 0; i < TRIES; i++) {
        seed += 1;
        const attempt = await generators[key]!();
        const bodySchema = (route.schema as { body?: z.ZodType }).body;
        const body = bodySchema ? sampleBody(bodySchema, attempt.body ?? {}, seed) : undefined;
        const url = route.url.replace(
          /:(\w+)/g,
          (_, name: string) => attempt.params?.[name] ?? name,
        );
        const res = await app().inject({
          method: method as 'POST',
          url,
          remoteAddress: attempt.ip ?? nextIp(),
          headers: attempt.token ? { authorization: `Bearer ${attempt.token}` } : {},
          ...(body === undefined ? {} : { payload: body }),
        });
        entry.tries += 1;
        expect(res.statusCode, `${key} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
        if (res.statusCode < 300) entry.ok += 1;
        else
          entry.last = `${res.statusCode} ${res.body.slice(0, 200)} ← ${JSON.stringify(body)?.slice(0, 200)}`;
      }
    }
    const width = Math.max(...[...report.keys()].map((k) => k.length));
    console.info(
      ['successful answers per write operation:']
        .concat([...report].map(([key, r]) => `  ${key.padEnd(width)}  ${r.ok}/${r.tries}`))
        .join('\n'),
    );
    const never = [...report].filter(([, r]) => r.ok === 0).map(([key, r]) => `${key}: ${r.last}`);
    expect(never, 'operations that never succeeded').toEqual([]);
  }, 300_000);
});
