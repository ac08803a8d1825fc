import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatUnits, parseUnits } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import {
  chainWatchers,
  mailOutbox,
  settings,
  transactions,
  unmatchedPayments,
} from '../src/db/schema/index.ts';
import { createChainClient, type ChainClient } from '../src/lib/chain.ts';
import { createMailer } from '../src/lib/mailer/mailer.ts';
import { createStorage } from '../src/lib/storage/create-storage.ts';
import { FIRST_START_WINDOW } from '../src/modules/transactions/payment-watcher.ts';
import { getPostgresTestDatabase } from './db.ts';
import {
  due,
  expectUntouched,
  insertCryptoOrder,
  readOrder,
  readSettings,
  useCryptoApp,
  type Buyer,
} from './crypto-helpers.ts';
import { testConfig } from './test-app.ts';
import { money } from '../src/lib/money.ts';

const { devChain, app, db, tools, buyer, order } = useCryptoApp({ postgres: true });

/** Another copy of the API on the same database and chain, as a second server would run it. */
const copies: FastifyInstance[] = [];
async function apiCopy(chain?: ChainClient) {
  const config = testConfig();
  const database = await getPostgresTestDatabase();
  const { rpcUrl, chainId } = devChain();
  const copy = await buildApp({
    config,
    database,
    mailer: createMailer({ config, db: database.db, log: () => {} }),
    storage: createStorage(config),
    chain: chain ?? createChainClient({ rpcUrl, chainId }),
  });
  await copy.ready();
  copies.push(copy);
  return copy;
}
afterAll(async () => {
  for (const copy of copies) await copy.close();
});

/** Polls `check` until it answers something, or fails after `ms`. */
async function eventually<T>(check: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const watcherRow = async () =>
  (await db().select().from(chainWatchers).where(eq(chainWatchers.name, 'payments')))[0];

/** Resolves once the watcher has read past `block`. */
const readPast = (block: bigint) =>
  eventually(async () => ((await watcherRow())?.nextBlock ?? 0n) > block || undefined);

const verifiedMails = (b: Buyer) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, b.email), like(mailOutbox.subject, '%payment is verified%')));

const shifted = (amount: string, units: bigint, decimals: number) =>
  formatUnits(parseUnits(amount, decimals) + units, decimals);

describe('the payment watcher', () => {
  it('credits an exact payment with no verify call, exactly once with two copies of the API running', async () => {
    const second = await apiCopy();
    app().paymentWatcher.start(100);
    second.paymentWatcher.start(100);
    try {
      const b = await buyer({ wallet: 2 });
      const eth = await order(b, 'ETH', '0.05');
      const usdc = await order(b, 'USDC', '100');
      const before = await readSettings(db());
      const paid = [
        await tools().pay('ETH', due(eth.transaction), { fromIndex: 2 }),
        await tools().pay('USDC', due(usdc.transaction), { fromIndex: 3 }),
      ];
      await readPast(paid[1]!.blockNumber);

      for (const [i, o] of [eth, usdc].entries()) {
        const { transaction, purchase } = await readOrder(db(), o.transaction.id);
        expect(transaction).toMatchObject({ paymentStatus: 1, txnHash: paid[i]!.hash });
        expect(purchase.status).toBe(1);
      }
      const after = await readSettings(db());
      // A$250 for 0.05 ETH and A$153.85 for 100 USDC, once each.
      expect(money(after.raisedAud).minus(before.raisedAud).toFixed(2)).toBe('403.85');
      expect(await verifiedMails(b)).toHaveLength(2);
      const listed = await db().select().from(unmatchedPayments);
      expect(listed.filter((u) => paid.some((p) => p.hash === u.txnHash))).toEqual([]);
    } finally {
      await app().paymentWatcher.stop();
      await second.paymentWatcher.stop();
    }
  });

  it('lists short, excess and late payments for staff and credits nothing', async () => {
    const b = await buyer();
    const short = await order(b, 'ETH', '0.05');
    const excess = await order(b, 'USDC', '100');
    const late = await insertCryptoOrder(db(), {
      userId: b.user._id,
      coin: 'ETH',
      amount: '0.06',
      companyWallet: devChain().companyWallet,
      quoteExpiresAt: new Date(Date.now() - 1000),
    });
    const before = (await readSettings(db())).raisedAud;
    const payments = {
      short: await tools().pay('ETH', shifted(due(short.transaction), -1n, 18)),
      excess: await tools().pay('USDC', shifted(due(excess.transaction), 1n, 6), { fromIndex: 3 }),
      late: await tools().pay('ETH', due(late.transaction)),
    };
    try {
      await eventually(async () => {
        await app().paymentWatcher.pollOnce();
        return ((await watcherRow())?.nextBlock ?? 0n) > payments.late.blockNumber || undefined;
      });
    } finally {
      await app().paymentWatcher.stop();
    }

    for (const o of [short, excess, late]) await expectUntouched(db(), o.transaction.id, before);
    const listed = await db().select().from(unmatchedPayments);
    const byHash = (hash: string) => listed.filter((u) => u.txnHash === hash);
    // The watcher cannot tell whose a wrong amount is; a late one is its order's exact amount.
    expect(byHash(payments.short.hash)).toMatchObject([
      { reason: 'unknown', coin: 'ETH', purchaseId: null, status: 'open' },
    ]);
    expect(byHash(payments.excess.hash)).toMatchObject([
      { reason: 'unknown', coin: 'USDC', purchaseId: null, logIndex: expect.any(Number) },
    ]);
    expect(byHash(payments.late.hash)).toMatchObject([
      { reason: 'late', coin: 'ETH', purchaseId: late.purchase.id },
    ]);
    // Nothing else: the dev chain's set-up mint of USDC to the company wallet is no payment.
    expect(listed).toHaveLength(3);
  });

  it('resumes from the block after the last one it read when the API restarts', async () => {
    const first = await apiCopy();
    await first.paymentWatcher.pollOnce();
    const stoppedAt = (await watcherRow())!.nextBlock;
    await first.close();

    const b = await buyer();
    const { transaction } = await order(b, 'ETH', '0.05');
    const payment = await tools().pay('ETH', due(transaction));
    // More blocks than the first start would look back: only the stored place finds the payment.
    await tools().mine(Number(FIRST_START_WINDOW) + 5);

    const restarted = await apiCopy();
    const result = await restarted.paymentWatcher.pollOnce();
    await restarted.close();
    expect(result).toMatchObject({ leader: true, credited: 1, blocks: { from: stoppedAt } });
    expect(result.blocks!.to).toBeGreaterThanOrEqual(payment.blockNumber);
    expect((await readOrder(db(), transaction.id)).transaction).toMatchObject({
      paymentStatus: 1,
      txnHash: payment.hash,
    });
  });

  it('keeps going while the chain cannot be reached, and credits the payment once it can', async () => {
    const { rpcUrl, chainId } = devChain();
    const real = createChainClient({ rpcUrl, chainId });
    let down = true;
    const flaky: ChainClient = {
      ...real,
      getBlockNumber: () =>
        down ? Promise.reject(new Error('connect ECONNREFUSED')) : real.getBlockNumber(),
    };
    const copy = await apiCopy(flaky);
    const b = await buyer();
    const { transaction } = await order(b, 'ETH', '0.05');
    const payment = await tools().pay('ETH', due(transaction));
    copy.paymentWatcher.start(20);
    await expect(copy.paymentWatcher.pollOnce()).rejects.toThrow(/ECONNREFUSED/);
    down = false;
    await eventually(
      async () =>
        (await readOrder(db(), transaction.id)).transaction.paymentStatus === 1 || undefined,
    );
    await copy.close();
    expect((await readOrder(db(), transaction.id)).transaction.txnHash).toBe(payment.hash);
  });

  it('stops cleanly with the app and lets another copy take over at once', async () => {
    const copy = await apiCopy();
    copy.paymentWatcher.start(50);
    await eventually(async () => ((await watcherRow())?.leaseUntil ? true : undefined));
    await copy.close();
    expect((await watcherRow())!.leaseUntil).toBeNull();
    const next = await apiCopy();
    expect((await next.paymentWatcher.pollOnce()).leader).toBe(true);
    await next.close();
  });
});

describe('the watcher lease', () => {
  it('while one copy’s poll is slowed down, the other reads nothing; the transfer is credited once, by the slow one', async () => {
    // Whoever held the lease in an earlier test has stopped: free it.
    await db().update(chainWatchers).set({ leaseUntil: null });
    const { rpcUrl, chainId } = devChain();
    const real = createChainClient({ rpcUrl, chainId });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let slowed = false;
    const slow: ChainClient = {
      ...real,
      async getEthTransfersTo(...args) {
        slowed = true;
        await gate;
        return real.getEthTransfersTo(...args);
      },
    };
    const first = await apiCopy(slow);
    const second = await apiCopy();
    const b = await buyer();
    const { transaction } = await order(b, 'ETH', '0.05');
    const before = await readSettings(db());
    await tools().pay('ETH', due(transaction), { fromIndex: 3 });

    const slowPoll = first.paymentWatcher.pollOnce();
    await eventually(async () => slowed || undefined);
    // The lease is the first copy's until its poll ends: the second reads no block.
    const meanwhile = await second.paymentWatcher.pollOnce();
    expect(meanwhile).toEqual({ leader: false, credited: 0, unmatched: 0 });
    expect((await readOrder(db(), transaction.id)).transaction.paymentStatus).toBe(0);
    release();
    const done = await slowPoll;
    expect(done).toMatchObject({ leader: true, credited: 1 });
    expect((await readOrder(db(), transaction.id)).transaction).toMatchObject({
      paymentStatus: 1,
    });
    expect(await verifiedMails(b)).toHaveLength(1);
    const totals = await readSettings(db());
    expect(money(totals.raisedAud).minus(before.raisedAud).toFixed(2)).toBe('250.00');
    await first.paymentWatcher.stop();
  });
});

describe('settings the watcher reads', () => {
  it('only reads blocks with the configured confirmations', async () => {
    await db().update(settings).set({ minConfirmations: 3 });
    try {
      const b = await buyer();
      const { transaction } = await order(b, 'ETH', '0.05');
      const payment = await tools().pay('ETH', due(transaction));
      const copy = await apiCopy();
      await copy.paymentWatcher.pollOnce();
      expect((await readOrder(db(), transaction.id)).transaction.paymentStatus).toBe(0);
      await tools().mine(2);
      expect(await copy.paymentWatcher.pollOnce()).toMatchObject({ credited: 1 });
      await copy.close();
      expect(
        (await db().select().from(transactions).where(eq(transactions.txnHash, payment.hash)))
          .length,
      ).toBe(1);
    } finally {
      await db().update(settings).set({ minConfirmations: 1 });
    }
  });
});

describe('payments not yet confirmed', () => {
  it('a failed read of the unconfirmed blocks is logged and the confirmed payment is still credited', async () => {
    await db().update(chainWatchers).set({ leaseUntil: null });
    await db().update(settings).set({ minConfirmations: 2 });
    const { rpcUrl, chainId } = devChain();
    const real = createChainClient({ rpcUrl, chainId });
    let failFrom: bigint | undefined;
    const flaky: ChainClient = {
      ...real,
      getEthTransfersTo: (block, wallets) =>
        failFrom !== undefined && block >= failFrom
          ? Promise.reject(new Error('connect ECONNRESET'))
          : real.getEthTransfersTo(block, wallets),
    };
    try {
      const b = await buyer();
      const first = await order(b, 'ETH', '0.05');
      const second = await order(b, 'USDC', '100');
      const confirmed = await tools().pay('ETH', due(first.transaction), { fromIndex: 4 });
      const unconfirmed = await tools().pay('USDC', due(second.transaction), { fromIndex: 5 });
      expect(unconfirmed.blockNumber).toBe(confirmed.blockNumber + 1n);
      failFrom = unconfirmed.blockNumber;

      const copy = await apiCopy(flaky);
      const result = await copy.paymentWatcher.pollOnce();
      await copy.close();
      expect(result).toMatchObject({ leader: true, credited: 1 });
      expect(result.sighted).toBeUndefined();
      expect((await readOrder(db(), first.transaction.id)).transaction).toMatchObject({
        paymentStatus: 1,
        txnHash: confirmed.hash,
      });
      expect((await readOrder(db(), second.transaction.id)).transaction.paymentStatus).toBe(0);
    } finally {
      await db().update(settings).set({ minConfirmations: 1 });
    }
  });
});
