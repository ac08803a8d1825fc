import { StandardMerkleTree } from '@openzeppelin/merkle-tree';
import { erc20Abi, type Abi, parseEventLogs, parseUnits, type Address, type Hex } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { devAccount } from '../src/dev/dev-accounts.ts';
import {
  testTokenAbi,
  deployDistributor,
  deployTestTmc,
  type VestingSchedule,
} from '../src/dev/deploy-delivery.ts';
import { loadContractArtifact } from '../src/dev/contract-artifacts.ts';
import { distributorAbi } from '../src/lib/distributor-abi.ts';
import { useDevChain } from './chain-node.ts';
import { chainTools } from './crypto-helpers.ts';
import { mined, revertName } from './delivery-helpers.ts';

// Untyped on purpose: the tests also call with wrong arguments to see each revert.
const untypedAbi: Abi = distributorAbi;

const devChain = useDevChain();
let tools: ReturnType<typeof chainTools>;
const TMC = (amount: string) => parseUnits(amount, 18);
const OWNER = 0;
const owner = devAccount(OWNER).address;
const alice = devAccount(3).address;
const bob = devAccount(4).address;
const carol = devAccount(5).address;
const stranger = 7;

beforeAll(() => {
  tools = chainTools(devChain());
});

/** The test's own tree (straight from the library), independent of the product's builder. */
function tree(rows: [Address, bigint][]) {
  const t = StandardMerkleTree.of(
    rows.map(([address, amount]) => [address, amount.toString()]),
    ['address', 'uint256'],
  );
  const proof = (address: Address) => {
    for (const [i, [a]] of t.entries()) if (a === address) return t.getProof(i) as Hex[];
    throw new Error(`no leaf for ${address}`);
  };
  return { root: t.root as Hex, proof };
}

async function setUp(
  options: { rootDelaySeconds?: bigint; vesting?: VestingSchedule; fund?: bigint } = {},
) {
  const { publicClient } = tools;
  const deployer = tools.walletOf(OWNER);
  const token = await deployTestTmc(publicClient, deployer);
  const { address } = await deployDistributor(publicClient, deployer, {
    token,
    owner,
    rootDelaySeconds: options.rootDelaySeconds ?? 0n,
    vesting: options.vesting,
  });
  await mined(
    publicClient,
    await deployer.writeContract({
      address: token,
      abi: testTokenAbi,
      functionName: 'mint',
      args: [address, options.fund ?? TMC('1000000')],
    }),
  );
  const send = async (
    from: number,
    functionName: 'proposeRoot' | 'acceptRoot' | 'cancelPending' | 'claim' | 'pause' | 'unpause',
    args?: readonly unknown[],
  ) =>
    mined(
      publicClient,
      await tools.walletOf(from).writeContract({
        address,
        abi: untypedAbi,
        functionName,
        args,
      }),
    );
  const publish = async (epoch: bigint, rows: [Address, bigint][], freeze = false) => {
    const t = tree(rows);
    const total = rows.reduce((sum, [, amount]) => sum + amount, 0n);
    await send(OWNER, 'proposeRoot', [t.root, epoch, total, freeze]);
    await send(stranger, 'acceptRoot');
    return t;
  };
  const balance = (account: Address) =>
    publicClient.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [account],
    });
  const claimed = (account: Address) =>
    publicClient.readContract({
      address,
      abi: distributorAbi,
      functionName: 'cumulativeClaimed',
      args: [account],
    });
  const revert = (from: Address, functionName: string, args?: readonly unknown[]) =>
    revertName(publicClient, { address, functionName, args, account: from });
  return { token, address, send, publish, balance, claimed, revert };
}

describe('TmcDistributor claims', () => {
  it('pays exactly the unclaimed amount, only to the account, whoever sends the claim', async () => {
    const d = await setUp();
    const t = await d.publish(1n, [
      [alice, TMC('1250.5')],
      [bob, TMC('3')],
    ]);
    const strangerAddress = devAccount(stranger).address;
    const strangerBefore = await d.balance(strangerAddress);

    const receipt = await d.send(stranger, 'claim', [alice, TMC('1250.5'), t.proof(alice)]);

    expect(await d.balance(alice)).toBe(TMC('1250.5'));
    expect(await d.balance(strangerAddress)).toBe(strangerBefore);
    expect(await d.claimed(alice)).toBe(TMC('1250.5'));
    expect(await d.balance(bob)).toBe(0n);
    const [claimed] = parseEventLogs({
      abi: distributorAbi,
      logs: receipt.logs,
      eventName: 'Claimed',
    });
    expect(claimed?.args).toEqual({
      account: alice,
      amount: TMC('1250.5'),
      cumulativeClaimed: TMC('1250.5'),
      epoch: 1n,
    });
  });

  it('refuses a second claim, a tampered amount and the proof of another account', async () => {
    const d = await setUp();
    const t = await d.publish(1n, [
      [alice, TMC('10')],
      [bob, TMC('20')],
    ]);
    await d.send(3, 'claim', [alice, TMC('10'), t.proof(alice)]);

    expect(await d.revert(alice, 'claim', [alice, TMC('10'), t.proof(alice)])).toBe(
      'NothingToClaim',
    );
    expect(await d.revert(bob, 'claim', [bob, TMC('20') + 1n, t.proof(bob)])).toBe('InvalidProof');
    expect(await d.revert(carol, 'claim', [carol, TMC('20'), t.proof(bob)])).toBe('InvalidProof');
    expect(await d.revert(alice, 'claim', [alice, TMC('20'), t.proof(bob)])).toBe('InvalidProof');
    expect(await d.balance(bob)).toBe(0n);
    expect(await d.balance(alice)).toBe(TMC('10'));
  });

  it('pays only the increase after a top-up in a later epoch', async () => {
    const d = await setUp();
    const t1 = await d.publish(1n, [
      [alice, TMC('100')],
      [bob, TMC('5')],
    ]);
    await d.send(3, 'claim', [alice, TMC('100'), t1.proof(alice)]);
    const t2 = await d.publish(2n, [
      [alice, TMC('175.25')],
      [bob, TMC('5')],
      [carol, TMC('1')],
    ]);
    // The old proof no longer matches the accepted root.
    expect(await d.revert(alice, 'claim', [alice, TMC('100'), t1.proof(alice)])).toBe(
      'InvalidProof',
    );

    const receipt = await d.send(3, 'claim', [alice, TMC('175.25'), t2.proof(alice)]);

    const [claimed] = parseEventLogs({
      abi: distributorAbi,
      logs: receipt.logs,
      eventName: 'Claimed',
    });
    expect(claimed?.args.amount).toBe(TMC('75.25'));
    expect(claimed?.args.epoch).toBe(2n);
    expect(await d.balance(alice)).toBe(TMC('175.25'));
  });

  it('stops claims while the owner pauses them, and only the owner may', async () => {
    const d = await setUp();
    const t = await d.publish(1n, [[alice, TMC('1')]]);
    expect(await d.revert(alice, 'pause')).toBe('OwnableUnauthorizedAccount');
    await d.send(OWNER, 'pause');
    expect(await d.revert(alice, 'claim', [alice, TMC('1'), t.proof(alice)])).toBe('EnforcedPause');
    await d.send(OWNER, 'unpause');
    await d.send(3, 'claim', [alice, TMC('1'), t.proof(alice)]);
    expect(await d.balance(alice)).toBe(TMC('1'));
  });

  it('has no way for anyone to take funded tokens out except claim', async () => {
    const artifact = await loadContractArtifact('TmcDistributor');
    const writes = artifact.abi
      .filter(
        (item) => item.type === 'function' && !['view', 'pure'].includes(item.stateMutability),
      )
      .map((item) => (item as { name: string }).name)
      .sort();
    expect(writes).toEqual([
      'acceptOwnership',
      'acceptRoot',
      'cancelPending',
      'claim',
      'multicall',
      'pause',
      'proposeRoot',
      'renounceOwnership',
      'transferOwnership',
      'unpause',
    ]);
  });
});

describe('TmcDistributor roots', () => {
  it('refuses to accept before the delay, and accepts once it has passed', async () => {
    const d = await setUp({ rootDelaySeconds: 3600n });
    const t = tree([[alice, TMC('1')]]);
    await d.send(OWNER, 'proposeRoot', [t.root, 1n, TMC('1'), false]);
    expect(await d.revert(alice, 'acceptRoot')).toBe('TooEarly');

    await tools.testClient.increaseTime({ seconds: 3600 });
    await tools.testClient.mine({ blocks: 1 });
    await d.send(stranger, 'acceptRoot');

    expect(
      await tools.publicClient.readContract({
        address: d.address,
        abi: distributorAbi,
        functionName: 'root',
      }),
    ).toBe(t.root);
  });

  it('stops claims under a freezing proposal until it is accepted', async () => {
    const d = await setUp();
    const t1 = await d.publish(1n, [
      [alice, TMC('10')],
      [bob, TMC('10')],
    ]);
    const t2 = tree([
      [alice, TMC('4')],
      [bob, TMC('10')],
    ]);
    await d.send(OWNER, 'proposeRoot', [t2.root, 2n, TMC('14'), true]);
    expect(await d.revert(alice, 'claim', [alice, TMC('10'), t1.proof(alice)])).toBe(
      'EnforcedPause',
    );
    expect(await d.revert(bob, 'claim', [bob, TMC('10'), t1.proof(bob)])).toBe('EnforcedPause');

    await d.send(stranger, 'acceptRoot');
    await d.send(3, 'claim', [alice, TMC('4'), t2.proof(alice)]);
    expect(await d.balance(alice)).toBe(TMC('4'));
  });

  it('stops claims under a freezing proposal until it is cancelled', async () => {
    const d = await setUp();
    const t1 = await d.publish(1n, [[alice, TMC('10')]]);
    await d.send(OWNER, 'proposeRoot', [tree([[alice, TMC('3')]]).root, 2n, TMC('3'), true]);
    expect(await d.revert(alice, 'claim', [alice, TMC('10'), t1.proof(alice)])).toBe(
      'EnforcedPause',
    );

    await d.send(OWNER, 'cancelPending');
    await d.send(3, 'claim', [alice, TMC('10'), t1.proof(alice)]);
    expect(await d.balance(alice)).toBe(TMC('10'));
  });

  it('lets claims go on under a proposal that does not freeze', async () => {
    const d = await setUp();
    const t1 = await d.publish(1n, [[alice, TMC('10')]]);
    await d.send(OWNER, 'proposeRoot', [tree([[alice, TMC('12')]]).root, 2n, TMC('12'), false]);
    await d.send(3, 'claim', [alice, TMC('10'), t1.proof(alice)]);
    expect(await d.balance(alice)).toBe(TMC('10'));
  });

  it('replaces a pending proposal, saying RootCancelled for the old one', async () => {
    const d = await setUp({ rootDelaySeconds: 3600n });
    const first = tree([[alice, TMC('1')]]);
    const second = tree([[alice, TMC('2')]]);
    await d.send(OWNER, 'proposeRoot', [first.root, 1n, TMC('1'), true]);

    const receipt = await d.send(OWNER, 'proposeRoot', [second.root, 1n, TMC('2'), false]);

    const events = parseEventLogs({ abi: distributorAbi, logs: receipt.logs });
    expect(events.map((e) => e.eventName)).toEqual(['RootCancelled', 'RootProposed']);
    expect(events[0]?.args).toEqual({ epoch: 1n });
    const pending = await tools.publicClient.readContract({
      address: d.address,
      abi: distributorAbi,
      functionName: 'pending',
    });
    expect(pending[0]).toBe(second.root);
    expect(pending[4]).toBe(false);
  });

  it('answers NoRoot and EpochNotNext where the interface says', async () => {
    const d = await setUp();
    const t = tree([[alice, TMC('1')]]);
    const zero = `0x${'0'.repeat(64)}`;
    expect(await d.revert(alice, 'claim', [alice, TMC('1'), t.proof(alice)])).toBe('NoRoot');
    expect(await d.revert(alice, 'acceptRoot')).toBe('NoRoot');
    expect(await d.revert(owner, 'cancelPending')).toBe('NoRoot');
    expect(await d.revert(owner, 'proposeRoot', [zero, 1n, 0n, false])).toBe('NoRoot');
    expect(await d.revert(owner, 'proposeRoot', [t.root, 2n, TMC('1'), false])).toBe(
      'EpochNotNext',
    );
    expect(await d.revert(owner, 'proposeRoot', [t.root, 0n, TMC('1'), false])).toBe(
      'EpochNotNext',
    );
    expect(await d.revert(alice, 'proposeRoot', [t.root, 1n, TMC('1'), false])).toBe(
      'OwnableUnauthorizedAccount',
    );

    await d.publish(1n, [[alice, TMC('1')]]);
    expect(await d.revert(owner, 'proposeRoot', [t.root, 1n, TMC('1'), false])).toBe(
      'EpochNotNext',
    );
  });
});

describe('TmcDistributor vesting', () => {
  const DAY = 86_400n;
  // 20 % at TGE, a 30-day cliff, 180 days in all; the test's own formula, rounding down.
  const tgeBps = 2_000n;
  const cliff = 30n * DAY;
  const duration = 180n * DAY;
  const expected = (total: bigint, elapsed: bigint) => {
    if (elapsed < 0n) return 0n;
    if (elapsed >= duration) return total;
    const tge = (total * tgeBps) / 10_000n;
    if (elapsed < cliff) return tge;
    return tge + ((total - tge) * elapsed) / duration;
  };

  it('unlocks to the wei at day 0, before and after the cliff and at the end; the claims add up to the allocation', async () => {
    const latest = await tools.publicClient.getBlock();
    const vestStart = latest.timestamp + 1_000n;
    const d = await setUp({
      vesting: {
        vestStart,
        tgeBps: Number(tgeBps),
        cliffSeconds: cliff,
        durationSeconds: duration,
      },
    });
    // An amount that does not divide evenly, so every rounding shows.
    const total = TMC('1234.567890123456789') + 7n;
    const t = await d.publish(1n, [
      [alice, total],
      [bob, TMC('1')],
    ]);
    const unlocked = (at: bigint) =>
      tools.publicClient.readContract({
        address: d.address,
        abi: distributorAbi,
        functionName: 'unlocked',
        args: [total, at],
      });

    expect(await d.revert(alice, 'claim', [alice, total, t.proof(alice)])).toBe('NothingToClaim');
    const payments: bigint[] = [];
    for (const day of [0n, 29n, 30n, 90n, 180n]) {
      const at = vestStart + day * DAY + (day === 29n ? DAY - 1n : 0n);
      expect(await unlocked(at)).toBe(expected(total, at - vestStart));
      await tools.testClient.setNextBlockTimestamp({ timestamp: at });
      if (day === 29n) {
        // Still inside the cliff: nothing more than the TGE share, already claimed.
        await tools.testClient.mine({ blocks: 1 });
        continue;
      }
      const receipt = await d.send(3, 'claim', [alice, total, t.proof(alice)]);
      const [claimed] = parseEventLogs({
        abi: distributorAbi,
        logs: receipt.logs,
        eventName: 'Claimed',
      });
      expect(claimed?.args.cumulativeClaimed).toBe(expected(total, at - vestStart));
      payments.push(claimed!.args.amount);
    }

    expect(payments).toHaveLength(4);
    expect(payments[0]).toBe((total * 2_000n) / 10_000n);
    expect(payments.reduce((a, b) => a + b, 0n)).toBe(total);
    expect(await d.balance(alice)).toBe(total);
    expect(await unlocked(vestStart - 1n)).toBe(0n);
  });
});
