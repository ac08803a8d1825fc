import { randomBytes } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  unmatchedPaymentMessages as says,
  verifyPaymentMessages as verifyMessages,
} from '@tmc/shared';
import { auditLog, paymentClaims, purchases, unmatchedPayments } from '../src/db/schema/index.ts';
import { as, useAffiliatesApp, type Person } from './affiliates-helpers.ts';
import { insertCryptoOrder, readOrder, readSettings } from './crypto-helpers.ts';
import { TEST_CHAIN } from './test-app.ts';

const { app, db, admin, person } = useAffiliatesApp();

const staff = () => as(app(), admin());
const PAYER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

/** A transfer the watcher or a buyer's verification listed (the chain side is tested elsewhere). */
async function listed(amount = '0.0512', coin: 'ETH' | 'USDC' = 'ETH') {
  const [row] = await db()
    .insert(unmatchedPayments)
    .values({
      txnHash: `0x${randomBytes(32).toString('hex')}`,
      logIndex: coin === 'USDC' ? 3 : null,
      coin,
      fromAddress: PAYER,
      toAddress: TEST_CHAIN.companyWallet,
      amountBaseUnits: (coin === 'ETH'
        ? parseEther(amount)
        : BigInt(Number(amount) * 1e6)
      ).toString(),
      blockNumber: 42n,
      blockTime: new Date('2026-01-02T03:04:05Z'),
      reason: 'unknown',
    })
    .returning();
  return row!;
}

const ethOrder = (buyer: Person, amount = '0.05') =>
  insertCryptoOrder(db(), {
    userId: buyer.id,
    coin: 'ETH',
    amount,
    companyWallet: TEST_CHAIN.companyWallet,
  });

const rowOf = async (id: string) =>
  (await db().select().from(unmatchedPayments).where(eq(unmatchedPayments.id, id)))[0]!;
const auditsOf = (id: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'unmatchedPayment'), eq(auditLog.entityId, id)));

describe('GET /v1/admin/unmatched-payments', () => {
  it('is for staff only', async () => {
    expect((await as(app()).get('/v1/admin/unmatched-payments')).statusCode).toBe(401);
    const buyer = await person();
    expect((await as(app(), buyer).get('/v1/admin/unmatched-payments')).statusCode).toBe(403);
  });

  it('lists open payments by default, newest first, in the list envelope; other statuses on request', async () => {
    const older = await listed('0.0511');
    const newer = await listed('130.5', 'USDC');
    const res = await staff().get('/v1/admin/unmatched-payments?limit=30');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ page: 1, limit: 30 });
    const ids = page.data.map((p: { _id: string }) => p._id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(page.data.find((p: { _id: string }) => p._id === newer.id)).toEqual({
      _id: newer.id,
      txnHash: newer.txnHash,
      logIndex: 3,
      coin: 'USDC',
      fromAddress: PAYER,
      amount: '130.500000',
      blockNumber: '42',
      blockTime: '2026-01-02T03:04:05.000Z',
      reason: 'unknown',
      status: 'open',
      purchaseReference: null,
      remark: null,
      createdAt: newer.createdAt.toISOString(),
      resolvedAt: null,
      claimCount: 0,
      claimedFor: [],
      flagged: false,
    });
    expect(page.data.find((p: { _id: string }) => p._id === older.id)).toMatchObject({
      amount: '0.051100000000000000',
      logIndex: null,
    });
    const assigned = await staff().get('/v1/admin/unmatched-payments?status=assigned');
    expect(assigned.json().data.data.map((p: { _id: string }) => p._id)).not.toContain(newer.id);
    const bad = await staff().get('/v1/admin/unmatched-payments?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(says.status);
  });
});

describe('what staff decide on (m6)', () => {
  it('lists the orders buyers claimed a transfer for, and gives each candidate its difference in AUD', async () => {
    const buyer = await person();
    const other = await person();
    const first = await ethOrder(buyer);
    const second = await ethOrder(other, '0.06');
    const payment = await listed('0.04');
    await db()
      .insert(paymentClaims)
      .values(
        [first, second].map((o, i) => ({
          txnHash: payment.txnHash,
          logIndex: null,
          transactionId: o.transaction.id,
          userId: i === 0 ? buyer.id : other.id,
          senderAddress: PAYER,
          senderProven: false,
        })),
      );

    const list = await staff().get('/v1/admin/unmatched-payments?limit=30');
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().data.data.find((p: { _id: string }) => p._id === payment.id);
    expect(row).toMatchObject({ claimCount: 2, flagged: true });
    expect(row.claimedFor).toEqual([first.purchase.reference, second.purchase.reference].sort());

    const detail = await staff().get(`/v1/admin/unmatched-payments/${payment.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const candidates = detail.json().data.candidates as {
      reference: string;
      difference: string;
      differenceAud: string;
    }[];
    expect(candidates).toHaveLength(2);
    const forFirst = candidates.find((c) => c.reference === first.purchase.reference)!;
    // 0.04 ETH sent for about 0.05: short. The seeded rate is 0.0002 ETH per AUD.
    expect(forFirst.difference).toMatch(/^-0\.01/);
    expect(forFirst.differenceAud).toBe(
      new Decimal(forFirst.difference)
        .div('0.0002')
        .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
        .toFixed(2),
    );
    expect(forFirst.differenceAud).toMatch(/^-50\.\d{2}$/);
  });
});

describe('POST /v1/admin/unmatched-payments/:id/assign', () => {
  it('refuses bad input with a clear message and changes nothing', async () => {
    const buyer = await person();
    const { transaction, purchase } = await ethOrder(buyer);
    const usdcOrder = await insertCryptoOrder(db(), {
      userId: buyer.id,
      coin: 'USDC',
      amount: '100',
      companyWallet: TEST_CHAIN.companyWallet,
    });
    const payment = await listed();
    const raised = (await readSettings(db())).raisedAud;
    const url = `/v1/admin/unmatched-payments/${payment.id}/assign`;
    const cases: [string, unknown, number, string][] = [
      [url, { reference: purchase.reference }, 400, says.remarkRequired],
      [url, { reference: purchase.reference, remark: '   ' }, 400, says.remarkRequired],
      [url, { reference: purchase.reference, remark: 'x'.repeat(501) }, 400, says.remarkTooLong],
      [url, { reference: 'nonsense', remark: 'r' }, 400, says.reference],
      [url, { reference: 'TMC-ZZZZZZ', remark: 'r' }, 400, says.notPendingCryptoOrder('ETH')],
      [
        url,
        { reference: usdcOrder.purchase.reference, remark: 'r' },
        400,
        says.notPendingCryptoOrder('ETH'),
      ],
      [
        `/v1/admin/unmatched-payments/${crypto.randomUUID()}/assign`,
        { reference: purchase.reference, remark: 'r' },
        404,
        says.notFound,
      ],
      [
        '/v1/admin/unmatched-payments/not-an-id/assign',
        { reference: purchase.reference, remark: 'r' },
        400,
        'Invalid id',
      ],
    ];
    for (const [path, body, status, message] of cases) {
      const res = await staff().post(path, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(status);
      expect(res.json().message).toBe(message);
    }

    // A rejected order is no longer pending.
    await db().update(purchases).set({ status: 2 }).where(eq(purchases.id, usdcOrder.purchase.id));
    const usdcPayment = await listed('100', 'USDC');
    const rejected = await staff().post(`/v1/admin/unmatched-payments/${usdcPayment.id}/assign`, {
      reference: usdcOrder.purchase.reference,
      remark: 'r',
    });
    expect(rejected.json().message).toBe(says.notPendingCryptoOrder('USDC'));

    // A transfer the chain does not show cannot be assigned: what is credited is what the chain
    // says was received (see admin-unmatched-assign.test.ts for transfers it does show).
    // Here the chain cannot be reached at all: a clear 503, nothing decided.
    const unknown = await staff().post(url, { reference: purchase.reference, remark: 'r' });
    expect(unknown.statusCode).toBe(503);
    expect(unknown.json().message).toBe(verifyMessages.chainUnavailable);

    expect(await rowOf(payment.id)).toMatchObject({
      status: 'open',
      purchaseId: null,
      remark: null,
    });
    expect((await readOrder(db(), transaction.id)).transaction).toMatchObject({
      paymentStatus: 0,
      txnHash: null,
    });
    expect((await readSettings(db())).raisedAud).toBe(raised);
    expect(await auditsOf(payment.id)).toEqual([]);
  });
});

describe('POST /v1/admin/unmatched-payments/:id/refund', () => {
  it('marks the payment refunded with the remark, audited; then it can no longer be assigned', async () => {
    const buyer = await person();
    const { purchase } = await ethOrder(buyer);
    const payment = await listed();
    const url = `/v1/admin/unmatched-payments/${payment.id}/refund`;

    const missing = await staff().post(url, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(says.remarkRequired);
    expect((await rowOf(payment.id)).status).toBe('open');

    const res = await staff().post(url, { remark: 'Sent back to the sender, tx 0xabc' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: says.refunded,
      data: { status: 'refunded', remark: 'Sent back to the sender, tx 0xabc' },
    });
    expect(await auditsOf(payment.id)).toMatchObject([
      {
        actorId: admin().id,
        action: 'unmatchedPayment.refund',
        before: { status: 'open' },
        after: { status: 'refunded', remark: 'Sent back to the sender, tx 0xabc' },
      },
    ]);
    // The console's audit log names the payment by its transaction hash.
    const logged = await staff().get(
      `/v1/admin/audit-log?entity=unmatchedPayment&entityId=${payment.id}`,
    );
    expect(logged.json().data.data).toMatchObject([
      { action: 'unmatchedPayment.refund', reference: (await rowOf(payment.id)).txnHash },
    ]);
    const refunded = await staff().get('/v1/admin/unmatched-payments?status=refunded');
    expect(refunded.json().data.data.map((p: { _id: string }) => p._id)).toContain(payment.id);

    for (const [path, body] of [
      [url, { remark: 'twice' }],
      [
        `/v1/admin/unmatched-payments/${payment.id}/assign`,
        { reference: purchase.reference, remark: 'r' },
      ],
    ] as const) {
      const res = await staff().post(path, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(says.notOpen);
    }
    expect(await auditsOf(payment.id)).toHaveLength(1);
  });
});
