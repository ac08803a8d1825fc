import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { referralClicks, settings, transactions, users } from '../src/db/schema/index.ts';
import { recordEarnings } from '../src/modules/affiliates/commission-ledger.ts';
import {
  ageEarnings,
  as,
  decide,
  earningsOf,
  insertBankPurchase,
  useAffiliatesApp,
} from './affiliates-helpers.ts';

const { app, db, box, admin, person } = useAffiliatesApp();

const REFERRAL_MAIL = /A referral of yours just bought TMC/;

/** An introducer, the influencer they brought in, and a buyer who came through the influencer. */
async function influencerChain() {
  const introducer = await person({ affiliate: true, name: 'Ivy Introducer' });
  const influencer = await person({
    influencer: true,
    referredBy: introducer,
    name: 'Finn Influencer',
  });
  const buyer = await person({ referredBy: influencer, name: 'Bea Buyer' });
  return { introducer, influencer, buyer };
}

const raised = async () =>
  (await db().select({ raised: settings.raisedAud }).from(settings))[0]!.raised;

describe('accepting a purchase records the commission', () => {
  it('tier 1 to the influencer and tier 2 to their introducer, with base, rate and tier', async () => {
    const { introducer, influencer, buyer } = await influencerChain();
    const purchase = await insertBankPurchase(db(), buyer, '1000.00');
    const raisedBefore = await raised();

    const res = await decide(app(), admin(), purchase.id, 1, 'Payment received');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: purchase.id,
      status: 1,
      remark: 'Payment received',
    });

    const rows = await earningsOf(db(), purchase.id);
    expect(
      rows.map((r) => ({
        tier: r.tier,
        affiliateId: r.affiliateId,
        referredUserId: r.referredUserId,
        kind: r.kind,
        rate: r.rate,
        baseAmount: r.baseAmount,
        investmentAmount: r.investmentAmount,
        affiliateEarning: r.affiliateEarning,
        status: r.status,
        paymentMode: r.paymentMode,
      })),
    ).toEqual([
      {
        tier: 1,
        affiliateId: influencer.id,
        referredUserId: buyer.id,
        kind: 'commission',
        rate: '0.2000',
        baseAmount: '1000.00',
        investmentAmount: '1000.00',
        affiliateEarning: '200.00',
        status: 'pending',
        paymentMode: 0,
      },
      {
        tier: 2,
        affiliateId: introducer.id,
        referredUserId: influencer.id,
        kind: 'commission',
        rate: '0.1000',
        baseAmount: '800.00',
        investmentAmount: '1000.00',
        affiliateEarning: '80.00',
        status: 'pending',
        paymentMode: 0,
      },
    ]);

    // The bank payment is recorded and the sale counted.
    const [payment] = await db()
      .select()
      .from(transactions)
      .where(eq(transactions.purchaseId, purchase.id));
    expect(payment).toMatchObject({
      paymentStatus: 1,
      paymentMode: 0,
      currency: 'AUD',
      price: '1000.000000000000000000',
    });
    expect(Number(await raised()) - Number(raisedBefore)).toBe(1000);

    // Both affiliates hear about it.
    expect((await box().next(influencer.email, REFERRAL_MAIL)).text).toContain('A$200.00');
    expect((await box().next(introducer.email, REFERRAL_MAIL)).text).toContain('A$80.00');

    // Each sees their own row: tier 2 names the influencer, never the influencer's customer.
    const mine = await as(app(), influencer).get('/v1/affiliate-earning/get');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ page: 1, limit: 10, totalResults: 1, totalPages: 1 });
    expect(mine.json().data.data[0]).toEqual({
      _id: rows[0]!.id,
      kind: 'commission',
      referredToObj: { email: buyer.email, name: 'Bea Buyer' },
      investmentAmount: '1000.00',
      baseAmount: '1000.00',
      affiliateEarning: '200.00',
      currency: 'AUD',
      tier: 1,
      rate: '0.20',
      status: 'pending',
      paymentMode: 0,
      createdAt: expect.any(String),
      paidAt: null,
    });
    const theirs = (await as(app(), introducer).get('/v1/affiliate-earning/get')).json().data.data;
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({
      tier: 2,
      rate: '0.10',
      baseAmount: '800.00',
      affiliateEarning: '80.00',
      referredToObj: { email: influencer.email },
    });
  });

  it('accepting twice is a 400 and leaves one set of earnings; running the ledger again adds nothing', async () => {
    const { influencer, buyer } = await influencerChain();
    const purchase = await insertBankPurchase(db(), buyer, '250.00');
    expect((await decide(app(), admin(), purchase.id, 1)).statusCode).toBe(200);
    const again = await decide(app(), admin(), purchase.id, 1);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/Accepted/);

    await db().transaction(async (tx) => {
      await recordEarnings(tx, purchase, 'http://localhost');
      await recordEarnings(tx, purchase, 'http://localhost');
    });
    const rows = await earningsOf(db(), purchase.id);
    expect(rows.map((r) => [r.tier, r.affiliateEarning])).toEqual([
      [1, '50.00'],
      [2, '20.00'],
    ]);
    const payments = await db()
      .select()
      .from(transactions)
      .where(eq(transactions.purchaseId, purchase.id));
    expect(payments).toHaveLength(1);
    await box().next(influencer.email, REFERRAL_MAIL);
    expect(
      (await box().unread(influencer.email)).filter((m) => REFERRAL_MAIL.test(m.subject)),
    ).toHaveLength(0);
  });

  it('pays no tier 2 when the affiliate is not an influencer, and nothing for a buyer nobody referred', async () => {
    const introducer = await person({ affiliate: true });
    const affiliate = await person({ affiliate: true, referredBy: introducer });
    const referred = await person({ referredBy: affiliate });
    const walkIn = await person();
    const p1 = await insertBankPurchase(db(), referred, '100.00');
    const p2 = await insertBankPurchase(db(), walkIn, '100.00');
    expect((await decide(app(), admin(), p1.id, 1)).statusCode).toBe(200);
    expect((await decide(app(), admin(), p2.id, 1)).statusCode).toBe(200);
    expect((await earningsOf(db(), p1.id)).map((r) => [r.tier, r.affiliateId])).toEqual([
      [1, affiliate.id],
    ]);
    expect(await earningsOf(db(), p2.id)).toEqual([]);
  });

  it('an earning is approved only after the hold period of the settings', async () => {
    const affiliate = await person({ affiliate: true });
    const buyer = await person({ referredBy: affiliate });
    const purchase = await insertBankPurchase(db(), buyer, '500.00');
    expect((await decide(app(), admin(), purchase.id, 1)).statusCode).toBe(200);
    const status = async () =>
      (await as(app(), affiliate).get('/v1/affiliate-earning/get')).json().data.data[0].status;
    const summary = async () =>
      (await as(app(), affiliate).get('/v1/affiliate-earning/summary')).json().data;

    expect(await status()).toBe('pending');
    expect(await summary()).toMatchObject({ pending: '100.00', approved: '0.00' });

    await ageEarnings(db(), purchase.id, 6);
    expect(await status()).toBe('pending');
    await ageEarnings(db(), purchase.id, 8);
    expect(await status()).toBe('approved');
    expect(await summary()).toMatchObject({
      pending: '0.00',
      approved: '100.00',
      totalEarned: '100.00',
    });
    const approvedOnly = await as(app(), affiliate).get(
      `/v1/affiliate-earning/get?filter[query]=${encodeURIComponent('{"status":"approved"}')}`,
    );
    expect(approvedOnly.json().data.totalResults).toBe(1);

    // Derived from the settings at read time: a longer hold makes it pending again, no job involved.
    expect((await as(app(), admin()).put('/v1/admin/settings', { holdDays: 30 })).statusCode).toBe(
      200,
    );
    expect(await status()).toBe('pending');
    expect((await as(app(), admin()).put('/v1/admin/settings', { holdDays: 7 })).statusCode).toBe(
      200,
    );
    expect(await status()).toBe('approved');
  });

  it('a revert voids unpaid earnings, refunds the payment and takes the sale off the totals', async () => {
    const { introducer, influencer, buyer } = await influencerChain();
    const purchase = await insertBankPurchase(db(), buyer, '300.00');
    expect((await decide(app(), admin(), purchase.id, 1)).statusCode).toBe(200);
    const raisedAccepted = await raised();

    const res = await decide(app(), admin(), purchase.id, 4, 'Chargeback from the bank');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 4,
      remark: 'Chargeback from the bank',
      transaction: { paymentStatus: 3 },
    });
    expect((await earningsOf(db(), purchase.id)).map((r) => [r.tier, r.kind, r.status])).toEqual([
      [1, 'commission', 'void'],
      [2, 'commission', 'void'],
    ]);
    expect(Number(raisedAccepted) - Number(await raised())).toBe(300);
    for (const who of [influencer, introducer]) {
      const row = (await as(app(), who).get('/v1/affiliate-earning/get')).json().data.data[0];
      expect(row.status).toBe('void');
      expect(
        (await as(app(), who).get('/v1/affiliate-earning/summary')).json().data.totalEarned,
      ).toBe('0.00');
    }
    // Reverted is final.
    expect((await decide(app(), admin(), purchase.id, 1)).statusCode).toBe(400);
    expect((await decide(app(), admin(), purchase.id, 4)).statusCode).toBe(400);
  });
});

describe('affiliate summary and referral clicks', () => {
  it('logs one click per visitor per day with a hashed IP; unknown codes are a quiet no-op', async () => {
    const affiliate = await person({ affiliate: true });
    const click = (referralCode: string, ip: string, landingPath = '/token/buy?referral_code=x') =>
      app().inject({
        method: 'POST',
        url: '/v1/affiliate/click',
        remoteAddress: ip,
        payload: { referralCode, landingPath },
      });

    const first = await click(affiliate.affiliateCode!.toLowerCase(), '203.0.113.7');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ recorded: true });
    expect((await click(affiliate.affiliateCode!, '203.0.113.7', '/')).json().data).toEqual({
      recorded: false,
    });
    expect((await click(affiliate.affiliateCode!, '203.0.113.8')).json().data).toEqual({
      recorded: true,
    });
    expect((await click('NOSUCHCODE', '203.0.113.9')).json()).toMatchObject({
      code: 200,
      data: { recorded: false },
    });
    expect(
      (await click(affiliate.affiliateCode!, '203.0.113.9', 'https://evil.example/')).statusCode,
    ).toBe(400);

    const rows = await db()
      .select()
      .from(referralClicks)
      .where(eq(referralClicks.affiliateId, affiliate.id));
    expect(rows).toHaveLength(2);
    expect(rows[0]!.landingPath).toBe('/token/buy');
    expect(rows.map((r) => r.ipHash).join()).not.toContain('203.0.113');
    expect(rows[0]!.ipHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('rate limits clicks per address', async () => {
    let last = 0;
    for (let i = 0; i < 121; i++) {
      last = (
        await app().inject({
          method: 'POST',
          url: '/v1/affiliate/click',
          remoteAddress: '198.51.100.77',
          payload: { referralCode: 'NOSUCHCODE' },
        })
      ).statusCode;
    }
    expect(last).toBe(429);
  });

  it('gives the funnel, the totals by status and earnings by week', async () => {
    const affiliate = await person({ affiliate: true });
    await app().inject({
      method: 'POST',
      url: '/v1/affiliate/click',
      remoteAddress: '192.0.2.1',
      payload: { referralCode: affiliate.affiliateCode },
    });
    const buyer = await person({ referredBy: affiliate });
    await person({ referredBy: affiliate });
    const unverified = await person({ referredBy: affiliate });
    await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.id, unverified.id));
    const old = await insertBankPurchase(db(), buyer, '200.00');
    const recent = await insertBankPurchase(db(), buyer, '50.00');
    await insertBankPurchase(db(), buyer, '75.00'); // still pending: no earning
    expect((await decide(app(), admin(), old.id, 1)).statusCode).toBe(200);
    expect((await decide(app(), admin(), recent.id, 1)).statusCode).toBe(200);
    await ageEarnings(db(), old.id, 10);

    const res = await as(app(), affiliate).get('/v1/affiliate-earning/summary');
    expect(res.statusCode).toBe(200);
    const summary = res.json().data;
    expect(summary).toMatchObject({
      referredUsers: 3,
      totalEarned: '50.00',
      pending: '10.00',
      approved: '40.00',
      paid: '0.00',
      adjustments: '0.00',
      currency: 'AUD',
      funnel: { clicks: 1, signUps: 3, verified: 2, buyers: 1 },
    });
    expect(summary.earningsByWeek).toHaveLength(12);
    const weeks = summary.earningsByWeek as { weekStart: string; amount: string }[];
    expect(
      weeks.every(
        (w) =>
          /^\d{4}-\d{2}-\d{2}$/.test(w.weekStart) &&
          new Date(`${w.weekStart}T00:00:00Z`).getUTCDay() === 1,
      ),
    ).toBe(true);
    expect(weeks.at(-1)!.amount).toBe('10.00');
    expect(weeks.reduce((sum, w) => sum + Number(w.amount), 0)).toBe(50);

    // The list: newest first, sortable by amount, paginated in the database.
    const list = (
      await as(app(), affiliate).get('/v1/affiliate-earning/get?sort[price]=1&limit=10')
    ).json().data;
    expect(list.data.map((e: { affiliateEarning: string }) => e.affiliateEarning)).toEqual([
      '10.00',
      '40.00',
    ]);
    expect((await as(app(), affiliate).get('/v1/affiliate-earning/get?limit=7')).statusCode).toBe(
      400,
    );
    expect(
      (await as(app(), affiliate).get('/v1/affiliate-earning/get?filter[query]={bad')).statusCode,
    ).toBe(400);
  });

  it('needs a signed-in user', async () => {
    expect((await as(app()).get('/v1/affiliate-earning/get')).statusCode).toBe(401);
    expect((await as(app()).get('/v1/affiliate-earning/summary')).statusCode).toBe(401);
  });

  it('shows nothing of anyone else', async () => {
    const stranger = await person();
    expect((await as(app(), stranger).get('/v1/affiliate-earning/get')).json().data).toMatchObject({
      data: [],
      totalResults: 0,
      totalPages: 0,
    });
    const rows = await db()
      .select()
      .from(referralClicks)
      .where(eq(referralClicks.affiliateId, stranger.id));
    expect(rows).toEqual([]);
  });
});
