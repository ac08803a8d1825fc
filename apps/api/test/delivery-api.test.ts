import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { StandardMerkleTree } from '@openzeppelin/merkle-tree';
import { and, eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { decodeFunctionData, erc20Abi, parseUnits, type Address, type Hex } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, purchases, tokenClaims, walletProofs } from '../src/db/schema/index.ts';
import { devAccount } from '../src/dev/dev-accounts.ts';
import { distributorAbi } from '../src/lib/distributor-abi.ts';
import { metricsText } from '../src/lib/metrics.ts';
import { publishSafeBatch } from '../src/dev/publish-distribution.ts';
import type { ProofFile } from '../src/modules/delivery/tmc-amount.ts';
import { as, insertBankPurchase, people, type Person } from './affiliates-helpers.ts';
import { proveWallet, useCryptoApp } from './crypto-helpers.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const { devChain, app, db, config, box, tools } = useCryptoApp();
let person: ReturnType<typeof people>;
let admin: Person;

const TMC = (amount: string) => parseUnits(amount, 18);
/** 18 places, as the API writes token amounts. */
const tmc18 = (amount: string) => `${amount}.000000000000000000`;
const OWNER = 0;
const wallet = (index: number) => devAccount(index).address;

beforeAll(async () => {
  person = people(db(), config());
  admin = await person({ role: 'admin' });
});

const distributor = () => devChain().delivery!.distributorAddress;
const token = () => devChain().delivery!.tokenAddress;

/** An accepted bank order of `aud` at the seed price (0.02 AUD a TMC). */
const accepted = (buyer: Person, aud: string) =>
  insertBankPurchase(db(), buyer, aud, { status: 1 });

interface Distribution {
  _id: string;
  epoch: number;
  root: Hex;
  total: string;
  status: string;
  freezeClaims: boolean;
  leafCount: number;
  holds: { userId: string; email: string; tokens: string; reason: string }[];
  diff: { counts: Record<string, number> };
  fundingNeeded: string;
}

/** GET /v1/admin/distributions/:id: the diff's rows, read from both roots' leaves. */
async function diffRows(id: string) {
  const res = await as(app(), admin).get(`/v1/admin/distributions/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    data: {
      diff: {
        rows: {
          address: string;
          email: string | null;
          change: string;
          previous: string;
          next: string;
        }[];
      };
    };
  }>().data.diff.rows;
}

async function build(expected = 201) {
  const res = await as(app(), admin).post('/v1/admin/distributions');
  expect(res.statusCode, res.body).toBe(expected);
  return res.json<{ data: Distribution; message?: string }>();
}

interface SafeBatch {
  chainId: string;
  transactions: { to: Address; value: string; data: Hex }[];
}

/** Sends the Safe batch as the Safe would (dev:publish's own function), then reads the chain. */
async function publish(id: string) {
  const res = await as(app(), admin).get(`/v1/admin/distributions/${id}/safe-tx.json`);
  expect(res.statusCode, res.body).toBe(200);
  const batch = res.json<SafeBatch>();
  const { rpcUrl, chainId } = devChain();
  await publishSafeBatch({ rpcUrl, chainId, distributor: distributor(), batch });
  await app().paymentWatcher.pollOnce();
  return batch;
}

const delivery = async (who: Person) => {
  const res = await as(app(), who).get('/v1/delivery');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    data: {
      deliveryWallet: string | null;
      allocated: string;
      published: { epoch: number; cumulative: string } | null;
      claimed: string;
      claimableNow: string;
      proof: { address: Address; cumulativeAmount: string; proof: Hex[]; root: Hex } | null;
      contract: string | null;
      held: { tokens: string; reason: string } | null;
      push: boolean;
    };
  }>().data;
};

const balanceOf = (account: Address) =>
  tools().publicClient.readContract({
    address: token(),
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [account],
  });

/** The proof file attached to the newest "ready to claim" e-mail to `email`. */
async function mailedProof(email: string) {
  const message = await box().next(email, /ready to claim/);
  const parsed = await PostalMime.parse(message.raw);
  expect(parsed.attachments.map((a) => a.filename)).toEqual(['tmc-proof.json']);
  const content = parsed.attachments[0]!.content;
  const text = typeof content === 'string' ? content : new TextDecoder().decode(content);
  return JSON.parse(text) as ProofFile;
}

describe('token delivery, end to end on the dev chain', () => {
  let alice: Person; // proved dev #3: 100 AUD, 5,000 TMC
  let bob: Person; // proved dev #4: 50 AUD, 2,500 TMC
  let carol: Person; // proved nothing: 20 AUD, 1,000 TMC
  let dave: Person; // proved dev #5 and #6, chose none: 10 AUD, 500 TMC
  let erin: Person; // proved dev #7, her only order reverted
  let first: Distribution;
  let aliceFirstOrder: string;
  let bobOrder: string;
  let carolOrder: string;

  beforeAll(async () => {
    [alice, bob, carol, dave, erin] = await Promise.all([
      person(),
      person(),
      person(),
      person(),
      person(),
    ]);
    await proveWallet(db(), alice.id, wallet(3));
    await proveWallet(db(), bob.id, wallet(4));
    await proveWallet(db(), dave.id, wallet(5));
    await proveWallet(db(), dave.id, wallet(6));
    await proveWallet(db(), erin.id, wallet(7));
    aliceFirstOrder = (await accepted(alice, '100')).id;
    bobOrder = (await accepted(bob, '50')).id;
    carolOrder = (await accepted(carol, '20')).id;
    await accepted(dave, '10');
    await insertBankPurchase(db(), erin, '40', { status: 4 });
  });

  it('shows a buyer their allocation before any root, with nothing published', async () => {
    const order = await as(app(), alice).get(`/v1/purchase/${aliceFirstOrder}`);
    expect(order.json<{ data: { delivery: unknown } }>().data.delivery).toEqual({
      state: 'pending',
      epoch: null,
      publishedAt: null,
      claimedTx: null,
      claimedAt: null,
    });
    const d = await delivery(alice);
    expect(d).toMatchObject({
      deliveryWallet: wallet(3),
      allocated: tmc18('5000'),
      published: null,
      claimed: tmc18('0'),
      claimableNow: tmc18('0'),
      proof: null,
      contract: distributor(),
      held: null,
    });
  });

  it('builds a draft of the exact allocations on proven wallets, holding the others', async () => {
    const { data } = await build();
    first = data;
    expect(data).toMatchObject({
      epoch: 1,
      status: 'draft',
      total: tmc18('7500'),
      leafCount: 2,
      freezeClaims: false,
      fundingNeeded: tmc18('7500'),
    });
    expect(data.holds.map((h) => [h.userId, h.tokens, h.reason]).sort()).toEqual(
      [
        [carol.id, tmc18('1000'), 'no_proven_wallet'],
        [dave.id, tmc18('500'), 'no_delivery_wallet'],
      ].sort(),
    );
    expect(data.diff.counts).toMatchObject({ new: 2, increased: 0, decreased: 0, held: 2 });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'distribution.build'), eq(auditLog.entityId, data._id)));
    expect(entry?.actorId).toBe(admin.id);
    expect((await box().next(carol.email, /Prove a wallet/)).text).toContain('1,000');
    expect((await box().next(dave.email, /Choose the wallet/)).text).toContain('500');
  });

  it('refuses a second build while the draft exists (409), changing nothing', async () => {
    const { message } = await build(409);
    expect(message).toBe(
      'A draft or a proposed root already exists: cancel the draft (or the proposal, from the Safe) first',
    );
    const list = await as(app(), admin).get('/v1/admin/distributions');
    expect(list.json<{ data: { results: unknown[] } }>().data.results).toHaveLength(1);
  });

  it('serves leaves.csv from which @openzeppelin/merkle-tree rebuilds the same root', async () => {
    const res = await as(app(), admin).get(`/v1/admin/distributions/${first._id}/leaves.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...rows] = res.body.trim().split('\n');
    expect(header).toBe('address,cumulative_base_units');
    const leaves = rows.map((r) => r.split(','));
    expect(leaves.sort()).toEqual(
      [
        [wallet(3), TMC('5000').toString()],
        [wallet(4), TMC('2500').toString()],
      ].sort(),
    );
    const rebuilt = StandardMerkleTree.of(leaves, ['address', 'uint256']);
    expect(rebuilt.root).toBe(first.root);
  });

  it('serves safe-tx.json: proposeRoot with that root, then a transfer of the shortfall', async () => {
    const res = await as(app(), admin).get(`/v1/admin/distributions/${first._id}/safe-tx.json`);
    const batch = res.json<SafeBatch>();
    expect(batch.chainId).toBe('31337');
    expect(batch.transactions).toHaveLength(2);
    const [propose, fund] = batch.transactions;
    expect(propose!.to).toBe(distributor());
    expect(decodeFunctionData({ abi: distributorAbi, data: propose!.data })).toEqual({
      functionName: 'proposeRoot',
      args: [first.root, 1n, TMC('7500'), false],
    });
    expect(fund!.to).toBe(token());
    expect(decodeFunctionData({ abi: erc20Abi, data: fund!.data })).toEqual({
      functionName: 'transfer',
      args: [distributor(), TMC('7500')],
    });
  });

  it('follows the chain: once accepted, each buyer in it is mailed their proof and can claim', async () => {
    await publish(first._id);
    const one = await as(app(), admin).get(`/v1/admin/distributions/${first._id}`);
    expect(one.json<{ data: Distribution }>().data.status).toBe('accepted');

    const d = await delivery(alice);
    expect(d.published).toEqual({ epoch: 1, cumulative: tmc18('5000') });
    expect(d.claimableNow).toBe(tmc18('5000'));
    expect(d.proof?.address).toBe(wallet(3));
    const heldCarol = await delivery(carol);
    expect(heldCarol.published).toBeNull();
    expect(heldCarol.held).toEqual({ tokens: tmc18('1000'), reason: 'no_proven_wallet' });

    // The proof file of the e-mail alone claims the allocation (sent by someone else).
    const proof = await mailedProof(alice.email);
    expect(proof).toMatchObject({ epoch: 1, contract: distributor(), chainId: 31337 });
    const before = await balanceOf(wallet(3));
    const hash = await tools()
      .walletOf(8)
      .writeContract({
        address: proof.contract,
        abi: distributorAbi,
        functionName: 'claim',
        args: [proof.address, BigInt(proof.cumulativeAmount), proof.proof],
      });
    await tools().publicClient.waitForTransactionReceipt({ hash });
    expect((await balanceOf(wallet(3))) - before).toBe(TMC('5000'));
    // The page answers from the database: the claim counts once the reader has stored its log.
    expect((await delivery(alice)).claimed).toBe(tmc18('0'));

    await app().paymentWatcher.pollOnce();
    const claims = await db()
      .select()
      .from(tokenClaims)
      .where(eq(tokenClaims.txHash, hash.toLowerCase()));
    expect(claims).toMatchObject([
      { address: wallet(3).toLowerCase(), amountBaseUnits: TMC('5000').toString(), epoch: 1 },
    ]);
    const text = await metricsText();
    expect(text).toMatch(/^tmc_delivery_watcher_lag_blocks 0$/m);
    expect(text).toMatch(/^tmc_delivery_claims_stored_total [1-9]\d*$/m);
    const after = await delivery(alice);
    expect(after.claimed).toBe(tmc18('5000'));
    expect(after.claimableNow).toBe(tmc18('0'));

    // Each order says where its tokens are.
    const orderDelivery = async (who: Person, id: string) => {
      const res = await as(app(), who).get(`/v1/purchase/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: { delivery: unknown } }>().data.delivery;
    };
    const [claimLog] = claims;
    expect(await orderDelivery(alice, aliceFirstOrder)).toEqual({
      state: 'claimed',
      epoch: 1,
      publishedAt: expect.any(String),
      claimedTx: hash.toLowerCase(),
      claimedAt: claimLog!.blockTime.toISOString(),
    });
    expect(await orderDelivery(bob, bobOrder)).toEqual({
      state: 'published',
      epoch: 1,
      publishedAt: expect.any(String),
      claimedTx: null,
      claimedAt: null,
    });
    expect(await orderDelivery(carol, carolOrder)).toEqual({
      state: 'held',
      epoch: null,
      publishedAt: null,
      claimedTx: null,
      claimedAt: null,
    });

    // The System page and the metrics: 7,500 published, 5,000 claimed, 2,500 left and held in
    // the contract; Carol's 1,000 held (no proven wallet) and 500 of a buyer with two wallets.
    const system = await as(app(), admin).get('/v1/admin/system');
    expect(system.statusCode, system.body).toBe(200);
    expect(system.json<{ data: { delivery: unknown } }>().data.delivery).toEqual({
      status: 'ok',
      claimed: tmc18('5000'),
      published: tmc18('7500'),
      unclaimed: tmc18('2500'),
      held: [
        { reason: 'no_proven_wallet', buyers: 1, tokens: tmc18('1000') },
        { reason: 'no_delivery_wallet', buyers: 1, tokens: tmc18('500') },
      ],
      fundingShortfall: tmc18('0'),
      readerLagBlocks: '0',
    });
    const scraped = await metricsText();
    expect(scraped).toMatch(/^tmc_delivery_claimed_tokens 5000$/m);
    expect(scraped).toMatch(/^tmc_delivery_unclaimed_tokens 2500$/m);
    expect(scraped).toMatch(/^tmc_delivery_funding_shortfall_tokens 0$/m);
    expect(scraped).toMatch(/^tmc_delivery_held_tokens\{reason="no_proven_wallet"\} 1000$/m);
    expect(scraped).toMatch(/^tmc_delivery_reader_lag_blocks 0$/m);
  });

  it('serves the proof file to its buyer, and 404 to a held one', async () => {
    const res = await as(app(), bob).get('/v1/delivery/proof.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.json()).toMatchObject({
      address: wallet(4),
      cumulativeAmount: TMC('2500').toString(),
    });
    const held = await as(app(), carol).get('/v1/delivery/proof.json');
    expect(held.statusCode).toBe(404);
  });

  it('lets a buyer choose only a wallet they proved', async () => {
    const refused = await as(app(), dave).put('/v1/account/delivery-wallet', {
      address: wallet(7),
    });
    expect(refused.statusCode).toBe(400);
    expect((await delivery(dave)).deliveryWallet).toBeNull();
    const chosen = await as(app(), dave).put('/v1/account/delivery-wallet', {
      address: wallet(6).toLowerCase(),
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await delivery(dave)).deliveryWallet).toBe(wallet(6));
  });

  it('tops up in the next epoch: only the increase is paid, held buyers now chosen join', async () => {
    await accepted(alice, '20'); // +1,000 TMC
    const { data } = await build();
    expect(data).toMatchObject({
      epoch: 2,
      total: tmc18('9000'),
      leafCount: 3,
      freezeClaims: false,
    });
    expect(data.holds.map((h) => h.userId)).toEqual([carol.id]);
    // 9,000 owed, 5,000 claimed, 2,500 left in the contract.
    expect(data.fundingNeeded).toBe(tmc18('1500'));
    const early = await as(app(), admin).get(
      `/v1/admin/distributions/${data._id}/push-batches.json`,
    );
    expect(early.statusCode).toBe(409);
    // This one as a developer would: npm run dev:publish with the downloaded file.
    const file = path.join(devChain.dataDir(), 'safe-tx.json');
    const download = await as(app(), admin).get(`/v1/admin/distributions/${data._id}/safe-tx.json`);
    await writeFile(file, download.body);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/api/src/dev/publish.ts',
        '--file',
        file,
        '--data-dir',
        devChain.dataDir(),
      ],
      { cwd: repoRoot, env: { ...process.env, INIT_CWD: repoRoot } },
    );
    expect(stdout.match(/^ {2}0x[0-9a-f]{64}$/gm), stdout).toHaveLength(3);
    await app().paymentWatcher.pollOnce();
    expect((await delivery(alice)).claimableNow).toBe(tmc18('1000'));

    const pushBatches = async () => {
      const res = await as(app(), admin).get(
        `/v1/admin/distributions/${data._id}/push-batches.json`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ batches: SafeBatch[]; claims: number }>();
    };
    // Pushed: the claims of buyers who asked, and of addresses without ETH to send one.
    const setBalance = (address: string, wei: bigint) =>
      tools().publicClient.request({
        method: 'hardhat_setBalance',
        params: [address, `0x${wei.toString(16)}`],
      } as never);
    const daveEth = await tools().publicClient.getBalance({ address: wallet(6) });
    expect((await pushBatches()).claims).toBe(0);
    await setBalance(wallet(6), 0n);
    expect((await pushBatches()).claims).toBe(1);
    await setBalance(wallet(6), daveEth);
    for (const buyer of [alice, bob, dave]) {
      const asked = await as(app(), buyer).put('/v1/account/delivery-push', { push: true });
      expect(asked.statusCode, asked.body).toBe(200);
    }
    expect((await delivery(alice)).push).toBe(true);
    expect((await delivery(carol)).push).toBe(false);
    const { batches, claims } = await pushBatches();
    expect(claims).toBe(3);
    const calls = batches.flatMap((b) =>
      b.transactions.flatMap((t) => {
        const decoded = decodeFunctionData({ abi: distributorAbi, data: t.data });
        expect(decoded.functionName).toBe('multicall');
        return (decoded.args[0] as Hex[]).map((c) =>
          decodeFunctionData({ abi: distributorAbi, data: c }),
        );
      }),
    );
    expect(
      calls
        .map((c) => [
          c.functionName,
          (c.args as readonly unknown[])[0],
          (c.args as readonly unknown[])[1],
        ])
        .sort(),
    ).toEqual(
      [
        ['claim', wallet(3), TMC('6000')],
        ['claim', wallet(4), TMC('2500')],
        ['claim', wallet(6), TMC('500')],
      ].sort(),
    );
    const before = await balanceOf(wallet(3));
    for (const tx of batches.flatMap((b) => b.transactions)) {
      const hash = await tools().walletOf(OWNER).sendTransaction({ to: tx.to, data: tx.data });
      expect((await tools().publicClient.waitForTransactionReceipt({ hash })).status).toBe(
        'success',
      );
    }
    expect((await balanceOf(wallet(3))) - before).toBe(TMC('1000'));
    expect(await balanceOf(wallet(6))).toBe(TMC('500'));
  });

  it('refuses (409) to revert an order whose tokens were claimed, changing nothing', async () => {
    await app().paymentWatcher.pollOnce();
    const res = await as(app(), admin).post(`/v1/admin/purchases/${aliceFirstOrder}/status`, {
      status: 4,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(
      "Tokens already delivered; a revert can't take them back",
    );
    const [order] = await db().select().from(purchases).where(eq(purchases.id, aliceFirstOrder));
    expect(order!.status).toBe(1);
  });

  it('keeps an address at what it claimed when a revert raced the claim: no root takes it back, none is refused for it', async () => {
    // As if the revert had gone through just before the claims were read.
    await db().update(purchases).set({ status: 4 }).where(eq(purchases.id, aliceFirstOrder));
    const { message } = await build(400);
    expect(message).toBe(
      'Nothing to distribute: every accepted order is already in the accepted root or held',
    );
    await db().update(purchases).set({ status: 1 }).where(eq(purchases.id, aliceFirstOrder));
    const list = await as(app(), admin).get('/v1/admin/distributions');
    expect(
      list.json<{ data: { results: Distribution[] } }>().data.results.map((d) => d.status),
    ).toEqual(['accepted', 'superseded']);
  });

  it('answers 400 when nothing changed', async () => {
    const { message } = await build(400);
    expect(message).toBe(
      'Nothing to distribute: every accepted order is already in the accepted root or held',
    );
  });

  it('cancels a draft (audited); refuses to cancel it twice or an accepted root (400)', async () => {
    await proveWallet(db(), carol.id, wallet(2));
    const { data } = await build();
    expect(data.holds).toEqual([]);
    const res = await as(app(), admin).post(`/v1/admin/distributions/${data._id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Distribution }>().data.status).toBe('cancelled');
    expect(
      (await as(app(), admin).post(`/v1/admin/distributions/${data._id}/cancel`)).statusCode,
    ).toBe(400);
    expect(
      (await as(app(), admin).post(`/v1/admin/distributions/${first._id}/cancel`)).statusCode,
    ).toBe(400);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'distribution.cancel'), eq(auditLog.entityId, data._id)));
    expect(entry?.actorId).toBe(admin.id);
  });

  it('keeps staff routes for staff', async () => {
    expect((await as(app(), alice).post('/v1/admin/distributions')).statusCode).toBe(403);
    expect((await as(app()).get('/v1/delivery')).statusCode).toBe(401);
  });

  it('lowers an unclaimed amount after a revert with a root that freezes claims until accepted', async () => {
    // Carol proved dev #2 above and frank pays twice: epoch 3 carries both.
    const frank = await person();
    await proveWallet(db(), frank.id, wallet(1));
    await accepted(frank, '2');
    const frankSecond = await accepted(frank, '4'); // 100 + 200 TMC
    const third = (await build()).data;
    expect(third).toMatchObject({ epoch: 3, leafCount: 5, holds: [], freezeClaims: false });
    await publish(third._id);

    await db().update(purchases).set({ status: 4 }).where(eq(purchases.id, frankSecond.id));
    const { data } = await build();
    expect(data).toMatchObject({ epoch: 4, freezeClaims: true, total: tmc18('10100') });
    expect(await diffRows(data._id)).toEqual([
      {
        address: wallet(1),
        email: frank.email,
        change: 'decreased',
        previous: tmc18('300'),
        next: tmc18('100'),
      },
    ]);
    const res = await as(app(), admin).get(`/v1/admin/distributions/${data._id}/safe-tx.json`);
    const [propose] = res.json<SafeBatch>().transactions;
    expect(decodeFunctionData({ abi: distributorAbi, data: propose!.data }).args).toEqual([
      data.root,
      4n,
      TMC('10100'),
      true,
    ]);
    // Nothing is short: the contract already holds what the lower root owes.
    expect(res.json<SafeBatch>().transactions).toHaveLength(1);
    await publish(data._id);
    expect((await delivery(frank)).published).toEqual({ epoch: 4, cumulative: tmc18('100') });
  });

  it('holds a buyer whose wallet moved from a buyer of the accepted root, and builds for the others', async () => {
    // Frank's dev #1 (his leaf in epoch 4) moves to gina, and counts for her (a day has passed).
    const gina = await person();
    const proof = await proveWallet(db(), gina.id, wallet(1));
    await db()
      .update(walletProofs)
      .set({ countsFrom: new Date() })
      .where(eq(walletProofs.id, proof.id));
    await accepted(gina, '2');
    await accepted(alice, '2');
    const { data } = await build();
    expect(data.holds.map((h) => [h.userId, h.tokens, h.reason])).toEqual([
      [gina.id, tmc18('100'), 'no_delivery_wallet'],
    ]);
    expect((await diffRows(data._id)).map((r) => [r.address, r.change, r.next])).toEqual([
      [wallet(3), 'increased', tmc18('6100')],
    ]);
    const res = await as(app(), admin).post(`/v1/admin/distributions/${data._id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('lets a buyer claim with only the e-mailed proof file while the site is stopped', async () => {
    // Epochs 3 and 4 were mailed; the queue may deliver them in either order.
    const mailed = [await mailedProof(carol.email), await mailedProof(carol.email)];
    expect(mailed.map((p) => p.epoch).sort()).toEqual([3, 4]);
    const proof = mailed.find((p) => p.epoch === 4)!;
    await app().close();

    const hash = await tools()
      .walletOf(2)
      .writeContract({
        address: proof.contract,
        abi: distributorAbi,
        functionName: 'claim',
        args: [proof.address, BigInt(proof.cumulativeAmount), proof.proof],
      });
    await tools().publicClient.waitForTransactionReceipt({ hash });
    expect(proof.address).toBe(wallet(2));
    expect(await balanceOf(wallet(2))).toBe(TMC('1000'));
  });
});
