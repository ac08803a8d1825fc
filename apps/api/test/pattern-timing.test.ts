import { performance } from 'node:perf_hooks';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCryptoOrder } from './crypto-helpers.ts';
import { freshEmail, freshIp } from './auth-helpers.ts';
import { people, type Person } from './affiliates-helpers.ts';
import { buildTestApp, TEST_CHAIN } from './test-app.ts';

/**
 * Texts shaped to make a backtracking pattern take quadratic or exponential time, as long as a
 * JSON body may carry (64 KiB): every pattern-checked field must still answer at once. A guard
 * against catastrophic backtracking, not a benchmark.
 */
const N = 60_000;
const SHAPES: Record<string, string> = {
  'dots between two @': `a@${'.'.repeat(N)}@`,
  'letters then @': `${'a'.repeat(N)}@`,
  'a@ repeated': 'a@'.repeat(N / 2),
  'digits then a letter': `${'1'.repeat(N)}x`,
  'a decimal with a second dot': `1.${'1'.repeat(N)}.`,
  'hex after 0x then a g': `0x${'a'.repeat(N)}g`,
  'spaces then a letter': `${' '.repeat(N)}x`,
  'capitals then a digit': `${'A'.repeat(N)}1`,
  'http:// then spaces': `http://${' x'.repeat(N / 2)}`,
};
const LIMIT_MS = 1000;

let app: FastifyInstance;
let user: Person;
let admin: Person;
let transactionId: string;

beforeAll(async () => {
  let db, config;
  ({ app, db, config } = await buildTestApp());
  const person = people(db, config);
  user = await person();
  admin = await person({ role: 'admin' });
  const order = await insertCryptoOrder(db, {
    userId: user.id,
    coin: 'ETH',
    amount: '0.05',
    companyWallet: TEST_CHAIN.companyWallet,
  });
  transactionId = order.transaction.id;
});
afterAll(() => app.close());

const guest = () => ({
  investmentAmount: '833.3333',
  currency: 'AUD',
  userCurrency: 'EUR',
  userAmount: '500',
  receiptUrl: 'http://127.0.0.1:3999/files/uploads/x.png',
  receiptType: 'image',
  bankId: '00000000-0000-4000-8000-000000000000',
  email: freshEmail('slow'),
  password: 'correct horse 1',
  name: 'Slow Poke',
});

/** Each route with a body that passes except for the field under test. */
const FIELDS: {
  method: 'POST' | 'PUT';
  /** `:id` stands for a pending order of `user`. */
  url: string;
  who?: () => Person;
  body: () => Record<string, unknown>;
  fields: string[];
}[] = [
  {
    method: 'POST',
    url: '/v1/auth/signup',
    body: () => ({ email: freshEmail('slow'), name: 'Slow', password: 'correct horse 1' }),
    fields: ['email', 'name', 'password', 'referralCode'],
  },
  {
    method: 'POST',
    url: '/v1/auth/login',
    body: () => ({ email: freshEmail('slow'), password: 'correct horse 1' }),
    fields: ['email', 'password'],
  },
  {
    method: 'POST',
    url: '/v1/auth/otpVerification',
    body: () => ({ email: freshEmail('slow'), otp: '1234' }),
    fields: ['email', 'otp'],
  },
  {
    method: 'POST',
    url: '/v1/auth/resendOTP',
    body: () => ({ email: freshEmail('slow'), type: 'verifyemail' }),
    fields: ['email', 'type'],
  },
  {
    method: 'POST',
    url: '/v1/auth/forgetPasswordOTP',
    body: () => ({ email: freshEmail('slow') }),
    fields: ['email'],
  },
  {
    method: 'POST',
    url: '/v1/auth/forgetOTPVerfication',
    body: () => ({ email: freshEmail('slow'), otp: '123456' }),
    fields: ['email', 'otp'],
  },
  {
    method: 'POST',
    url: '/v1/auth/forgetPassword',
    body: () => ({ email: freshEmail('slow'), password: 'correct horse 1', resetToken: 'x' }),
    fields: ['email', 'password', 'resetToken'],
  },
  {
    method: 'POST',
    url: '/v1/auth/refresh-tokens',
    body: () => ({ refreshToken: 'x' }),
    fields: ['refreshToken'],
  },
  {
    method: 'POST',
    url: '/v1/auth/update-wallet',
    who: () => user,
    body: () => ({ walletAddress: TEST_CHAIN.companyWallet, password: 'x' }),
    fields: ['walletAddress', 'password'],
  },
  {
    method: 'POST',
    url: '/v1/purchase/add-noUser',
    body: guest,
    fields: [
      'email',
      'password',
      'name',
      'referralCode',
      'investmentAmount',
      'userAmount',
      'userCurrency',
      'wallet',
      'bankId',
      'receiptUrl',
      'receiptType',
      'documentUrl',
      'documentType',
      'userRemark',
    ],
  },
  {
    method: 'POST',
    url: '/v1/purchase/add-crypto-noUser',
    body: () => ({ ...guest(), investmentAmount: '0.05', currency: 'ETH' }),
    fields: ['email', 'investmentAmount', 'currency'],
  },
  {
    method: 'POST',
    url: '/v1/purchase/add',
    who: () => user,
    body: guest,
    fields: ['investmentAmount', 'userCurrency', 'wallet', 'bankId'],
  },
  {
    method: 'POST',
    url: '/v1/transaction/verify-crypto-pay/:id',
    who: () => user,
    body: () => ({ txnHash: `0x${'ab'.repeat(32)}` }),
    fields: ['txnHash'],
  },
  {
    method: 'POST',
    url: '/v1/upload-file',
    body: () => ({ fileName: 'a.png', contentType: 'image/png', size: 10 }),
    fields: ['fileName', 'contentType'],
  },
  {
    method: 'POST',
    url: '/v1/affiliate/click',
    body: () => ({ referralCode: 'NOPE', landingPath: '/' }),
    fields: ['referralCode', 'landingPath'],
  },
  {
    method: 'PUT',
    url: '/v1/admin/settings',
    who: () => admin,
    body: () => ({}),
    fields: ['tokenSymbol', 'tokenPriceAud', 'minPurchaseAud', 'whitePaperUrl', 'companyWallet'],
  },
  {
    method: 'POST',
    url: '/v1/admin/banks',
    who: () => admin,
    body: () => ({ currency: 'AUD', bankName: 'B', accountHolder: 'H', BIC: 'ABCDEFGH' }),
    fields: ['currency', 'BIC'],
  },
];

async function timed(opts: InjectOptions) {
  const started = performance.now();
  const res = await app.inject(opts);
  return { res, ms: performance.now() - started };
}

/** Answered in time, with the envelope; some shapes are fine once trimmed, so 2xx may be right. */
function expectQuickAnswer({ res, ms }: Awaited<ReturnType<typeof timed>>, where: string) {
  expect(ms, `${where} took ${Math.round(ms)} ms`).toBeLessThan(LIMIT_MS);
  expect(res.statusCode, `${where}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
  expect(res.json(), where).toMatchObject({ code: res.statusCode });
}

describe('pattern-checked fields answer pathological text at once', () => {
  const cases = FIELDS.flatMap((route) =>
    route.fields.map((field) => ({ label: `${route.method} ${route.url} ${field}`, route, field })),
  );
  it.each(cases)('$label', async ({ route, field }) => {
    const url = route.url.replace(':id', transactionId);
    for (const [shape, text] of Object.entries(SHAPES)) {
      const result = await timed({
        method: route.method,
        url,
        remoteAddress: freshIp(),
        headers: route.who ? { authorization: `Bearer ${route.who().token}` } : {},
        payload: { ...route.body(), [field]: text },
      });
      expectQuickAnswer(result, `${route.method} ${url} ${field} = ${shape}`);
    }
  });

  it('answers the issue’s sign-up (100,000 dots between two @) at once with 413', async () => {
    const result = await timed({
      method: 'POST',
      url: '/v1/auth/signup',
      remoteAddress: freshIp(),
      payload: { email: `a@${'.'.repeat(100_000)}@`, name: 'Slow', password: 'correct horse 1' },
    });
    expectQuickAnswer(result, 'sign-up with 100 KB');
    expect(result.res.json()).toEqual({
      code: 413,
      message: 'Request body is too large',
      data: null,
    });
  });

  it('answers 100 KB query strings and path ids at once', async () => {
    const auth = { authorization: `Bearer ${user.token}` };
    const staff = { authorization: `Bearer ${admin.token}` };
    const requests: { url: string; headers?: Record<string, string> }[] = [];
    for (const text of Object.values(SHAPES)) {
      const long = encodeURIComponent(text.repeat(2).slice(0, 100_000));
      requests.push(
        { url: `/v1/purchase/getmypurchase?page=${long}`, headers: auth },
        { url: `/v1/purchase/getmypurchase?filter[query]=${long}`, headers: auth },
        { url: `/v1/transaction/getUserTransaction?sort[price]=${long}`, headers: auth },
        { url: `/v1/admin/users?search=${long}`, headers: staff },
        { url: `/v1/admin/purchases?email=${long}`, headers: staff },
        { url: `/v1/bank/getBankDetailsByCurrency/${long}` },
        { url: `/v1/admin/payouts/${long}`, headers: staff },
      );
    }
    for (const { url, headers } of requests) {
      const result = await timed({ method: 'GET', url, headers, remoteAddress: freshIp() });
      expectQuickAnswer(result, `GET ${url.slice(0, 80)}`);
    }
  });
});
