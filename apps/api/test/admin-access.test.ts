import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityMessages } from '@tmc/shared';
import { buildTestApp } from './test-app.ts';
import { as, people, type Person } from './affiliates-helpers.ts';

let app: FastifyInstance;
let user: Person;
let admin: Person;
let adminWithoutSecondFactor: Person;
let person: ReturnType<typeof people>;

const id = randomUUID();

/** Every staff route, with a body that would pass validation, so only the role decides. */
const ADMIN_ROUTES: {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  /** Kept working but left out of the API document. */
  hidden?: boolean;
}[] = [
  { method: 'GET', url: '/v1/admin/stats' },
  { method: 'GET', url: '/v1/admin/purchases' },
  { method: 'POST', url: `/v1/admin/purchases/${id}/status`, body: { status: 2, remark: 'no' } },
  { method: 'GET', url: '/v1/admin/transactions' },
  { method: 'GET', url: '/v1/admin/unmatched-payments' },
  { method: 'GET', url: `/v1/admin/unmatched-payments/${id}` },
  {
    method: 'POST',
    url: `/v1/admin/unmatched-payments/${id}/assign`,
    body: { reference: 'TMC-ABCDEF', remark: 'mine now' },
  },
  { method: 'POST', url: `/v1/admin/unmatched-payments/${id}/refund`, body: { remark: 'gone' } },
  {
    method: 'POST',
    url: `/v1/admin/transactions/${id}/move-credit`,
    body: { reference: 'TMC-ABCDEF', remark: 'r' },
  },
  { method: 'GET', url: '/v1/admin/banks' },
  {
    method: 'POST',
    url: '/v1/admin/banks',
    body: { currency: 'AUD', bankName: 'Sneaky Bank', accountHolder: 'Me', BIC: 'SNEAKY22' },
  },
  { method: 'PATCH', url: `/v1/admin/banks/${id}`, body: { bankName: 'Sneaky' } },
  { method: 'DELETE', url: `/v1/admin/banks/${id}` },
  { method: 'GET', url: '/v1/admin/currency-rates' },
  { method: 'PUT', url: '/v1/admin/currency-rates', body: { rates: { USD: '100' } } },
  { method: 'GET', url: '/v1/admin/settings' },
  { method: 'PUT', url: '/v1/admin/settings', body: { holdDays: 0 } },
  { method: 'GET', url: '/v1/admin/stages' },
  {
    method: 'POST',
    url: '/v1/admin/stages',
    body: { name: 'Cheap', priceAud: '0.001', tokenCap: '1000', startsAt: '2020-01-01T00:00:00Z' },
  },
  { method: 'PATCH', url: `/v1/admin/stages/${id}`, body: { priceAud: '0.001' } },
  { method: 'POST', url: `/v1/admin/stages/${id}/close`, body: { remark: 'Closing it' } },
  { method: 'GET', url: '/v1/admin/identity-reviews' },
  { method: 'GET', url: `/v1/admin/identity-reviews/${id}/documents` },
  { method: 'POST', url: `/v1/admin/identity-reviews/${id}/approve` },
  { method: 'POST', url: `/v1/admin/identity-reviews/${id}/reject`, body: { reason: 'Blurred' } },
  { method: 'GET', url: '/v1/admin/users' },
  { method: 'PATCH', url: `/v1/admin/users/${id}`, body: { role: 'admin' } },
  { method: 'POST', url: `/v1/admin/users/${id}/dismiss`, body: { reason: 'Promised returns' } },
  { method: 'GET', url: `/v1/admin/users/${id}/statements?period=2026&format=csv` },
  { method: 'GET', url: '/v1/admin/payouts/preview?tier=1' },
  { method: 'GET', url: '/v1/admin/payouts' },
  { method: 'POST', url: '/v1/admin/payouts', body: { tier: 1 } },
  { method: 'GET', url: `/v1/admin/payouts/${id}` },
  { method: 'POST', url: `/v1/admin/payouts/${id}/paid`, body: { reference: 'x' } },
  { method: 'GET', url: `/v1/admin/payouts/${id}/csv` },
  { method: 'GET', url: `/v1/admin/payouts/${id}.csv`, hidden: true },
  { method: 'GET', url: '/v1/admin/audit-log' },
  { method: 'GET', url: '/v1/admin/system' },
  { method: 'GET', url: '/v1/admin/stats/charts' },
  { method: 'POST', url: '/v1/admin/distributions' },
  { method: 'GET', url: '/v1/admin/distributions' },
  { method: 'GET', url: `/v1/admin/distributions/${id}` },
  { method: 'GET', url: `/v1/admin/distributions/${id}/leaves.csv` },
  { method: 'GET', url: `/v1/admin/distributions/${id}/safe-tx.json` },
  { method: 'GET', url: `/v1/admin/distributions/${id}/push-batches.json` },
  { method: 'POST', url: `/v1/admin/distributions/${id}/cancel` },
  { method: 'GET', url: '/v1/admin/refunds' },
  {
    method: 'POST',
    url: '/v1/admin/refunds',
    body: { purchaseId: id, amount: '1', coin: 'AUD', reason: 'r' },
  },
  { method: 'POST', url: `/v1/admin/refunds/${id}/approve` },
  { method: 'POST', url: `/v1/admin/refunds/${id}/decline`, body: { reason: 'no' } },
  { method: 'POST', url: `/v1/admin/refunds/${id}/paid`, body: { evidence: 'REF-1' } },
  { method: 'GET', url: `/v1/admin/refunds/${id}/safe-tx.json` },
  { method: 'POST', url: `/v1/admin/purchases/${id}/late-offer` },
];

const call = (who: Person | undefined, route: (typeof ADMIN_ROUTES)[number]) => {
  const client = as(app, who);
  switch (route.method) {
    case 'GET':
      return client.get(route.url);
    case 'DELETE':
      return client.delete(route.url);
    case 'POST':
      return client.post(route.url, route.body);
    case 'PUT':
      return client.put(route.url, route.body);
    case 'PATCH':
      return client.patch(route.url, route.body);
  }
};

beforeAll(async () => {
  let db, config;
  ({ app, db, config } = await buildTestApp());
  person = people(db, config);
  user = await person({ affiliate: true });
  admin = await person({ role: 'admin' });
  adminWithoutSecondFactor = await person({ role: 'admin', secondFactor: false });
});
afterAll(() => app.close());

describe('the staff console API', () => {
  it('lists every /v1/admin route here (so a new one cannot skip this test)', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/v1/admin'))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    const tested = ADMIN_ROUTES.filter((r) => !r.hidden)
      .map((r) => {
        const path = r.url.split('?')[0]!.replace(id, '{id}');
        return `${r.method} ${path}`;
      })
      .sort();
    expect(tested).toEqual(documented);
  });

  it.each(ADMIN_ROUTES)('$method $url answers 401 without a token', async (route) => {
    const res = await call(undefined, route);
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toMatchObject({ code: 401, data: null });
  });

  it.each(ADMIN_ROUTES)(
    '$method $url answers 403 to a signed-in user who is not staff',
    async (route) => {
      const res = await call(user, route);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ code: 403, data: null });
    },
  );

  it.each(ADMIN_ROUTES)(
    '$method $url answers 403 to an admin whose login had no second factor',
    async (route) => {
      const res = await call(adminWithoutSecondFactor, route);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({
        code: 403,
        message: securityMessages.secondFactorRequired,
        data: null,
      });
    },
  );

  it('lets an admin in; a change of role ends every session of that account', async () => {
    expect((await as(app, admin).get('/v1/admin/stats')).statusCode).toBe(200);
    expect((await as(app, user).get('/v1/auth/me')).statusCode).toBe(200);
    const promoted = await as(app, admin).patch(`/v1/admin/users/${user.id}`, { role: 'admin' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    // The login opened as a user ends: the new admin signs in again (with the second factor).
    expect((await as(app, user).get('/v1/auth/me')).statusCode).toBe(401);
    expect((await as(app, user).get('/v1/admin/stats')).statusCode).toBe(401);

    const colleague = await person({ role: 'admin' });
    expect((await as(app, colleague).get('/v1/admin/stats')).statusCode).toBe(200);
    const demoted = await as(app, admin).patch(`/v1/admin/users/${colleague.id}`, { role: 'user' });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect((await as(app, colleague).get('/v1/admin/stats')).statusCode).toBe(401);
    expect((await as(app, admin).get('/v1/admin/stats')).statusCode).toBe(200);
  });
});
