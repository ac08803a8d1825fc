import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementMessages, type OrderDelivery } from '@tmc/shared';
import { createStatementsService } from '../src/modules/statements/statements.service.ts';
import { auditLog, purchases, refunds } from '../src/db/schema/index.ts';
import { as, decide, insertBankPurchase, useAffiliatesApp } from './affiliates-helpers.ts';
import { pdfText } from './pdf-helpers.ts';

const t = useAffiliatesApp();

/** RFC 4180: quoted fields with "" for a quote, CRLF between lines. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
  }
  expect(field, 'the file ends with a line end').toBe('');
  return rows;
}

/** An accepted bank order of `aud` whose acceptance is dated `acceptedAt`. */
async function acceptedOrder(
  buyer: Parameters<typeof insertBankPurchase>[1],
  aud: string,
  acceptedAt: string,
) {
  const order = await insertBankPurchase(t.db(), buyer, aud);
  expect((await decide(t.app(), t.admin(), order.id, 1)).statusCode).toBe(200);
  await t
    .db()
    .update(purchases)
    .set({ acceptedAt: new Date(acceptedAt), reviewedAt: new Date(acceptedAt) })
    .where(eq(purchases.id, order.id));
  return order;
}

describe('statements', () => {
  it('holds exactly the orders of the financial year, in Sydney days, with totals that are the sums of the lines', async () => {
    const buyer = await t.person({ name: 'Tax Payer' });
    const other = await t.person();
    // 23:59:59 on 30 June 2026 in Sydney (AEST, UTC+10): the last second of FY2026.
    const lastSecond = await acceptedOrder(buyer, '300.00', '2026-06-30T13:59:59Z');
    // 00:00 on 1 July 2026 in Sydney: FY2027.
    const nextYear = await acceptedOrder(buyer, '700.00', '2026-06-30T14:00:00Z');
    // 1 July 2025 in Sydney (00:30 AEST): the first day of FY2026.
    const firstDay = await acceptedOrder(buyer, '500.00', '2025-06-30T14:30:00Z');
    // Half refunded in FY2026 (paid on 2 Jan 2026): its figures come back on that day.
    const refunded = await acceptedOrder(buyer, '120.50', '2025-12-20T00:00:00Z');
    const created = await as(t.app(), t.admin()).post('/v1/admin/refunds', {
      purchaseId: refunded.id,
      amount: '60.25',
      coin: 'AUD',
      reason: 'Asked for half back',
    });
    expect(created.statusCode, created.body).toBe(201);
    const refundId = created.json<{ data: { id: string } }>().data.id;
    const approve = await as(t.app(), t.admin()).post(`/v1/admin/refunds/${refundId}/approve`);
    expect(approve.statusCode, approve.body).toBe(200);
    const paid = await as(t.app(), t.admin()).post(`/v1/admin/refunds/${refundId}/paid`, {
      evidence: 'BANK-REF-1',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await t
      .db()
      .update(refunds)
      .set({ paidAt: new Date('2026-01-02T01:00:00Z') })
      .where(eq(refunds.id, refundId));
    // Reverted by staff: an approved refund of the whole order, not paid yet, is not a line.
    const reverted = await acceptedOrder(buyer, '80.00', '2026-03-01T00:00:00Z');
    expect((await decide(t.app(), t.admin(), reverted.id, 4, 'Payment bounced')).statusCode).toBe(
      200,
    );
    await acceptedOrder(other, '999.00', '2026-03-01T00:00:00Z');

    const res = await as(t.app(), buyer).get('/v1/account/statements?period=FY2026&format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="tmc-statement-FY2026.csv"',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const [header, ...lines] = parseCsv(res.body);
    expect(header).toEqual([
      'date',
      'kind',
      'reference',
      'amount',
      'currency',
      'aud_value',
      'tokens',
      'token_price_aud',
      'delivery_tx',
      'delivery_date',
    ]);
    const total = lines.pop()!;
    expect(lines.map((l) => [l[0], l[1], l[2], l[5]])).toEqual([
      ['2025-07-01', 'Purchase', firstDay.reference, '500.00'],
      ['2025-12-20', 'Purchase', refunded.reference, '120.50'],
      ['2026-01-02', 'Refund', refunded.reference, '-60.25'],
      ['2026-03-01', 'Purchase', reverted.reference, '80.00'],
      ['2026-06-30', 'Purchase', lastSecond.reference, '300.00'],
    ]);
    expect(lines.map((l) => l[2])).not.toContain(nextYear.reference);
    const sum = (column: number) => lines.reduce((s, l) => s.plus(l[column]!), new Decimal(0));
    expect(total[1]).toBe('Total');
    // The orders' AUD values less the refund: 500 + 120.50 + 80 + 300 - 60.25.
    expect(total[5]).toBe('940.25');
    expect(new Decimal(total[5]!).equals(sum(5))).toBe(true);
    expect(total[6]).toBe('47012.50');
    expect(new Decimal(total[6]!).equals(sum(6))).toBe(true);

    // The calendar year 2026 in Perth (UTC+8): the order at 14:00 UTC on 30 June is still 30 June.
    const calendar = await as(t.app(), buyer).get(
      '/v1/account/statements?period=2026&format=csv&tz=Australia%2FPerth',
    );
    const calendarLines = parseCsv(calendar.body).slice(1, -1);
    expect(calendarLines.map((l) => [l[0], l[2]])).toEqual([
      ['2026-01-02', refunded.reference],
      ['2026-03-01', reverted.reference],
      ['2026-06-30', lastSecond.reference],
      ['2026-06-30', nextYear.reference],
    ]);
  });

  it('defuses a formula in a reference-like field and gives the PDF the same lines and totals', async () => {
    const buyer = await t.person({ name: 'Pdf Reader' });
    const order = await acceptedOrder(buyer, '250.00', '2026-02-03T00:00:00Z');
    await t
      .db()
      .update(purchases)
      .set({ userCurrency: '=HYPERLINK("x")' })
      .where(eq(purchases.id, order.id));
    const csv = await as(t.app(), buyer).get('/v1/account/statements?period=2026&format=csv');
    expect(parseCsv(csv.body)[1]![4]).toBe(`'=HYPERLINK("x")`);
    await t.db().update(purchases).set({ userCurrency: 'AUD' }).where(eq(purchases.id, order.id));

    const pdf = await as(t.app(), buyer).get('/v1/account/statements?period=2026&format=pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('2026: 1 January 2026 to 31 December 2026 (Australia/Sydney)');
    expect(text).toContain('Pdf Reader');
    expect(text).toContain(order.reference);
    expect(text).toContain('250.00');
    expect(text).toContain('12,500.00');
  });

  it('refuses a period or format it does not know, and anyone not signed in', async () => {
    const buyer = await t.person();
    for (const [query, field, message] of [
      ['period=FY26&format=csv', 'period', statementMessages.period],
      ['period=2026-27&format=csv', 'period', statementMessages.period],
      ['format=csv', 'period', statementMessages.period],
      ['period=2026&format=xlsx', 'format', statementMessages.format],
      [
        'period=2026&format=csv&tz=Mars%2FOlympus',
        'tz',
        'tz must be an IANA time zone, e.g. Australia/Sydney',
      ],
    ] as const) {
      const res = await as(t.app(), buyer).get(`/v1/account/statements?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[field], query).toBe(message);
    }
    expect(
      (await as(t.app()).get('/v1/account/statements?period=2026&format=csv')).statusCode,
    ).toBe(401);
  });

  it('gives staff any buyer’s statement, audited, and buyers none of the staff route', async () => {
    const buyer = await t.person();
    const order = await acceptedOrder(buyer, '100.00', '2026-05-05T00:00:00Z');
    const url = `/v1/admin/users/${buyer.id}/statements?period=FY2026&format=csv`;
    const res = await as(t.app(), t.admin()).get(url);
    expect(res.statusCode).toBe(200);
    expect(parseCsv(res.body)[1]![2]).toBe(order.reference);
    const audits = await t
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'statement.download'), eq(auditLog.entityId, buyer.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorId).toBe(t.admin().id);
    expect(audits[0]!.after).toEqual({ period: 'FY2026', format: 'csv' });

    expect((await as(t.app(), buyer).get(url)).statusCode).toBe(403);
    const missing = await as(t.app(), t.admin()).get(
      '/v1/admin/users/00000000-0000-4000-8000-000000000000/statements?period=2026&format=csv',
    );
    expect(missing.statusCode).toBe(404);
  });
});

describe('statements: delivery columns', () => {
  it("fill each sale's line with its claim transaction and date, read as the order page reads them", async () => {
    const buyer = await t.person();
    const claimed = await acceptedOrder(buyer, '200.00', '2026-03-02T00:00:00Z');
    const notYet = await acceptedOrder(buyer, '80.00', '2026-03-03T00:00:00Z');
    const asked: string[] = [];
    const claimTx = `0x${'ab'.repeat(32)}`;
    // The order page's delivery line of each order (GET /v1/purchase/:id `delivery`).
    const orderDelivery = (userId: string, purchaseId: string): Promise<OrderDelivery | null> => {
      asked.push(`${userId}:${purchaseId}`);
      return Promise.resolve(
        purchaseId === claimed.id
          ? {
              state: 'claimed',
              epoch: 1,
              publishedAt: '2026-04-01T00:00:00.000Z',
              claimedTx: claimTx,
              // 10:30 on 5 April in Sydney (AEST, UTC+10).
              claimedAt: '2026-04-05T00:30:00.000Z',
            }
          : {
              state: 'published',
              epoch: 1,
              publishedAt: '2026-04-01T00:00:00.000Z',
              claimedTx: null,
              claimedAt: null,
            },
      );
    };
    const statements = createStatementsService({
      db: t.db(),
      presale: { settings: () => Promise.resolve({ tokenSymbol: 'TMC' }) } as never,
      seller: { name: 'TMC Presale Pty Ltd', address: '1 Test St' },
      orderDelivery,
    });
    const csv = await statements.forBuyer(buyer.id, { period: 'FY2026', format: 'csv' });
    const rows = parseCsv(String(csv.body));
    const header = rows[0]!;
    const line = (reference: string) => rows.find((r) => r[2] === reference)!;
    const col = (name: string) => header.indexOf(name);
    expect(col('delivery_tx')).toBeGreaterThan(-1);
    expect(line(claimed.reference)[col('delivery_tx')]).toBe(claimTx);
    expect(line(claimed.reference)[col('delivery_date')]).toBe('2026-04-05');
    expect(line(notYet.reference)[col('delivery_tx')]).toBe('');
    expect(line(notYet.reference)[col('delivery_date')]).toBe('');
    expect(asked.sort()).toEqual([`${buyer.id}:${claimed.id}`, `${buyer.id}:${notYet.id}`].sort());

    const pdf = await statements.forBuyer(buyer.id, { period: 'FY2026', format: 'pdf' });
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain(`Delivered 2026-04-05 in ${claimTx}`);
  });
});
