import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { messages } from '@tmc/shared';
import { banks } from '../src/db/schema/index.ts';
import type { Db } from '../src/db/client.ts';
import { buildTestApp, TEST_CHAIN } from './test-app.ts';

let app: FastifyInstance;
let db: Db;
beforeAll(async () => {
  ({ app, db } = await buildTestApp());
});
afterAll(() => app.close());

describe('GET /v1/presale/config', () => {
  it('answers the seeded settings per API.md', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/presale/config' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toEqual({
      tokenName: 'TMC',
      tokenSymbol: 'TMC',
      tokenPriceAud: '0.02',
      minPurchaseAud: '50',
      hardCapAud: '5000000.00',
      raisedAud: '0.00',
      endsAt: null,
      companyWallet: TEST_CHAIN.companyWallet,
      swapWallet: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      chainId: 31337,
      chainName: 'TMC dev chain',
      rpcUrl: null,
      explorerUrl: null,
      minConfirmations: 1,
      usdcAddress: TEST_CHAIN.usdcAddress,
      whitePaperUrl: '/white-paper',
      // The seed's first stage: the configured price, the hard cap's worth of tokens.
      stage: {
        id: expect.any(String),
        name: 'Stage 1',
        priceAud: '0.02',
        tokensLeft: '250000000.00',
      },
    });
  });
});

describe('GET /v1/presale/config with a block explorer and a public RPC', () => {
  it('hands the wallet what it needs to add the chain and the explorer for links', async () => {
    const { app: configured } = await buildTestApp({
      env: {
        EXPLORER_URL: 'https://explorer.example.org/',
        CHAIN_PUBLIC_RPC_URL: 'https://rpc.example.org',
      },
    });
    try {
      const { data } = (
        await configured.inject({ method: 'GET', url: '/v1/presale/config' })
      ).json();
      expect(data).toMatchObject({
        explorerUrl: 'https://explorer.example.org',
        rpcUrl: 'https://rpc.example.org',
      });
    } finally {
      await configured.close();
    }
  });
});

describe('GET /v1/currency-rate/getCurrency', () => {
  it('answers units per 1 AUD for at least 20 fiat codes plus ETH and USDC, as decimal strings', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/currency-rate/getCurrency' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.base).toBe('AUD');
    expect(data.rates.AUD).toBe('1');
    for (const code of [
      'USD',
      'EUR',
      'GBP',
      'NZD',
      'CAD',
      'SGD',
      'JPY',
      'INR',
      'CNY',
      'HKD',
      'CHF',
      'ETH',
      'USDC',
    ])
      expect(data.rates[code], code).toMatch(/^\d+(\.\d+)?$/);
    expect(
      Object.keys(data.rates).filter((c) => c !== 'ETH' && c !== 'USDC').length,
    ).toBeGreaterThanOrEqual(20);
    expect(new Date(data.updatedAt).getTime()).not.toBeNaN();
  });
});

describe('GET /v1/bank/getBankDetailsByCurrency/:currency', () => {
  it('lists the active banks of a currency with the spec field names', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/bank/getBankDetailsByCurrency/aud' });
    expect(res.statusCode).toBe(200);
    const [bank] = res.json().data;
    expect(bank).toMatchObject({
      _id: expect.any(String),
      bankName: expect.any(String),
      accountHolder: expect.any(String),
      BIC: expect.any(String),
      currency: 'AUD',
    });
  });

  it('answers 400 with the message when no bank takes the currency', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/bank/getBankDetailsByCurrency/EUR' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, message: messages.noBank, data: null });
  });

  it('hides deactivated banks', async () => {
    await db.update(banks).set({ active: false }).where(eq(banks.currency, 'AUD'));
    // A write outside the API reaches the cached answer through the table's NOTIFY.
    await expect
      .poll(
        async () =>
          (await app.inject({ method: 'GET', url: '/v1/bank/getBankDetailsByCurrency/AUD' }))
            .statusCode,
      )
      .toBe(400);
    await db.update(banks).set({ active: true }).where(eq(banks.currency, 'AUD'));
  });
});
