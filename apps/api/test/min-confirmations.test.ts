import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { minConfirmationsFloorMessage } from '@tmc/shared';
import type { Db } from '../src/db/client.ts';
import { settings } from '../src/db/schema/index.ts';
import { enforceMinConfirmations } from '../src/db/seed.ts';
import { as, people, type Person } from './affiliates-helpers.ts';
import { buildTestApp, TEST_CHAIN } from './test-app.ts';

/** An app on a real chain's settings (CHAIN_RPC_URL with a chain id that is not the dev node's). */
let app: FastifyInstance;
let db: Db;
let staff: Person;

beforeAll(async () => {
  const built = await buildTestApp({
    env: {
      CHAIN_RPC_URL: 'http://127.0.0.1:1',
      CHAIN_ID: '1',
      COMPANY_WALLET: TEST_CHAIN.companyWallet,
      USDC_ADDRESS: TEST_CHAIN.usdcAddress,
    },
  });
  ({ app, db } = built);
  staff = await people(db, built.config)({ role: 'admin' });
});
afterAll(async () => {
  await app.close();
});

const stored = async () => (await db.select().from(settings))[0]!.minConfirmations;

describe('confirmations on a real chain', () => {
  it('the settings form refuses fewer than 12, with a clear message, and changes nothing', async () => {
    const put = (minConfirmations: unknown) =>
      as(app, staff).put('/v1/admin/settings', { minConfirmations });
    expect(await stored()).toBe(12);
    for (const few of [1, 11]) {
      const res = await put(few);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, message: minConfirmationsFloorMessage(12) });
      expect(await stored()).toBe(12);
    }
    const res = await put(15);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.minConfirmations).toBe(15);
  });

  it('at start, a database set up in development is raised to the floor; environment and database disagreeing: the higher wins, and a line says so', async () => {
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);
    const floor = { minConfirmationsFloor: 12, minConfirmationsFromEnv: false };

    await db.update(settings).set({ minConfirmations: 1 });
    await enforceMinConfirmations(db, { ...floor, minConfirmations: 12 }, log);
    expect(await stored()).toBe(12);
    expect(lines).toEqual([
      "The settings asked for 1 confirmation, below this chain's floor: using 12",
    ]);

    lines.length = 0;
    await enforceMinConfirmations(
      db,
      { ...floor, minConfirmations: 20, minConfirmationsFromEnv: true },
      log,
    );
    expect(await stored()).toBe(20);
    expect(lines).toEqual([
      'MIN_CONFIRMATIONS is 20 but the settings say 12: using 20, the higher',
    ]);

    lines.length = 0;
    await enforceMinConfirmations(
      db,
      { ...floor, minConfirmations: 14, minConfirmationsFromEnv: true },
      log,
    );
    expect(await stored()).toBe(20);
    expect(lines).toEqual([
      'MIN_CONFIRMATIONS is 14 but the settings say 20: using 20, the higher',
    ]);

    lines.length = 0;
    await enforceMinConfirmations(db, { ...floor, minConfirmations: 12 }, log);
    expect(await stored()).toBe(20);
    expect(lines).toEqual([]);
  });
});
