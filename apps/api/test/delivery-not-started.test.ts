import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, insertBankPurchase, people, type Person } from './affiliates-helpers.ts';
import { buildTestApp } from './test-app.ts';

// No TMC_TOKEN_ADDRESS / DISTRIBUTOR_ADDRESS: production before delivery starts.
let built: Awaited<ReturnType<typeof buildTestApp>>;
let admin: Person;
let buyer: Person;

beforeAll(async () => {
  built = await buildTestApp();
  const person = people(built.db, built.config);
  admin = await person({ role: 'admin' });
  buyer = await person();
  await insertBankPurchase(built.db, buyer, '30', { status: 1 });
});
afterAll(async () => {
  await built?.app.close();
});

describe('token delivery before a distributor is configured', () => {
  it('shows the buyer their allocation and that delivery has not started, failing nothing', async () => {
    const res = await as(built.app, buyer).get('/v1/delivery');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: unknown }>().data).toEqual({
      deliveryWallet: null,
      allocated: '1500.000000000000000000',
      published: null,
      claimed: '0.000000000000000000',
      claimableNow: '0.000000000000000000',
      vesting: null,
      proof: null,
      contract: null,
      token: null,
      chainId: 31337,
      held: null,
      push: false,
    });
    expect((await as(built.app, buyer).get('/v1/delivery/proof.json')).statusCode).toBe(404);
  });

  it('tells staff delivery has not started (409) and builds nothing', async () => {
    const res = await as(built.app, admin).post('/v1/admin/distributions');
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe('Token delivery has not started yet');
  });
});
