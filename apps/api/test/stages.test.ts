import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminStage } from '@tmc/shared';
import { purchases, stages, transactions } from '../src/db/schema/index.ts';
import { as, people, type Person } from './affiliates-helpers.ts';
import { useCryptoApp } from './crypto-helpers.ts';
import { audBankId } from './purchases-helpers.ts';
import { activeStage } from './stage-helpers.ts';

const { app, db, config, client, tools, buyer, box } = useCryptoApp();

let staff: Person;
let person: ReturnType<typeof people>;
let bankId: string;

beforeAll(async () => {
  person = people(db(), config());
  staff = await person({ role: 'admin' });
  bankId = await audBankId(app());
});

const config_ = async () => {
  const res = await client().get('/v1/presale/config');
  expect(res.statusCode).toBe(200);
  return res.json<{ data: Record<string, unknown> & { stage: Record<string, string> | null } }>()
    .data;
};
const stageList = async () => {
  const res = await as(app(), staff).get('/v1/admin/stages');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: AdminStage[] }>().data;
};
const stageById = async (id: string) => (await stageList()).find((s) => s.id === id)!;

/** An AUD bank order of `aud` (tokens = aud / price). */
const bankOrder = (who: Person, aud: string) =>
  as(app(), who).post('/v1/purchase/bank-order', {
    investmentAmount: aud,
    currency: 'AUD',
    userCurrency: 'AUD',
    userAmount: aud,
    bankId,
  });

describe('presale stages: the issue 41 scenario', () => {
  it('sells stage 1 to within the minimum, switches to stage 2, honours stage-1 quotes and never reopens stage 1', async () => {
    // The seeded stage makes way for the two of the scenario.
    const seeded = await activeStage(db());
    const closeSeeded = await as(app(), staff).post(`/v1/admin/stages/${seeded!.id}/close`, {
      remark: 'Replaced by the stage plan',
    });
    expect(closeSeeded.statusCode, closeSeeded.body).toBe(200);
    expect((await config_()).stage).toBeNull();
    const notSelling = await bankOrder(await person(), '100');
    expect(notSelling.statusCode).toBe(409);
    expect(notSelling.json().message).toBe('The presale is not selling right now');

    const start = Date.now() - 60_000;
    const one = await as(app(), staff).post('/v1/admin/stages', {
      name: 'Stage 1',
      priceAud: '0.010',
      tokenCap: '1000000',
      startsAt: new Date(start).toISOString(),
    });
    expect(one.statusCode, one.body).toBe(201);
    const stage1 = one.json<{ data: AdminStage }>().data;
    expect(stage1).toMatchObject({ state: 'active', priceAud: '0.01', left: '1000000.00' });
    const two = await as(app(), staff).post('/v1/admin/stages', {
      name: 'Stage 2',
      priceAud: '0.020',
      tokenCap: '1000000',
      startsAt: new Date(start + 1000).toISOString(),
    });
    expect(two.statusCode, two.body).toBe(201);
    const stage2 = two.json<{ data: AdminStage }>().data;
    expect(stage2.state).toBe('scheduled');

    const before = await config_();
    expect(before.tokenPriceAud).toBe('0.01');
    expect(before.stage).toEqual({
      id: stage1.id,
      name: 'Stage 1',
      priceAud: '0.01',
      tokensLeft: '1000000.00',
    });
    // Nothing about the next stage anywhere in the answer.
    expect(JSON.stringify(before)).not.toContain('0.02');
    expect(JSON.stringify(before)).not.toContain('Stage 2');

    // A: a bank order of 850,000 tokens; C: an ETH quote for 50,000 (0.1 ETH at A$5,000).
    const a = await person();
    const orderA = await bankOrder(a, '8500');
    expect(orderA.statusCode, orderA.body).toBe(201);
    expect(orderA.json().data.purchase).toMatchObject({
      tokenAmount: '850000.000000000000000000',
      stageId: stage1.id,
      stageName: 'Stage 1',
    });
    const mailA = await box().next(a.email, /presale request/);
    expect(mailA.text).toContain('Price: 0.01 AUD per TMC (Stage 1). This order keeps this price.');
    const c = await buyer({ wallet: 3 });
    const quote = await client().post(
      '/v1/purchase/add-crypto',
      { currency: 'ETH', investmentAmount: '0.1' },
      { token: c.access },
    );
    expect(quote.statusCode, quote.body).toBe(201);
    const quoted = quote.json().data;
    expect(quoted.purchase).toMatchObject({
      tokenAmount: '50000.000000000000000000',
      stageId: stage1.id,
    });
    expect(quoted.transaction).toMatchObject({ stageId: stage1.id, stageName: 'Stage 1' });
    expect(await stageById(stage1.id)).toMatchObject({
      reserved: '900000.00',
      left: '100000.00',
      openOrders: 2,
    });

    // B asks for more than is left: 409 with the number, never a later price.
    const b = await person();
    const tooMuch = await bankOrder(b, '2000');
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe(
      "Only 100,000.00 TMC are left at this stage's price: order up to 100,000.00.",
    );
    // 99,000 leaves 1,000 tokens, less than the A$50 minimum buys at 0.01 (5,000): stage 1 closes.
    const fits = await bankOrder(b, '990');
    expect(fits.statusCode, fits.body).toBe(201);
    expect(await stageById(stage1.id)).toMatchObject({
      state: 'closed',
      closeReason: 'sold_out',
      reserved: '999000.00',
      left: '0.00',
      unsold: '1000.00',
    });
    const after = await config_();
    expect(after.tokenPriceAud).toBe('0.02');
    expect(after.stage).toMatchObject({ id: stage2.id, priceAud: '0.02' });

    // C pays the stage-1 quote after the switch: credited at its quote, sold in stage 1.
    const payment = await tools().pay('ETH', quoted.transaction.price as string, { fromIndex: 3 });
    const verified = await client().post(
      `/v1/transaction/verify-crypto-pay/${quoted.transaction._id}`,
      { txnHash: payment.hash },
      { token: c.access },
    );
    expect(verified.statusCode, verified.body).toBe(200);
    const [paidOrder] = await db()
      .select()
      .from(purchases)
      .where(eq(purchases.id, quoted.purchase._id));
    expect(paidOrder).toMatchObject({
      status: 1,
      tokenAmount: '50000.000000000000000000',
      tokenPriceAud: '0.010000000000000000',
      stageId: stage1.id,
    });
    expect(await stageById(stage1.id)).toMatchObject({ sold: '50000.00', reserved: '949000.00' });

    // A's order rejected: its tokens go to unsold, stage 1 stays closed, even after the clock runs.
    const reject = await as(app(), staff).post(
      `/v1/admin/purchases/${orderA.json().data.purchase._id}/status`,
      { status: 2, remark: 'No payment arrived' },
    );
    expect(reject.statusCode, reject.body).toBe(200);
    await app().orderLapse.runOnce();
    expect(await stageById(stage1.id)).toMatchObject({
      state: 'closed',
      reserved: '99000.00',
      unsold: '851000.00',
      left: '0.00',
    });
    expect((await config_()).stage).toMatchObject({ id: stage2.id, priceAud: '0.02' });
    const next = await bankOrder(await person(), '100');
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().data.purchase).toMatchObject({
      tokenAmount: '5000.000000000000000000',
      stageId: stage2.id,
    });

    // The active stage's price and cap never change; a scheduled stage's do.
    for (const change of [{ priceAud: '0.015' }, { tokenCap: '5' }, { name: 'Renamed' }]) {
      const edit = await as(app(), staff).patch(`/v1/admin/stages/${stage2.id}`, change);
      expect(edit.statusCode).toBe(400);
      expect(edit.json().message).toBe(
        "Only a scheduled stage can be edited: an active or closed stage's price and cap never change",
      );
    }
    const three = await as(app(), staff).post('/v1/admin/stages', {
      name: 'Stage 3',
      priceAud: '0.03',
      tokenCap: '500000',
      startsAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(three.statusCode, three.body).toBe(201);
    const edit3 = await as(app(), staff).patch(`/v1/admin/stages/${three.json().data.id}`, {
      priceAud: '0.025',
    });
    expect(edit3.statusCode, edit3.body).toBe(200);
    expect(edit3.json().data).toMatchObject({ priceAud: '0.025', state: 'scheduled' });

    // Invariants: sold + reserved ≤ cap; sold = tokens of accepted orders; each price its stage's.
    const rows = await db().select().from(stages);
    for (const s of rows)
      expect(Number(s.sold) + Number(s.reserved)).toBeLessThanOrEqual(Number(s.tokenCap));
    const ordered = await db().select().from(purchases).where(eq(purchases.stageId, stage1.id));
    expect(ordered).toHaveLength(3);
    for (const p of ordered) expect(p.tokenPriceAud).toBe('0.010000000000000000');
    const [tx] = await db()
      .select()
      .from(transactions)
      .where(eq(transactions.id, quoted.transaction._id));
    expect(tx!.stageId).toBe(stage1.id);
  });
});

describe('the token price setting follows the stages', () => {
  it('refuses another price in the settings (400) and keeps the same one', async () => {
    const current = (await config_()).tokenPriceAud as string;
    const other = await as(app(), staff).put('/v1/admin/settings', { tokenPriceAud: '0.5' });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(
      'The token price is set by the presale stages: add a stage at the new price in Stages',
    );
    expect((await config_()).tokenPriceAud).toBe(current);
    const same = await as(app(), staff).put('/v1/admin/settings', { tokenPriceAud: current });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('staff close needs a remark and says how many open orders keep the price', async () => {
    const stage = await activeStage(db());
    const bare = await as(app(), staff).post(`/v1/admin/stages/${stage!.id}/close`, {
      remark: ' ',
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe('remark is required');
    const open = (await stageById(stage!.id)).openOrders;
    const closed = await as(app(), staff).post(`/v1/admin/stages/${stage!.id}/close`, {
      remark: 'Enough at this price',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({
      openOrders: open,
      stage: { state: 'closed', closeReason: 'staff', remark: 'Enough at this price' },
    });
    const again = await as(app(), staff).post(`/v1/admin/stages/${stage!.id}/close`, {
      remark: 'Twice',
    });
    expect(again.statusCode).toBe(400);
  });
});
