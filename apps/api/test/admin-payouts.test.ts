import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  affiliateEarnings,
  auditLog,
  payoutDestinations,
  payoutLines,
  payouts,
} from '../src/db/schema/index.ts';
import { lastCompletePeriod } from '../src/modules/affiliates/payout-period.ts';
import { money } from '../src/lib/money.ts';
import {
  ageEarnings,
  as,
  decide,
  earningsOf,
  insertBankPurchase,
  type Person,
  useAffiliatesApp,
} from './affiliates-helpers.ts';

const { app, db, box, admin, person } = useAffiliatesApp();

interface Line {
  affiliate: { _id: string; email: string; name: string; walletAddress: string | null };
  destination: Record<string, string> | null;
  earnings: string;
  adjustments: string;
  amount: string;
  earningsCount: number;
}

/** An accepted sale through `affiliate`, its earnings moved `days` back. */
async function sale(affiliate: Person, aud: string, days = 30) {
  const buyer = await person({ referredBy: affiliate });
  const purchase = await insertBankPurchase(db(), buyer, aud);
  const res = await decide(app(), admin(), purchase.id, 1);
  expect(res.statusCode, res.body).toBe(200);
  if (days) await ageEarnings(db(), purchase.id, days);
  return purchase;
}

const lineOf = (lines: Line[], who: Person) => lines.find((l) => l.affiliate._id === who.id);
/** The lines' total, to the cent, as the API writes money. */
const sum = (lines: Line[]) =>
  lines.reduce((total, l) => total.plus(l.amount), money(0)).toFixed(2);

/** Makes the batches made so far belong to earlier periods, as if a week (or a fortnight) had passed. */
async function nextPeriod(tier: 1 | 2) {
  const days = tier === 1 ? 7 : 14;
  await db()
    .update(payouts)
    .set({
      periodStart: sql`${payouts.periodStart} - make_interval(days => ${days})`,
      periodEnd: sql`${payouts.periodEnd} - make_interval(days => ${days})`,
    })
    .where(eq(payouts.tier, tier));
}

describe('weekly batches (tier 1)', () => {
  let ada: Person;
  let bob: Person;
  let paidPurchase: string;
  let batchId: string;
  /** Bob's 80.00 earning, of his 400.00 sale that was not approved when the first batch was made. */
  const bobsEarningOf80 = async () =>
    (
      await db()
        .select()
        .from(affiliateEarnings)
        .where(
          and(
            eq(affiliateEarnings.affiliateId, bob.id),
            eq(affiliateEarnings.affiliateEarning, '80.00'),
          ),
        )
    )[0];

  it('previews approved earnings up to the cut-off, per affiliate', async () => {
    ada = await person({
      affiliate: true,
      name: 'Ada, "Rocket" Lovelace',
      walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    });
    bob = await person({ affiliate: true, name: '=cmd|calc' });
    paidPurchase = (await sale(ada, '1000.00')).id;
    await sale(ada, '250.00');
    await sale(bob, '100.00');
    await sale(bob, '400.00', 0); // not approved yet: waits for a later batch

    const res = await as(app(), admin()).get('/v1/admin/payouts/preview?tier=1');
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().data;
    const period = lastCompletePeriod(1, new Date());
    expect(preview).toMatchObject({
      tier: 1,
      periodStart: period.start.toISOString(),
      periodEnd: period.end.toISOString(),
      holdDays: 7,
      existingPayout: null,
      carriedForward: [],
      currency: 'AUD',
    });
    expect(new Date(preview.approvedBy).getTime()).toBe(period.end.getTime() - 7 * 86_400_000);
    expect(lineOf(preview.lines, ada)).toEqual({
      affiliate: {
        _id: ada.id,
        email: ada.email,
        name: ada.name,
        walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      },
      destination: {
        kind: 'bank',
        currency: 'AUD',
        accountName: ada.name,
        bsb: '062-000',
        accountNumber: '12345678',
        updatedAt: expect.any(String),
      },
      held: false,
      heldReason: null,
      heldUntil: null,
      earnings: '250.00',
      adjustments: '0.00',
      amount: '250.00',
      earningsCount: 2,
    });
    expect(lineOf(preview.lines, bob)).toMatchObject({ amount: '20.00', earningsCount: 1 });
    expect(preview.total).toBe(sum(preview.lines));
  });

  it('creates the batch once per period, linking its earnings in one transaction', async () => {
    const res = await as(app(), admin()).post('/v1/admin/payouts', { tier: 1 });
    expect(res.statusCode, res.body).toBe(201);
    const batch = res.json().data;
    batchId = batch._id;
    expect(batch).toMatchObject({
      tier: 1,
      status: 'created',
      reference: null,
      paidAt: null,
      currency: 'AUD',
    });
    expect(lineOf(batch.lines, ada)!.amount).toBe('250.00');
    expect(lineOf(batch.lines, bob)!.amount).toBe('20.00');
    expect(batch.total).toBe(sum(batch.lines));
    expect(batch.affiliates).toBe(batch.lines.length);

    const linked = await db()
      .select()
      .from(affiliateEarnings)
      .where(eq(affiliateEarnings.payoutId, batchId));
    expect(linked.reduce((t, e) => t.plus(e.affiliateEarning), money(0)).toFixed(2)).toBe(
      batch.total,
    );
    const notYet = await bobsEarningOf80();
    expect(notYet!.payoutId).toBeNull();

    const again = await as(app(), admin()).post('/v1/admin/payouts', { tier: 1 });
    expect(again.statusCode).toBe(200);
    expect(again.json().data._id).toBe(batchId);
    expect(await db().select().from(payouts).where(eq(payouts.tier, 1))).toHaveLength(1);

    const preview = (await as(app(), admin()).get('/v1/admin/payouts/preview?tier=1')).json().data;
    expect(preview.existingPayout._id).toBe(batchId);
    expect(lineOf(preview.lines, ada)).toBeUndefined();

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payout.create'), eq(auditLog.entityId, batchId)));
    expect(audit).toMatchObject({ actorId: admin().id, entity: 'payout' });
    expect((audit!.after as { total: string }).total).toBe(batch.total);

    // The console's audit log names the batch, not paid yet, by its tier and UTC cut-off date.
    const logged = (
      await as(app(), admin()).get(`/v1/admin/audit-log?entity=payout&entityId=${batchId}`)
    ).json().data.data as { action: string; reference: string | null }[];
    const cutoff = (batch.periodEnd as string).slice(0, 10);
    expect(logged).toEqual([
      expect.objectContaining({ action: 'payout.create', reference: `Tier 1 batch to ${cutoff}` }),
    ]);
  });

  it('exports the batch as CSV: affiliate, e-mail, wallet, payout destination, amount AUD', async () => {
    const res = await as(app(), admin()).get(`/v1/admin/payouts/${batchId}/csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="tmc-payout-tier1-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('"affiliate","email","wallet","payout_destination","amount_aud"');
    expect(lines).toContain(
      `"Ada, ""Rocket"" Lovelace","${ada.email}","0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed","AUD bank: Ada, ""Rocket"" Lovelace, BSB 062-000, account 12345678","250.00"`,
    );
    expect(lines).toContain(
      `"'=cmd|calc","${bob.email}","","AUD bank: =cmd|calc, BSB 062-000, account 12345678","20.00"`,
    );
    expect(lines.at(-1)).toBe('');
    expect((await as(app(), admin()).get(`/v1/admin/payouts/${randomUUID()}/csv`)).statusCode).toBe(
      404,
    );
    // The first path of the export still answers the same file.
    const old = await as(app(), admin()).get(`/v1/admin/payouts/${batchId}.csv`);
    expect(old.statusCode).toBe(200);
    expect(old.body).toBe(res.body);
  });

  it('marks it paid with a reference: earnings paid, affiliates e-mailed, a second time refused', async () => {
    const res = await as(app(), admin()).post(`/v1/admin/payouts/${batchId}/paid`, {
      reference: 'WIRE-2024-001',
      expectedTotal: '270.00',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'paid',
      reference: 'WIRE-2024-001',
      paidAt: expect.any(String),
    });
    const rows = await db()
      .select()
      .from(affiliateEarnings)
      .where(eq(affiliateEarnings.payoutId, batchId));
    expect(rows.every((r) => r.status === 'paid' && r.paidAt !== null)).toBe(true);

    const mail = await box().next(ada.email, /affiliate payout/);
    expect(mail.text).toContain('A$250.00');
    expect(mail.text).toContain('WIRE-2024-001');

    const list = (await as(app(), ada).get('/v1/affiliate-earning/get')).json().data.data;
    expect(list.map((e: { status: string }) => e.status)).toEqual(['paid', 'paid']);
    expect((await as(app(), ada).get('/v1/affiliate-earning/summary')).json().data).toMatchObject({
      paid: '250.00',
      approved: '0.00',
    });

    const again = await as(app(), admin()).post(`/v1/admin/payouts/${batchId}/paid`, {
      reference: 'WIRE-2',
      expectedTotal: '270.00',
    });
    expect(again.statusCode).toBe(400);
    expect(
      (
        await as(app(), admin()).post(`/v1/admin/payouts/${batchId}/paid`, {
          reference: ' ',
          expectedTotal: '270.00',
        })
      ).statusCode,
    ).toBe(400);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payout.paid'), eq(auditLog.entityId, batchId)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.before).toMatchObject({ status: 'created' });
    expect(audits[0]!.after).toMatchObject({ status: 'paid', reference: 'WIRE-2024-001' });
    // Once paid, the log names it by the transfer reference.
    const logged = (
      await as(app(), admin()).get(`/v1/admin/audit-log?entity=payout&entityId=${batchId}`)
    ).json().data.data as { reference: string | null }[];
    expect(logged.map((e) => e.reference)).toEqual(['WIRE-2024-001', 'WIRE-2024-001']);
  });

  it('a revert after payment records a negative adjustment that the next batch takes off', async () => {
    const res = await decide(app(), admin(), paidPurchase, 4, 'Bank recalled the transfer');
    expect(res.statusCode, res.body).toBe(200);
    const rows = await earningsOf(db(), paidPurchase);
    expect(rows.map((r) => [r.kind, r.status, r.affiliateEarning])).toEqual([
      ['clawback', 'pending', '-200.00'],
      ['commission', 'paid', '200.00'],
    ]);
    const summary = (await as(app(), ada).get('/v1/affiliate-earning/summary')).json().data;
    expect(summary).toMatchObject({ paid: '250.00', adjustments: '-200.00', totalEarned: '50.00' });
    const listed = (await as(app(), ada).get('/v1/affiliate-earning/get')).json().data.data;
    expect(listed[0]).toMatchObject({
      kind: 'clawback',
      affiliateEarning: '-200.00',
      status: 'pending',
      tier: 1,
    });

    // A week later: Ada earned 300 more (60 commission) and Bob's 400 sale is approved.
    await nextPeriod(1);
    await sale(ada, '1500.00');
    await ageEarnings(db(), (await bobsEarningOf80())!.purchaseId, 30);
    const preview = (await as(app(), admin()).get('/v1/admin/payouts/preview?tier=1')).json().data;
    expect(preview.existingPayout).toBeNull();
    expect(lineOf(preview.lines, ada)).toMatchObject({
      earnings: '300.00',
      adjustments: '-200.00',
      amount: '100.00',
      earningsCount: 2,
    });
    expect(lineOf(preview.lines, bob)).toMatchObject({ amount: '80.00' });

    const next = await as(app(), admin()).post('/v1/admin/payouts', { tier: 1 });
    expect(next.statusCode, next.body).toBe(201);
    const batch = next.json().data;
    expect(lineOf(batch.lines, ada)!.amount).toBe('100.00');
    expect(batch.total).toBe(sum(batch.lines));
    expect(batch.lines.every((l: Line) => money(l.amount).gt(0))).toBe(true);
    const csv = (await as(app(), admin()).get(`/v1/admin/payouts/${batch._id}.csv`)).body;
    expect(csv).toContain(`"${ada.email}","0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed","AUD bank:`);
    expect(csv).toContain(`account 12345678","100.00"`);
  });

  it('carries forward an adjustment larger than what is due', async () => {
    const cleo = await person({ affiliate: true });
    const big = await sale(cleo, '1000.00');
    await nextPeriod(1);
    const created = await as(app(), admin()).post('/v1/admin/payouts', { tier: 1 });
    expect(created.statusCode).toBe(201);
    expect(
      (
        await as(app(), admin()).post(`/v1/admin/payouts/${created.json().data._id}/paid`, {
          reference: 'W-3',
          expectedTotal: created.json().data.total,
        })
      ).statusCode,
    ).toBe(200);
    expect((await decide(app(), admin(), big.id, 4)).statusCode).toBe(200);
    await sale(cleo, '100.00'); // 20 due, 200 to take back

    await nextPeriod(1);
    const preview = (await as(app(), admin()).get('/v1/admin/payouts/preview?tier=1')).json().data;
    expect(lineOf(preview.lines, cleo)).toBeUndefined();
    expect(lineOf(preview.carriedForward, cleo)).toMatchObject({
      earnings: '20.00',
      adjustments: '-200.00',
      amount: '-180.00',
    });
  });

  it('a revert of an earning in a batch not paid yet voids it and takes it out of the batch', async () => {
    const dan = await person({ affiliate: true });
    const eve = await person({ affiliate: true });
    const dansSale = await sale(dan, '500.00');
    await sale(eve, '50.00');
    const created = await as(app(), admin()).post('/v1/admin/payouts', { tier: 1 });
    expect(created.statusCode, created.body).toBe(201);
    const batch = created.json().data;
    expect(lineOf(batch.lines, dan)!.amount).toBe('100.00');

    expect((await decide(app(), admin(), dansSale.id, 4)).statusCode).toBe(200);
    const after = (await as(app(), admin()).get(`/v1/admin/payouts/${batch._id}`)).json().data;
    expect(lineOf(after.lines, dan)).toBeUndefined();
    expect(after.total).toBe(money(batch.total).minus(100).toFixed(2));
    expect(after.total).toBe(sum(after.lines));
    expect((await earningsOf(db(), dansSale.id)).map((r) => [r.status, r.payoutId])).toEqual([
      ['void', null],
    ]);
  });

  it('lists batches, newest period first', async () => {
    const res = await as(app(), admin()).get('/v1/admin/payouts?tier=1&limit=10');
    expect(res.statusCode).toBe(200);
    const { data, totalResults } = res.json().data;
    // Every tier-1 batch this file made, counted where they are kept.
    expect(totalResults).toBe(await db().$count(payouts, eq(payouts.tier, 1)));
    expect(totalResults).toBeGreaterThanOrEqual(3);
    const ends = data.map((p: { periodEnd: string }) => p.periodEnd);
    expect([...ends].sort().reverse()).toEqual(ends);
    // Each batch counts the affiliates it pays (it used to say 0).
    for (const p of data as { _id: string; affiliates: number }[]) {
      const detail = (await as(app(), admin()).get(`/v1/admin/payouts/${p._id}`)).json().data;
      expect(p.affiliates).toBe(detail.lines.length);
      expect(p.affiliates).toBeGreaterThan(0);
    }
    expect((await as(app(), admin()).get('/v1/admin/payouts?tier=3')).statusCode).toBe(400);
  });
});

describe('fortnightly batches (tier 2)', () => {
  it('pays introducers on a 14-day period', async () => {
    const ivy = await person({ affiliate: true });
    const finn = await person({ influencer: true, referredBy: ivy });
    await sale(finn, '1000.00');
    const preview = (await as(app(), admin()).get('/v1/admin/payouts/preview?tier=2')).json().data;
    const period = lastCompletePeriod(2, new Date());
    expect(preview.periodEnd).toBe(period.end.toISOString());
    expect(new Date(preview.periodEnd).getTime() - new Date(preview.periodStart).getTime()).toBe(
      14 * 86_400_000,
    );
    expect(preview.lines).toEqual([
      expect.objectContaining({
        affiliate: expect.objectContaining({ _id: ivy.id }),
        amount: '80.00',
      }),
    ]);
    const res = await as(app(), admin()).post('/v1/admin/payouts', { tier: '2' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ tier: 2, total: '80.00' });
  });

  it('refuses a batch with nothing due', async () => {
    await nextPeriod(2);
    const res = await as(app(), admin()).post('/v1/admin/payouts', { tier: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('No approved earnings are due for this period');
    expect((await as(app(), admin()).post('/v1/admin/payouts', { tier: 3 })).statusCode).toBe(400);
  });
});

describe('a payout line without a destination is held', () => {
  it('stays out of the batch, cannot be marked paid, and sends no "paid" e-mail', async () => {
    await nextPeriod(1);
    const ned = await person({ affiliate: true, payoutDestination: null });
    await sale(ned, '500.00');

    const preview = (await as(app(), admin()).get('/v1/admin/payouts/preview?tier=1')).json().data;
    expect(lineOf(preview.lines, ned)).toBeUndefined();
    expect(lineOf(preview.held, ned)).toMatchObject({
      amount: '100.00',
      destination: null,
      held: true,
    });
    // Whatever else is due is batched without Ned's line.
    const others = await as(app(), admin()).post('/v1/admin/payouts', { tier: 1 });
    if (others.statusCode === 201) expect(lineOf(others.json().data.lines, ned)).toBeUndefined();
    await nextPeriod(1);
    const refused = await as(app(), admin()).post('/v1/admin/payouts', { tier: 1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'No affiliate due for this period has a payout destination that can be paid yet; their lines are held',
    );

    // A batch made while Ned had a destination, whose copy is then missing (a batch of older
    // code): staff cannot mark it paid, nothing is paid and no e-mail goes out.
    const longAgo = new Date(Date.now() - 30 * 86_400_000);
    await db().insert(payoutDestinations).values({
      userId: ned.id,
      kind: 'wallet',
      walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      createdAt: longAgo,
      updatedAt: longAgo,
    });
    const created = await as(app(), admin()).post('/v1/admin/payouts', { tier: 1 });
    expect(created.statusCode, created.body).toBe(201);
    const batch = created.json().data;
    expect(batch.lines).toEqual([
      expect.objectContaining({
        held: false,
        destination: expect.objectContaining({ kind: 'wallet' }),
      }),
    ]);
    await db().delete(payoutLines).where(eq(payoutLines.payoutId, batch._id));
    const paid = await as(app(), admin()).post(`/v1/admin/payouts/${batch._id}/paid`, {
      reference: 'WIRE-HELD',
      expectedTotal: batch.total,
    });
    expect(paid.statusCode).toBe(400);
    expect(paid.json().message).toBe(
      'This payout has lines without a payout destination: they are held, so it cannot be marked paid',
    );
    const [after] = await db().select().from(payouts).where(eq(payouts.id, batch._id));
    expect(after!.status).toBe('created');
    const rows = await db()
      .select()
      .from(affiliateEarnings)
      .where(eq(affiliateEarnings.payoutId, batch._id));
    expect(rows.every((r) => r.status === 'pending')).toBe(true);
    expect(
      (await box().unread(ned.email)).filter((m) => /affiliate payout/.test(m.subject)),
    ).toEqual([]);
  });
});

describe('a batch pays the destinations it was made with', () => {
  it('copies each destination when made: a later change reaches neither the file nor the batch', async () => {
    await nextPeriod(1);
    const fay = await person({ affiliate: true, name: 'Fay' });
    await sale(fay, '500.00');
    const created = await as(app(), admin()).post('/v1/admin/payouts', { tier: 1 });
    expect(created.statusCode, created.body).toBe(201);
    const batch = created.json().data;
    expect(batch.total).toBe('100.00');
    expect(lineOf(batch.lines, fay)!.destination).toMatchObject({ accountNumber: '12345678' });

    // Whoever holds the affiliate's password names another account after the batch was made.
    await db()
      .update(payoutDestinations)
      .set({
        accountName: 'Mallory',
        bsb: '999-999',
        accountNumber: '99999999',
        updatedAt: new Date(),
      })
      .where(eq(payoutDestinations.userId, fay.id));
    const detail = (await as(app(), admin()).get(`/v1/admin/payouts/${batch._id}`)).json().data;
    expect(lineOf(detail.lines, fay)).toMatchObject({
      held: false,
      destination: { accountName: 'Fay', bsb: '062-000', accountNumber: '12345678' },
    });
    const csv = (await as(app(), admin()).get(`/v1/admin/payouts/${batch._id}/csv`)).body;
    expect(csv).toContain(
      `"Fay","${fay.email}","","AUD bank: Fay, BSB 062-000, account 12345678","100.00"`,
    );
    expect(csv).not.toContain('99999999');

    const paid = await as(app(), admin()).post(`/v1/admin/payouts/${batch._id}/paid`, {
      reference: 'WIRE-FAY',
      expectedTotal: '100',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(lineOf(paid.json().data.lines, fay)!.destination).toMatchObject({
      accountNumber: '12345678',
    });
  });

  it('"Mark paid" refuses a total other than the batch\'s, changing nothing', async () => {
    await nextPeriod(1);
    const hal = await person({ affiliate: true });
    await sale(hal, '250.00');
    const created = await as(app(), admin()).post('/v1/admin/payouts', { tier: 1 });
    expect(created.statusCode, created.body).toBe(201);
    const batch = created.json().data;
    expect(batch.total).toBe('50.00');
    const url = `/v1/admin/payouts/${batch._id}/paid`;

    const wrong = await as(app(), admin()).post(url, { reference: 'W-H', expectedTotal: '50.01' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(
      'The batch total is now A$50.00, not the total you entered: check the batch and its transfer file again before marking it paid',
    );
    expect(wrong.json().errors).toHaveProperty('expectedTotal');
    for (const body of [
      { reference: 'W-H' },
      { reference: 'W-H', expectedTotal: 'fifty' },
      { reference: 'W-H', expectedTotal: '50.001' },
      { reference: 'W-H', expectedTotal: '-50.00' },
    ]) {
      const res = await as(app(), admin()).post(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe('Enter the total you transferred in AUD, e.g. 1234.50');
    }
    const [still] = await db().select().from(payouts).where(eq(payouts.id, batch._id));
    expect(still).toMatchObject({ status: 'created', reference: null });
    const rows = await db()
      .select()
      .from(affiliateEarnings)
      .where(eq(affiliateEarnings.payoutId, batch._id));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.status !== 'pending')).toEqual([]);

    const right = await as(app(), admin()).post(url, { reference: 'W-H', expectedTotal: '50.00' });
    expect(right.statusCode, right.body).toBe(200);
  });

  it('holds a line whose destination changed in the last 3 days, saying why and until when', async () => {
    await nextPeriod(1);
    const gus = await person({ affiliate: true });
    await sale(gus, '500.00');
    // A first destination given today is paid at once: only a replaced one waits.
    const newcomer = await person({ affiliate: true });
    await sale(newcomer, '50.00');
    await db()
      .update(payoutDestinations)
      .set({ createdAt: new Date(), updatedAt: new Date() })
      .where(eq(payoutDestinations.userId, newcomer.id));
    const changedAt = new Date(Date.now() - 2 * 86_400_000);
    await db()
      .update(payoutDestinations)
      .set({ updatedAt: changedAt })
      .where(eq(payoutDestinations.userId, gus.id));

    const preview = (await as(app(), admin()).get('/v1/admin/payouts/preview?tier=1')).json().data;
    expect(lineOf(preview.lines, gus)).toBeUndefined();
    expect(lineOf(preview.held, gus)).toMatchObject({
      amount: '100.00',
      held: true,
      heldReason: 'destination-changed',
      heldUntil: new Date(changedAt.getTime() + 3 * 86_400_000).toISOString(),
      destination: { kind: 'bank', accountNumber: '12345678' },
    });
    expect(lineOf(preview.lines, newcomer)).toMatchObject({ amount: '10.00', held: false });
    const made = await as(app(), admin()).post('/v1/admin/payouts', { tier: 1 });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.lines.map((l: Line) => l.affiliate._id)).toEqual([newcomer.id]);

    // A day past the 3 days, the line is paid again.
    await nextPeriod(1);
    await db()
      .update(payoutDestinations)
      .set({ updatedAt: new Date(Date.now() - 4 * 86_400_000) })
      .where(eq(payoutDestinations.userId, gus.id));
    const created = await as(app(), admin()).post('/v1/admin/payouts', { tier: 1 });
    expect(created.statusCode, created.body).toBe(201);
    expect(lineOf(created.json().data.lines, gus)).toMatchObject({
      amount: '100.00',
      held: false,
      heldReason: null,
    });
  });
});

describe('an affiliate without a payout destination is told the commission is held', () => {
  it('in the commission e-mail and when a batch is made without them, with a link to add one', async () => {
    await nextPeriod(1);
    const hal = await person({ affiliate: true, payoutDestination: null, name: 'Hal' });
    const gil = await person({ affiliate: true, name: 'Gil' });

    await sale(hal, '300.00');
    const commission = await box().next(hal.email, /referral of yours/);
    expect(commission.text).toContain('Your commission: A$60.00 (tier 1).');
    expect(commission.text).toContain(
      'It is held until you add a payout destination: you have not told us where to pay you yet.',
    );
    expect(commission.text).toMatch(/https?:\/\/[^\s]+\/affiliates#payout-destination/);
    expect(commission.text).not.toContain('next weekly payout');

    await sale(gil, '100.00');
    const paidLater = await box().next(gil.email, /referral of yours/);
    expect(paidLater.text).toContain('is paid in the next weekly payout');
    expect(paidLater.text).not.toContain('held');

    const created = await as(app(), admin()).post('/v1/admin/payouts', { tier: 1 });
    expect(created.statusCode, created.body).toBe(201);
    expect(lineOf(created.json().data.lines, hal)).toBeUndefined();
    const held = await box().next(hal.email, /commission is held/);
    expect(held.subject).toBe('Your TMC affiliate commission is held');
    expect(held.text).toContain('This weekly payout does not include your commission of A$60.00.');
    expect(held.text).toContain('It is held until you add a payout destination');
    expect(held.text).toMatch(/https?:\/\/[^\s]+\/affiliates#payout-destination/);
    expect((await box().unread(gil.email)).filter((m) => /is held/.test(m.subject))).toEqual([]);

    const batch = created.json().data;
    const paid = await as(app(), admin()).post(`/v1/admin/payouts/${batch._id}/paid`, {
      reference: 'WIRE-GIL',
      expectedTotal: batch.total,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const paidMail = await box().next(gil.email, /affiliate payout/);
    expect(paidMail.text).toContain(
      'Paid to: AUD bank account Gil, BSB 062-000, account number ending 678',
    );
  });
});
