import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseMessages, type Purchase } from '@tmc/shared';
import { DEFAULT_SELLER } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import { purchases } from '../src/db/schema/index.ts';
import { as, decide, people, type Person } from './affiliates-helpers.ts';
import { audBankId, bankOrderBody, upload } from './purchases-helpers.ts';
import { pdfText } from './pdf-helpers.ts';
import { buildTestApp, testConfig } from './test-app.ts';

const SELLER_NAME = 'Meme Token Holdings Pty Ltd';
const SELLER_ADDRESS = 'Level 9, 100 Harbour Street, Sydney NSW 2000, Australia';

let app: FastifyInstance;
let db: Db;
let admin: Person;
let buyer: Person;
let order: Purchase;
let person: ReturnType<typeof people>;

const receipt = (query = '') => as(app, buyer).get(`/v1/purchase/${order._id}/receipt.pdf${query}`);

beforeAll(async () => {
  let config;
  ({ app, db, config } = await buildTestApp({
    env: { SELLER_NAME, SELLER_ADDRESS },
  }));
  person = people(db, config);
  admin = await person({ role: 'admin' });
  buyer = await person({ name: 'Receipt Reader' });
  // 500 EUR at the seeded rates: A$833.33 for 41,666.50 TMC at A$0.02.
  const res = await as(app, buyer).post(
    '/v1/purchase/bank-order',
    bankOrderBody(await audBankId(app)),
  );
  expect(res.statusCode, res.body).toBe(201);
  order = res.json<{ data: { purchase: Purchase } }>().data.purchase;
  const attached = await as(app, buyer).post(`/v1/purchase/${order._id}/receipt`, {
    receiptUrl: (await upload(app)).link,
    receiptType: 'image',
  });
  expect(attached.statusCode, attached.body).toBe(200);
  expect((await decide(app, admin, order._id, 1)).statusCode).toBe(200);
  // Late afternoon in UTC is already the next morning in Sydney (AEDT, UTC+11).
  await db
    .update(purchases)
    .set({
      createdAt: new Date('2026-03-04T15:30:00Z'),
      reviewedAt: new Date('2026-03-04T16:45:00Z'),
    })
    .where(eq(purchases.id, order._id));
});
afterAll(() => app.close());

describe('the PDF receipt', () => {
  it('shows its amounts as the site does, and names the seller with its address', async () => {
    const res = await receipt();
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('833.33 AUD');
    expect(text).toContain('500.00 EUR');
    expect(text).not.toMatch(/\b500 EUR/);
    expect(text).toContain('41,666.50 TMC');
    expect(text).toContain('0.02 AUD');
    expect(text).toContain(SELLER_NAME);
    expect(text).toContain(SELLER_ADDRESS);
    expect(text).toContain(order.reference);
  });

  it('is dated in UTC, saying so, when the request names no zone', async () => {
    const text = await pdfText((await receipt()).rawPayload);
    expect(text).toContain('04 Mar 2026, 03:30 pm UTC');
    expect(text).toContain('04 Mar 2026, 04:45 pm UTC');
  });

  it("is dated in the buyer's zone when the request passes one, with the zone written out", async () => {
    const res = await receipt('?tz=Australia%2FSydney');
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('05 Mar 2026, 02:30 am Australia/Sydney');
    expect(text).toContain('05 Mar 2026, 03:45 am Australia/Sydney');
    expect(text).not.toContain('UTC');
  });

  it('refuses a zone that is not an IANA name with a clear 400', async () => {
    for (const tz of ['Mars%2FOlympus', '', 'x'.repeat(80), '..%2F..%2Fetc']) {
      const res = await receipt(`?tz=${tz}`);
      expect(res.statusCode, tz).toBe(400);
      expect(res.json().errors.tz).toBe(purchaseMessages.timeZone);
    }
    // Still only the owner's: another buyer gets 404 whatever the zone.
    const stranger = await person();
    const other = await as(app, stranger).get(
      `/v1/purchase/${order._id}/receipt.pdf?tz=Australia%2FSydney`,
    );
    expect(other.statusCode).toBe(404);
  });
});

describe('the seller of the receipt', () => {
  it('has documented defaults when SELLER_NAME and SELLER_ADDRESS are not set', () => {
    expect(testConfig().seller).toEqual(DEFAULT_SELLER);
    expect(testConfig({ SELLER_NAME: 'A Pty Ltd', SELLER_ADDRESS: '1 Road' }).seller).toEqual({
      name: 'A Pty Ltd',
      address: '1 Road',
    });
  });
});
