import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devAccount } from '../src/dev/dev-accounts.ts';
import { deployDistributor } from '../src/dev/deploy-delivery.ts';
import { publishSafeBatch, type SafeBatchFile } from '../src/dev/publish-distribution.ts';
import type { DeliveryDeployment } from '../src/lib/distributor-abi.ts';
import { as, insertBankPurchase, people, type Person } from './affiliates-helpers.ts';
import { useDevChain } from './chain-node.ts';
import { distributorAbi } from '../src/lib/distributor-abi.ts';
import { unlockedAt } from '../src/modules/delivery/vesting.ts';
import { chainTools, proveWallet } from './crypto-helpers.ts';
import { buildTestApp } from './test-app.ts';

const devChain = useDevChain();
let built: Awaited<ReturnType<typeof buildTestApp>>;
let tools: ReturnType<typeof chainTools>;
let deployment: DeliveryDeployment;
let vestStart: bigint;
const DAY = 86_400n;
/** The app's clock: the chain's latest block time, as a claim sent now would see it. */
let clock = new Date();
const followChain = async () => {
  clock = new Date(Number((await tools.publicClient.getBlock()).timestamp) * 1000);
};

beforeAll(async () => {
  tools = chainTools(devChain());
  vestStart = (await tools.publicClient.getBlock()).timestamp + DAY;
  // 25 % at TGE, a 10-day cliff, 100 days in all.
  const { address, blockNumber } = await deployDistributor(tools.publicClient, tools.walletOf(0), {
    token: devChain().delivery!.tokenAddress,
    owner: devAccount(0).address,
    rootDelaySeconds: 0n,
    vesting: { vestStart, tgeBps: 2_500, cliffSeconds: 10n * DAY, durationSeconds: 100n * DAY },
  });
  deployment = {
    tokenAddress: devChain().delivery!.tokenAddress,
    distributorAddress: address,
    startBlock: blockNumber,
  };
  const { rpcUrl, chainId, companyWallet, usdcAddress } = devChain();
  built = await buildTestApp({
    chain: { rpcUrl, chainId, companyWallet, usdcAddress },
    delivery: deployment,
    now: () => clock,
  });
});
afterAll(async () => {
  await built?.app.close();
});

describe('delivery with a vesting distributor', () => {
  it('shows what is unlocked and the next unlock date, and claimable follows the schedule', async () => {
    const person = people(built.db, built.config);
    const admin = await person({ role: 'admin' });
    const buyer: Person = await person();
    await proveWallet(built.db, buyer.id, devAccount(8).address);
    await insertBankPurchase(built.db, buyer, '80', { status: 1 }); // 4,000 TMC

    const draft = await as(built.app, admin).post('/v1/admin/distributions');
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json<{ data: { _id: string } }>().data._id;
    const batch = (
      await as(built.app, admin).get(`/v1/admin/distributions/${id}/safe-tx.json`)
    ).json<SafeBatchFile>();
    const { rpcUrl, chainId } = devChain();
    await publishSafeBatch({ rpcUrl, chainId, distributor: deployment.distributorAddress, batch });
    await built.app.paymentWatcher.pollOnce();

    const read = async () => {
      await followChain();
      return (await as(built.app, buyer).get('/v1/delivery')).json<{
        data: {
          published: { epoch: number; cumulative: string } | null;
          claimableNow: string;
          vesting: { unlocked: string; nextUnlockAt: string | null } | null;
        };
      }>().data;
    };
    const iso = (t: bigint) => new Date(Number(t) * 1000).toISOString();

    const before = await read();
    expect(before.published).toEqual({ epoch: 1, cumulative: '4000.000000000000000000' });
    expect(before.claimableNow).toBe('0.000000000000000000');
    expect(before.vesting).toEqual({
      unlocked: '0.000000000000000000',
      nextUnlockAt: iso(vestStart),
    });

    // Day 40: 1,000 at TGE + 3,000 × 40/100 = 2,200.
    await tools.testClient.setNextBlockTimestamp({ timestamp: vestStart + 40n * DAY });
    await tools.testClient.mine({ blocks: 1 });
    const day40 = await read();
    expect(day40.vesting).toEqual({
      unlocked: '2200.000000000000000000',
      nextUnlockAt: iso(vestStart + 100n * DAY),
    });
    expect(day40.claimableNow).toBe('2200.000000000000000000');
  });

  it('computes unlocked exactly as the contract does, to the wei, across the schedule', async () => {
    const schedule = {
      vestStart,
      tgeBps: 2_500n,
      cliffSeconds: 10n * DAY,
      durationSeconds: 100n * DAY,
    };
    const totals = [
      1n,
      3n,
      4_000n * 10n ** 18n,
      4_000n * 10n ** 18n + 7n,
      123_456_789_012_345_678_901n,
    ];
    const times = [
      0n,
      vestStart - 1n,
      vestStart,
      vestStart + 1n,
      vestStart + 10n * DAY - 1n,
      vestStart + 10n * DAY,
      vestStart + 37n * DAY + 12_345n,
      vestStart + 100n * DAY - 1n,
      vestStart + 100n * DAY,
      vestStart + 1_000n * DAY,
    ];
    let compared = 0;
    for (const total of totals)
      for (const at of times) {
        const onChain = await tools.publicClient.readContract({
          address: deployment.distributorAddress,
          abi: distributorAbi,
          functionName: 'unlocked',
          args: [total, at],
        });
        expect(unlockedAt(schedule, total, at), `${total} at ${at}`).toBe(onChain);
        compared++;
      }
    expect(compared).toBe(50);
  });
});
