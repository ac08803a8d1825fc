import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { money } from '../src/lib/money.ts';
import { banks } from '../src/db/schema/index.ts';
import { PUBLIC_CACHE_CONTROL, createPublicCache } from '../src/lib/public-cache.ts';
import { addToPresaleTotals } from '../src/modules/presale/presale.repo.ts';
import { people, type Person } from './affiliates-helpers.ts';
import { buildTestApp } from './test-app.ts';

const CONFIG = '/v1/presale/config';
const RATES = '/v1/currency-rate/getCurrency';
const AUD_BANKS = '/v1/bank/getBankDetailsByCurrency/AUD';

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

const staffPut = (app: FastifyInstance, staff: Person, url: string, payload: object) =>
  app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${staff.token}` }, payload });

type ConfigAnswer = { data: { minPurchaseAud: string; raisedAud: string } };

describe('public reads served from memory (one copy, PGlite)', () => {
  let app: FastifyInstance;
  let db: Db;
  let staff: Person;

  beforeAll(async () => {
    const built = await buildTestApp();
    ({ app, db } = built);
    staff = await people(db, built.config)({ role: 'admin' });
  });
  afterAll(() => app.close());

  it.each([
    [CONFIG, PUBLIC_CACHE_CONTROL.presale],
    [RATES, PUBLIC_CACHE_CONTROL.rates],
    [AUD_BANKS, PUBLIC_CACHE_CONTROL.banks],
  ])(
    '%s: a strong ETag, Cache-Control with stale-while-revalidate, and 304 for a matching If-None-Match',
    async (url, cacheControl) => {
      const first = await get(app, url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(first.headers['cache-control']).toBe(cacheControl);
      expect(cacheControl).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);

      const again = await get(app, url);
      expect(again.body).toBe(first.body);
      expect(again.headers.etag).toBe(etag);

      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const notModified = await get(app, url, { 'if-none-match': ifNoneMatch });
        expect(notModified.statusCode).toBe(304);
        expect(notModified.body).toBe('');
        expect(notModified.headers.etag).toBe(etag);
        expect(notModified.headers['cache-control']).toBe(cacheControl);
      }
      expect((await get(app, url, { 'if-none-match': '"stale"' })).statusCode).toBe(200);
    },
  );

  it('answers a staff change of the settings at once, with a new ETag', async () => {
    const before = await get(app, CONFIG);
    const min = before.json<ConfigAnswer>().data.minPurchaseAud === '40' ? '45' : '40';
    expect(
      (await staffPut(app, staff, '/v1/admin/settings', { minPurchaseAud: min })).statusCode,
    ).toBe(200);

    const after = await get(app, CONFIG, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.json<ConfigAnswer>().data.minPurchaseAud).toBe(min);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('moves the raised figure as soon as an accepted purchase is counted', async () => {
    const before = (await get(app, CONFIG)).json<ConfigAnswer>().data.raisedAud;
    expect(await addToPresaleTotals(db, { aud: '125.50', tokens: '1000' })).toBe(true);
    // Counted outside a request (e.g. by the payment watcher): the table's NOTIFY brings it.
    await expect
      .poll(async () => {
        const after = (await get(app, CONFIG)).json<ConfigAnswer>().data.raisedAud;
        return money(after).minus(before).toFixed(2);
      })
      .toBe('125.50');
  });

  it('answers staff changes of rates and banks at once', async () => {
    await get(app, RATES);
    const rates = await staffPut(app, staff, '/v1/admin/currency-rates', {
      rates: { NZD: '1.2345' },
    });
    expect(rates.statusCode).toBe(200);
    expect(
      (await get(app, RATES)).json<{ data: { rates: Record<string, string> } }>().data.rates.NZD,
    ).toBe('1.2345');

    const listed = (await get(app, AUD_BANKS)).json<{ data: unknown[] }>().data.length;
    await db.insert(banks).values({
      bankName: 'Second Bank',
      accountHolder: 'TMC Pty Ltd',
      bic: 'SECBAU2S',
      currency: 'AUD',
      active: true,
    });
    // Written outside the API: the table's NOTIFY brings it.
    await expect
      .poll(async () => (await get(app, AUD_BANKS)).json<{ data: unknown[] }>().data.length)
      .toBe(listed + 1);
  });

  it('keeps no answer for a currency without banks (400 every time, nothing cached)', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await get(app, '/v1/bank/getBankDetailsByCurrency/XYZ');
      expect(res.statusCode).toBe(400);
      expect(res.headers.etag).toBeUndefined();
    }
  });
});

describe('two copies of the API on one PostgreSQL (LISTEN/NOTIFY)', () => {
  let first: FastifyInstance;
  let second: FastifyInstance;
  let staff: Person;

  beforeAll(async () => {
    const one = await buildTestApp({ postgres: true });
    first = one.app;
    // Built after the first: its reset and seed must not follow the first copy's reads.
    second = (await buildTestApp({ postgres: true })).app;
    staff = await people(one.db, one.config)({ role: 'admin' });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  /** The other copy hears the change through the database, a moment after it commits. */
  async function eventually(app: FastifyInstance, url: string, ok: (body: string) => boolean) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const body = (await get(app, url)).body;
      if (ok(body) || Date.now() > deadline) return body;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('a staff change through one copy reaches what the other copy answers from memory', async () => {
    const cached = (await get(second, CONFIG)).json<ConfigAnswer>().data.minPurchaseAud;
    expect((await get(second, CONFIG)).json<ConfigAnswer>().data.minPurchaseAud).toBe(cached);
    const min = cached === '55' ? '60' : '55';
    const put = await staffPut(first, staff, '/v1/admin/settings', { minPurchaseAud: min });
    expect(put.statusCode).toBe(200);

    const seen = await eventually(second, CONFIG, (b) => b.includes(`"minPurchaseAud":"${min}"`));
    expect(JSON.parse(seen).data.minPurchaseAud).toBe(min);
    expect((await get(first, CONFIG)).json<ConfigAnswer>().data.minPurchaseAud).toBe(min);
  });

  it('rates changed through one copy reach the other', async () => {
    await get(second, RATES);
    const put = await staffPut(first, staff, '/v1/admin/currency-rates', {
      rates: { JPY: '98.765' },
    });
    expect(put.statusCode).toBe(200);
    const seen = await eventually(second, RATES, (b) => b.includes('"JPY":"98.765"'));
    expect(JSON.parse(seen).data.rates.JPY).toBe('98.765');
  });
});

describe('the cache itself', () => {
  /** Just what `send` uses of a reply. */
  const fakeReply = {
    serialize: (v: unknown) => JSON.stringify(v),
    header() {
      return this;
    },
    code() {
      return this;
    },
    type() {
      return this;
    },
    send: (body?: string) => body,
  } as never;

  it('keeps answers briefly while the listener is down, and drops everything when it is back', async () => {
    let clock = 0;
    const cache = createPublicCache({ listeningTtlMs: 60_000, deafTtlMs: 2_000, now: () => clock });
    let loads = 0;
    const read = () =>
      cache.send({ headers: {} } as never, fakeReply, { area: 'rates' }, () => {
        loads += 1;
        return Promise.resolve({ n: loads });
      });

    await read();
    await read();
    expect(loads).toBe(1);
    clock += 2_001;
    await read();
    expect(loads).toBe(2); // deaf: a short life

    cache.listening();
    await read();
    expect(loads).toBe(3); // what was kept while deaf is dropped
    clock += 59_000;
    await read();
    expect(loads).toBe(3);
    cache.changed('currency_rates');
    await read();
    expect(loads).toBe(4);
    cache.changed('users');
    await read();
    expect(loads).toBe(4);

    cache.deaf();
    await read();
    expect(loads).toBe(5);
  });

  it('shares one load among the requests that arrive during it, and keeps none a change overtook', async () => {
    const cache = createPublicCache();
    cache.listening();
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const read = () =>
      cache.send({ headers: {} } as never, fakeReply, { area: 'presale' }, async () => {
        loads += 1;
        await gate;
        return { n: loads };
      });
    const early = [read(), read(), read()];
    cache.changed('settings');
    const late = read();
    release();
    await Promise.all([...early, late]);
    expect(loads).toBe(2);
    await read();
    expect(loads).toBe(2);
  });
});
