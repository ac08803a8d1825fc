import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { seedDatabase } from '../src/db/seed.ts';
import { chainWatchers } from '../src/db/schema/index.ts';
import type { BlockInfo } from '../src/lib/chain.ts';
import { createSystemStatusService } from '../src/modules/admin/system-status.service.ts';
import { as, people } from './affiliates-helpers.ts';
import { getTestDatabase, resetDatabase } from './db.ts';
import { buildTestApp, TEST_CHAIN, testConfig } from './test-app.ts';

/** A chain whose head the test sets, and which can stop answering. */
function fakeChain() {
  const state = { head: 11n, up: true };
  return {
    state,
    chain: {
      chainId: TEST_CHAIN.chainId,
      getBlockNumber: () =>
        state.up ? Promise.resolve(state.head) : Promise.reject(new Error('connection refused')),
      getBlock: (number: bigint): Promise<BlockInfo> =>
        Promise.resolve({
          number,
          hash: `0x${'00'.repeat(32)}`,
          timestamp: BigInt(Math.floor(Date.now() / 1000)),
        }),
    },
  };
}

const config = testConfig({ PAYMENT_WATCHER_INTERVAL_SECONDS: '5' });
let database: Database;

beforeAll(async () => {
  database = await getTestDatabase();
});

beforeEach(async () => {
  await resetDatabase(database);
  await seedDatabase(database.db, config, TEST_CHAIN, true);
});

/** The watcher's row as its last poll left it: the next block and the head that poll read. */
const watcherAt = (nextBlock: bigint, headBlock: bigint) =>
  database.db
    .insert(chainWatchers)
    .values({ name: 'payments', nextBlock, headBlock, lastSuccessAt: new Date() });

describe('System page: a watcher waiting beyond the chain head (m12)', () => {
  it('is red, says by how many blocks, and the metrics say it too', async () => {
    // The dev chain was restarted: the watcher wants block 35 of a chain whose head is 11.
    const { chain } = fakeChain();
    await watcherAt(35n, 11n);
    const service = createSystemStatusService({ config, database, chain });

    const status = await service.status();
    expect(status.watcher).toMatchObject({
      status: 'red',
      nextBlock: '35',
      lagBlocks: '0',
      aheadBlocks: '23',
    });
    expect(status.status).toBe('red');
    expect(status.thresholds.watcherAheadBlocks).toEqual({ red: 0 });
    expect((await service.figures()).watcher?.aheadBlocks).toBe(23n);
  });

  it('is ok when caught up: the next block is the one after the head', async () => {
    const { chain } = fakeChain();
    await watcherAt(12n, 11n);
    const service = createSystemStatusService({ config, database, chain });

    const status = await service.status();
    expect(status.watcher).toMatchObject({ status: 'ok', lagBlocks: '0', aheadBlocks: '0' });
    expect((await service.figures()).watcher?.aheadBlocks).toBe(0n);
  });

  it('takes the higher of its own head and the head the watcher last read: no alarm from a node two blocks behind', async () => {
    const { chain, state } = fakeChain();
    state.head = 40n;
    // The watcher's node had block 42 already; the node read here is two blocks behind.
    await watcherAt(43n, 42n);
    const service = createSystemStatusService({ config, database, chain });

    const status = await service.status();
    expect(status.watcher).toMatchObject({ status: 'ok', aheadBlocks: '0' });
  });

  it('judges it by the head the watcher last read while the chain RPC is down', async () => {
    const { chain, state } = fakeChain();
    state.up = false;
    await watcherAt(35n, 11n);
    const service = createSystemStatusService({ config, database, chain });

    const status = await service.status();
    expect(status.chain.reachable).toBe(false);
    expect(status.watcher).toMatchObject({ status: 'red', aheadBlocks: '23' });
  });
});

describe('GET /v1/admin/system', () => {
  it('answers how far beyond the head the watcher waits, and its threshold', async () => {
    // The test app's chain RPC does not answer: the head is the one the watcher last read.
    const built = await buildTestApp();
    try {
      const staff = await people(built.db, built.config)({ role: 'admin' });
      await built.db
        .insert(chainWatchers)
        .values({ name: 'payments', nextBlock: 35n, headBlock: 11n, lastSuccessAt: new Date() });
      const res = await as(built.app, staff).get('/v1/admin/system');
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data.watcher).toMatchObject({ status: 'red', nextBlock: '35', aheadBlocks: '23' });
      expect(data.thresholds.watcherAheadBlocks).toEqual({ red: 0 });
    } finally {
      await built.app.close();
    }
  });
});
