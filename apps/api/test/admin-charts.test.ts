import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { purchases, referralClicks, users } from '../src/db/schema/index.ts';
import { as, decide, insertBankPurchase, useAffiliatesApp } from './affiliates-helpers.ts';

const { app, db, admin, person } = useAffiliatesApp();

const daysAgo = (n: number) => sql`now() - make_interval(days => ${n})`;
const utcDay = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe('GET /v1/admin/stats/charts', () => {
  it('is for staff only', async () => {
    const buyer = await person();
    expect((await as(app()).get('/v1/admin/stats/charts')).statusCode).toBe(401);
    expect((await as(app(), buyer).get('/v1/admin/stats/charts')).statusCode).toBe(403);
    expect((await as(app(), buyer).get('/v1/admin/system')).statusCode).toBe(403);
    const bad = await as(app(), admin()).get('/v1/admin/stats/charts?days=3');
    expect(bad.statusCode).toBe(400);
  });

  it('gives raised per day, sales per day by method and the affiliate funnel per week', async () => {
    const affiliate = await person({ affiliate: true });
    const referred = await person({ referredBy: affiliate });
    const direct = await person();
    const raisedBefore = (await as(app(), admin()).get('/v1/admin/stats')).json().data
      .raisedAud as string;

    // A bank sale accepted 3 days ago, a USDC sale accepted today, one still pending.
    const bank = await insertBankPurchase(db(), referred, '100.00');
    expect((await decide(app(), admin(), bank.id, 1)).statusCode).toBe(200);
    await db()
      .update(purchases)
      .set({ reviewedAt: sql`${daysAgo(3)}`, createdAt: sql`${daysAgo(3)}` })
      .where(eq(purchases.id, bank.id));
    const usdc = await insertBankPurchase(db(), direct, '250.50', {
      paymentMode: 1,
      userCurrency: 'USDC',
    });
    await db()
      .update(purchases)
      .set({ status: 1, reviewedAt: sql`now()` })
      .where(eq(purchases.id, usdc.id));
    await insertBankPurchase(db(), direct, '999.00');
    await db()
      .insert(referralClicks)
      .values([
        { affiliateId: affiliate.id, landingPath: '/', ipHash: 'a', day: utcDay(0) },
        { affiliateId: affiliate.id, landingPath: '/', ipHash: 'b', day: utcDay(0) },
      ]);
    await db().update(users).set({ createdAt: new Date() }).where(eq(users.id, referred.id));

    const res = await as(app(), admin()).get('/v1/admin/stats/charts?days=14');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.currency).toBe('AUD');
    expect(data.days).toHaveLength(14);
    expect(data.days.at(-1).date).toBe(utcDay(0));
    const day = (n: number) => data.days.find((d: { date: string }) => d.date === utcDay(n));
    expect(day(3)).toMatchObject({ bankAud: '100.00', ethAud: '0.00', usdcAud: '0.00', sales: 1 });
    expect(day(0)).toMatchObject({ bankAud: '0.00', usdcAud: '250.50', sales: 1 });
    expect(day(1)).toMatchObject({ bankAud: '0.00', sales: 0 });
    // Raised keeps what was accepted before the window and grows by each day's sales.
    expect(data.days.at(-1).raisedAud).toBe((Number(raisedBefore) + 350.5).toFixed(2));
    expect(day(3).raisedAud).toBe((Number(raisedBefore) + 100).toFixed(2));

    expect(data.weeks).toHaveLength(2);
    const totals = data.weeks.reduce(
      (t: Record<string, number>, w: Record<string, number>) => ({
        clicks: t.clicks! + w.clicks!,
        signups: t.signups! + w.signups!,
        buyers: t.buyers! + w.buyers!,
      }),
      { clicks: 0, signups: 0, buyers: 0 },
    );
    // The direct buyer came through no affiliate: not in the funnel.
    expect(totals).toEqual({ clicks: 2, signups: 1, buyers: 1 });
  });
});
