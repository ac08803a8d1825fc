import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyRates, purchases, settings } from '../src/db/schema/index.ts';
import { as, people, type Person } from './affiliates-helpers.ts';
import { api } from './auth-helpers.ts';
import { counts } from './purchases-helpers.ts';
import { buildTestApp } from './test-app.ts';

let built: Awaited<ReturnType<typeof buildTestApp>>;
let client: ReturnType<typeof api>;
let buyer: Person;
let staff: Person;

beforeAll(async () => {
  built = await buildTestApp();
  client = api(built.app);
  const person = people(built.db, built.config);
  buyer = await person();
  staff = await person({ role: 'admin' });
  // A rate feed every 10 minutes: staff allow rates of 30 minutes.
  await built.db.update(settings).set({ rateMaxAgeMinutes: 30 });
});
afterAll(() => built.app.close());

const STALE = 'Exchange rates are out of date, please try again in a few minutes';

const order = (currency: 'ETH' | 'USDC', investmentAmount: string) =>
  client.post('/v1/purchase/add-crypto', { investmentAmount, currency }, { token: buyer.token });

/** As if staff had last set the coin's rate this many minutes ago. */
const rateSetMinutesAgo = (code: string, minutes: number) =>
  built.db
    .update(currencyRates)
    .set({ updatedAt: sql`now() - make_interval(secs => ${minutes * 60})` })
    .where(eq(currencyRates.code, code));

const setLimit = (rateMaxAgeMinutes: unknown) =>
  as(built.app, staff).put('/v1/admin/settings', { rateMaxAgeMinutes });

const system = async () => {
  const res = await as(built.app, staff).get('/v1/admin/system');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.rates as {
    status: string;
    maxAgeSeconds: number;
    coins: { code: string; updatedAt: string | null; ageSeconds: number | null }[];
  };
};

describe('crypto orders and the age of their rate', () => {
  it('prices with a rate set within 30 minutes and keeps the rate time on the order', async () => {
    await rateSetMinutesAgo('ETH', 29);
    const res = await order('ETH', '0.05');
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await built.db
      .select()
      .from(purchases)
      .where(eq(purchases.id, res.json().data.purchase._id));
    const [eth] = await built.db.select().from(currencyRates).where(eq(currencyRates.code, 'ETH'));
    expect(row?.rateAt?.toISOString()).toBe(eth!.updatedAt.toISOString());
  });

  it('refuses with 503 an order whose rate is older than 30 minutes, and writes nothing', async () => {
    await rateSetMinutesAgo('USDC', 31);
    const before = await counts(built.db);
    const res = await order('USDC', '100');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 503, message: STALE, data: null });
    expect(await counts(built.db)).toEqual(before);
    // Another coin with a fresh rate is still sold.
    await rateSetMinutesAgo('ETH', 1);
    expect((await order('ETH', '0.05')).statusCode).toBe(201);
  });

  it("staff set the limit (1 to 10,080 minutes), and the System page shows each rate's age", async () => {
    await rateSetMinutesAgo('ETH', 40);
    await rateSetMinutesAgo('USDC', 1);
    expect((await order('ETH', '0.05')).statusCode).toBe(503);
    let rates = await system();
    expect(rates.status).toBe('red');
    expect(rates.maxAgeSeconds).toBe(1800);
    const eth = rates.coins.find((c) => c.code === 'ETH');
    expect(eth?.ageSeconds).toBeGreaterThanOrEqual(2400);
    expect(eth?.ageSeconds).toBeLessThan(2460);
    expect(rates.coins.map((c) => c.code)).toEqual(['ETH', 'USDC']);

    for (const bad of [0, 10_081, 1.5])
      expect((await setLimit(bad)).statusCode, `limit ${bad}`).toBe(400);
    const changed = await setLimit(60);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.rateMaxAgeMinutes).toBe(60);
    expect((await order('ETH', '0.05')).statusCode).toBe(201);
    rates = await system();
    // 40 of 60 minutes: past half the limit, time to update the rates.
    expect(rates).toMatchObject({ status: 'amber', maxAgeSeconds: 3600 });
    expect((await setLimit(30)).statusCode).toBe(200);
  });
});
