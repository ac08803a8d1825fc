import {
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  parseUnits,
  toFunctionSelector,
  type Address,
  type Hex,
} from 'viem';
import { DECIMALS } from '@tmc/shared';
import { safeBatch } from '../../lib/safe-batch.ts';
import type { Db, Tx } from '../../db/client.ts';
import type {
  DistributionDiff,
  DistributionDiffRow,
  DistributionHold,
  distributions,
} from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { ChainClient } from '../../lib/chain.ts';
import { buildDeliveryTree, checksumAddress, type DeliveryLeaf } from '../../lib/delivery-tree.ts';
import { proofNodes } from '../../lib/stored-proof.ts';
import { distributorAbi, type DeliveryDeployment } from '../../lib/distributor-abi.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { fixed } from '../../lib/money.ts';
import type { QueuedMailDelivery } from '../../lib/mailer/queued-mail.ts';
import { queueHoldMails } from './delivery-mail.ts';
import { tmc, TMC_DECIMALS, type ProofFile } from './tmc-amount.ts';
import { nextUnlockAt, unlockedAt, vests, type VestingSchedule } from './vesting.ts';
import {
  acceptedAllocations,
  diffRowsOf,
  findDistribution,
  findLatestAccepted,
  findOpenDistribution,
  findBuyerDelivery,
  insertDistribution,
  leavesForPushOf,
  leavesOf,
  listDistributions,
  provenWalletsOf,
  setDeliveryPush,
  setDeliveryWallet,
  setDistributionStatus,
  type NewLeaf,
} from './delivery.repo.ts';

/** Claims per push transaction at most, and the gas one batch may use. */
const MAX_PUSH_BATCH = 150;
const PUSH_BATCH_GAS = 10_000_000n;
/** Chain reads at once when reading something of many addresses (claimed amounts, balances). */
const READ_CONCURRENCY = 20;
/** `cumulativeClaimed` reads in one `multicall`: 500 × 36 bytes of call data. */
const CLAIMED_PER_CALL = 500;

const CUMULATIVE_CLAIMED = toFunctionSelector('cumulativeClaimed(address)');

/** The call data of `cumulativeClaimed(address)`, without an ABI encoder's checks per address. */
const cumulativeClaimedCall = (lowerAddress: string): Hex =>
  `${CUMULATIVE_CLAIMED}${lowerAddress.slice(2).padStart(64, '0')}`;

export const DELIVERY_MESSAGES = {
  notStarted: 'Token delivery has not started yet',
  openExists:
    'A draft or a proposed root already exists: cancel the draft (or the proposal, from the Safe) first',
  readerBehind:
    'The chain has a root this site has not read yet: wait for the distributor reader to catch up, then build again',
  nothing: 'Nothing to distribute: every accepted order is already in the accepted root or held',
  alreadyDelivered: "Tokens already delivered; a revert can't take them back",
  notProven: 'Choose a wallet you proved with Sign-In with Ethereum',
  noProof: 'No tokens of yours are in a published root yet',
  cancelAccepted: "An accepted root can't be cancelled",
  cancelProposed:
    'This root is proposed on chain: cancel it from the Safe (cancelPending); it shows as cancelled once the chain says so',
  alreadyCancelled: 'This distribution is already cancelled',
  notDraft: 'Only a draft can be proposed',
  notAccepted: 'Push batches exist only for the accepted root',
  addressTwice: 'An address would hold leaves of two buyers',
} as const;

const conflict = (message: string) => new AppError(409, message);

const baseUnitsOf = (tokens: string) => parseUnits(fixed(tokens, TMC_DECIMALS), TMC_DECIMALS);
const max0 = (value: bigint) => (value > 0n ? value : 0n);

type DistributionRow = typeof distributions.$inferSelect;

export function distributionDto(d: DistributionRow) {
  return {
    _id: d.id,
    epoch: d.epoch,
    root: d.root,
    total: tmc(BigInt(d.totalBaseUnits)),
    status: d.status,
    freezeClaims: d.freezeClaims,
    leafCount: d.leafCount,
    holds: d.holds,
    diff: d.diff,
    fundingNeeded: tmc(BigInt(d.fundingNeededBaseUnits)),
    proposedTx: d.proposedTx,
    acceptedTx: d.acceptedTx,
    createdAt: d.createdAt.toISOString(),
  };
}

/**
 * The wallet a buyer's tokens go to: the one they chose, if they still hold its proof; else
 * their only proven wallet; else none (and why).
 */
export function deliveryWalletOf(
  chosen: string | null,
  proven: readonly string[],
): { address: string } | { reason: DistributionHold['reason'] } {
  if (chosen && proven.includes(chosen.toLowerCase())) return { address: chosen.toLowerCase() };
  if (proven.length === 1) return { address: proven[0]! };
  return { reason: proven.length === 0 ? 'no_proven_wallet' : 'no_delivery_wallet' };
}

interface DeliveryDeps {
  db: Db;
  chain: ChainClient;
  /** Absent: delivery has not started (no distributor configured). */
  deployment: DeliveryDeployment | undefined;
  publicUrl: string;
  mail: Pick<QueuedMailDelivery, 'deliverSoon'>;
  /** The clock claimable amounts are computed at (the chain's follows it within seconds). */
  now?: () => Date;
}

export function createDeliveryService({
  db,
  chain,
  deployment,
  publicUrl,
  mail,
  now = () => new Date(),
}: DeliveryDeps) {
  const client = chain.publicClient;
  // The vesting schedule is immutable in the contract: read once, not on every buyer's request.
  let schedule: Promise<VestingSchedule> | undefined;

  function started() {
    if (!deployment) throw conflict(DELIVERY_MESSAGES.notStarted);
    return {
      distributor: getAddress(deployment.distributorAddress),
      token: getAddress(deployment.tokenAddress),
      key: deployment.distributorAddress.toLowerCase(),
    };
  }

  const read = <Name extends 'epoch' | 'totalClaimed'>(distributor: Address, functionName: Name) =>
    client.readContract({ address: distributor, abi: distributorAbi, functionName });

  /** `read` of each item, READ_CONCURRENCY at a time, in their order. */
  async function readAll<T, V>(items: readonly T[], read: (item: T) => Promise<V>) {
    const values: V[] = [];
    for (let i = 0; i < items.length; i += READ_CONCURRENCY)
      values.push(...(await Promise.all(items.slice(i, i + READ_CONCURRENCY).map(read))));
    return values;
  }

  /**
   * What each address has claimed, read through the distributor's own `multicall`, hundreds of
   * addresses an `eth_call`: a second root of 100,000 buyers is 200 calls, not 100,000.
   */
  async function claimedOn(distributor: Address, addresses: readonly string[]) {
    const parts: string[][] = [];
    for (let i = 0; i < addresses.length; i += CLAIMED_PER_CALL)
      parts.push(addresses.slice(i, i + CLAIMED_PER_CALL));
    const claimed = await readAll(parts, async (part) => {
      const { data } = await client.call({
        to: distributor,
        data: encodeFunctionData({
          abi: distributorAbi,
          functionName: 'multicall',
          args: [part.map((address) => cumulativeClaimedCall(address))],
        }),
      });
      return decodeFunctionResult({ abi: distributorAbi, functionName: 'multicall', data: data! });
    });
    const flat = claimed.flat();
    return new Map(addresses.map((address, i) => [address, BigInt(flat[i]!)]));
  }

  /** What the distributor still lacks to pay every leaf of `total`. */
  async function shortfall(distributor: Address, token: Address, total: bigint) {
    const [claimed, balance] = await Promise.all([
      read(distributor, 'totalClaimed'),
      client.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [distributor],
      }),
    ]);
    return max0(total - claimed - balance);
  }

  async function loadDistribution(id: string) {
    const { key } = started();
    const row = await findDistribution(db, id);
    if (!row || row.distributorAddress !== key) throw notFound('Distribution not found');
    return row;
  }

  /**
   * The one way to build a root: each buyer's accepted TMC, in base units, on their delivery
   * wallet; an address keeps what earlier roots gave it; a revert lowers the buyer's leaves but
   * never below what an address has claimed (409), and such a root freezes claims when proposed.
   */
  async function buildDraft(
    tx: Tx,
    keyAddress: string,
    distributor: Address,
    token: Address,
    actorId: string,
  ) {
    const previous = await findLatestAccepted(tx, keyAddress);
    const chainEpoch = await read(distributor, 'epoch');
    if (BigInt(previous?.epoch ?? 0) !== chainEpoch) throw conflict(DELIVERY_MESSAGES.readerBehind);
    const previousLeaves = previous ? await leavesOf(tx, previous.id) : [];
    const allocations = await acceptedAllocations(tx);
    const userIds = [
      ...new Set([...allocations.map((a) => a.userId), ...previousLeaves.map((l) => l.userId)]),
    ];
    const proven = await provenWalletsOf(tx, userIds);
    const claimed = await claimedOn(
      distributor,
      previousLeaves.map((l) => l.address),
    );

    const previousByUser = new Map<string, Map<string, bigint>>();
    for (const leaf of previousLeaves) {
      const own = previousByUser.get(leaf.userId) ?? new Map<string, bigint>();
      own.set(leaf.address, BigInt(leaf.cumulativeBaseUnits));
      previousByUser.set(leaf.userId, own);
    }
    const allocationOf = new Map(allocations.map((a) => [a.userId, a]));
    const previousOwner = new Map(previousLeaves.map((l) => [l.address, l.userId]));
    const next = new Map<string, { userId: string; cumulative: bigint }>();
    const holds: DistributionHold[] = [];
    let freezeClaims = false;

    for (const userId of userIds) {
      const allocation = allocationOf.get(userId);
      const wanted = allocation ? baseUnitsOf(allocation.tokens) : 0n;
      const own = new Map(previousByUser.get(userId) ?? []);
      const had = [...own.values()].reduce((a, b) => a + b, 0n);
      const wallet = deliveryWalletOf(allocation?.deliveryWallet ?? null, proven.get(userId) ?? []);
      // A wallet that moved here from a buyer of an earlier root still carries that buyer's leaf:
      // this buyer chooses another one (held) rather than no root being buildable for anyone.
      const usable =
        'address' in wallet && (previousOwner.get(wallet.address) ?? userId) === userId;
      if (wanted > had) {
        if (usable) own.set(wallet.address, (own.get(wallet.address) ?? 0n) + wanted - had);
        else
          holds.push({
            userId,
            email: allocation?.email ?? '',
            tokens: tmc(wanted - had),
            reason: 'address' in wallet ? 'no_delivery_wallet' : wallet.reason,
          });
      } else if (wanted < had) {
        // Unclaimed amounts are lowered, the delivery wallet's first; claimed ones cannot be.
        let lower = had - wanted;
        const order = [...own.keys()].sort((a, b) =>
          'address' in wallet && a === wallet.address
            ? -1
            : 'address' in wallet && b === wallet.address
              ? 1
              : 0,
        );
        for (const address of order) {
          if (lower === 0n) break;
          const cumulative = own.get(address)!;
          const take = [cumulative - (claimed.get(address) ?? 0n), lower].reduce((a, b) =>
            a < b ? a : b,
          );
          if (take <= 0n) continue;
          own.set(address, cumulative - take);
          lower -= take;
        }
        // What is left was claimed under an earlier root (a revert refuses that, but a claim can
        // still land between a revert and the next root): the leaves stay at what was claimed,
        // so that one buyer's claimed tokens never stop every other buyer's delivery.
        freezeClaims = true;
      }
      for (const [address, cumulative] of own) {
        const taken = next.get(address);
        if (taken && taken.userId !== userId)
          throw conflict(`${DELIVERY_MESSAGES.addressTwice}: ${getAddress(address)}`);
        next.set(address, { userId, cumulative });
      }
    }

    const leaves: (DeliveryLeaf & { userId: string })[] = [...next]
      .filter(([, v]) => v.cumulative > 0n)
      .map(([address, v]) => ({
        address: address as Address,
        cumulative: v.cumulative,
        userId: v.userId,
      }));
    const unchanged =
      leaves.length === previousLeaves.length &&
      previousLeaves.every(
        (l) => next.get(l.address)?.cumulative === BigInt(l.cumulativeBaseUnits),
      );
    if (leaves.length === 0 || unchanged) throw badRequest(DELIVERY_MESSAGES.nothing);

    const tree = buildDeliveryTree(leaves);
    const total = leaves.reduce((a, l) => a + l.cumulative, 0n);
    const userOf = new Map(leaves.map((l) => [l.address.toLowerCase(), l.userId]));
    const diff = diffOf(previous?.epoch ?? null, previousLeaves, next, holds.length);
    const fundingNeeded = await shortfall(distributor, token, total);
    const rows: NewLeaf[] = tree.leaves.map((leaf) => ({
      distributionId: '',
      address: leaf.address.toLowerCase(),
      userId: userOf.get(leaf.address.toLowerCase())!,
      cumulativeBaseUnits: leaf.cumulative.toString(),
      proof: leaf.proof,
    }));
    return insertDistribution(
      tx,
      {
        chainId: chain.chainId,
        distributorAddress: keyAddress,
        epoch: Number(chainEpoch) + 1,
        root: tree.root.toLowerCase(),
        totalBaseUnits: total.toString(),
        leafCount: rows.length,
        freezeClaims,
        fundingNeededBaseUnits: fundingNeeded.toString(),
        holds,
        diff,
        builtBy: actorId,
      },
      rows,
    );
  }

  return {
    async build(actorId: string) {
      const { distributor, token, key } = started();
      try {
        const built = distributionDto(
          await db.transaction(async (tx) => {
            if (await findOpenDistribution(tx, key)) throw conflict(DELIVERY_MESSAGES.openExists);
            const row = await buildDraft(tx, key, distributor, token, actorId);
            await recordAudit(tx, {
              actorId,
              action: 'distribution.build',
              entity: 'distribution',
              entityId: row.id,
              after: distributionDto(row),
            });
            await queueHoldMails(tx, row.holds, publicUrl);
            return row;
          }),
        );
        if (built.holds.length) mail.deliverSoon();
        return built;
      } catch (error) {
        // Two builds at once: the second meets the one-open-distribution index.
        if ((error as { code?: string }).code === '23505')
          throw conflict(DELIVERY_MESSAGES.openExists);
        throw error;
      }
    },

    async list() {
      const { key } = started();
      return (await listDistributions(db, key)).map(distributionDto);
    },

    /** A distribution with its diff's rows: each changed address, checksummed. */
    async get(id: string) {
      const row = await loadDistribution(id);
      const rows = (await diffRowsOf(db, row)).map((r) => {
        const [previous, next] = [BigInt(r.previous), BigInt(r.next)];
        return {
          address: checksumAddress(r.address),
          email: r.email,
          change: changeOf(previous, next) as DistributionDiffRow['change'],
          previous: tmc(previous),
          next: tmc(next),
        };
      });
      const dto = distributionDto(row);
      return { ...dto, diff: { ...dto.diff, rows } };
    },

    async leavesCsv(id: string) {
      const row = await loadDistribution(id);
      const leaves = await leavesOf(db, row.id);
      return (
        [
          'address,cumulative_base_units',
          ...leaves.map((l) => `${getAddress(l.address)},${l.cumulativeBaseUnits}`),
        ].join('\n') + '\n'
      );
    },

    /** The Safe Transaction Builder batch: propose the root, then fund what is short. */
    async safeTx(id: string) {
      const { distributor, token } = started();
      const row = await loadDistribution(id);
      if (row.status !== 'draft') throw conflict(DELIVERY_MESSAGES.notDraft);
      const total = BigInt(row.totalBaseUnits);
      const short = await shortfall(distributor, token, total);
      const transactions = [
        {
          to: distributor,
          value: '0',
          data: encodeFunctionData({
            abi: distributorAbi,
            functionName: 'proposeRoot',
            args: [row.root as Hex, BigInt(row.epoch), total, row.freezeClaims],
          }),
          contractMethod: null,
          contractInputsValues: null,
        },
        ...(short > 0n
          ? [
              {
                to: token,
                value: '0',
                data: encodeFunctionData({
                  abi: erc20Abi,
                  functionName: 'transfer',
                  args: [distributor, short],
                }),
                contractMethod: null,
                contractInputsValues: null,
              },
            ]
          : []),
      ];
      return safeBatch(chain.chainId, `TMC delivery epoch ${row.epoch}`, transactions);
    },

    /**
     * Safe batches of `multicall(claim…)` for the leaves with something to claim whose buyer asked
     * for it or whose address holds no ETH (so cannot send a claim itself).
     */
    async pushBatches(id: string, after?: string) {
      const { distributor } = started();
      const row = await loadDistribution(id);
      if (row.status !== 'accepted') throw conflict(DELIVERY_MESSAGES.notAccepted);
      const leaves = (await leavesForPushOf(db, row.id)).filter(
        (l) => !after || l.address > after.toLowerCase(),
      );
      const claimed = await claimedOn(
        distributor,
        leaves.map((l) => l.address),
      );
      const unclaimed = leaves.filter(
        (l) => BigInt(l.cumulativeBaseUnits) > (claimed.get(l.address) ?? 0n),
      );
      const withoutEth = await addressesWithoutEth(
        unclaimed.filter((l) => !l.asked).map((l) => l.address),
      );
      const due = unclaimed.filter((l) => l.asked || withoutEth.has(l.address));
      const claimCall = (l: (typeof due)[number]) =>
        encodeFunctionData({
          abi: distributorAbi,
          functionName: 'claim',
          args: [getAddress(l.address), BigInt(l.cumulativeBaseUnits), l.proof],
        });
      let batchSize = MAX_PUSH_BATCH;
      if (due[0]) {
        const gas = await client.estimateGas({ to: distributor, data: claimCall(due[0]) });
        // A margin: later claims may touch cold storage the estimate did not.
        batchSize = Math.max(
          1,
          Math.min(MAX_PUSH_BATCH, Number(PUSH_BATCH_GAS / ((gas * 3n) / 2n))),
        );
      }
      const batches = [];
      for (let i = 0; i < due.length; i += batchSize) {
        const chunk = due.slice(i, i + batchSize);
        batches.push(
          safeBatch(
            chain.chainId,
            `TMC delivery epoch ${row.epoch}: push ${i + 1}–${i + chunk.length} of ${due.length}`,
            [
              {
                to: distributor,
                value: '0',
                data: encodeFunctionData({
                  abi: distributorAbi,
                  functionName: 'multicall',
                  args: [chunk.map(claimCall)],
                }),
                contractMethod: null,
                contractInputsValues: null,
              },
            ],
          ),
        );
      }
      return {
        epoch: row.epoch,
        batchSize,
        claims: due.length,
        lastAddress: due.at(-1) ? getAddress(due.at(-1)!.address) : null,
        batches,
      };
    },

    async cancel(id: string, actorId: string) {
      const row = await loadDistribution(id);
      if (row.status === 'accepted' || row.status === 'superseded')
        throw badRequest(DELIVERY_MESSAGES.cancelAccepted);
      if (row.status === 'cancelled') throw badRequest(DELIVERY_MESSAGES.alreadyCancelled);
      if (row.status === 'proposed') throw conflict(DELIVERY_MESSAGES.cancelProposed);
      return distributionDto(
        await db.transaction(async (tx) => {
          const updated = await setDistributionStatus(tx, id, ['draft'], 'cancelled');
          if (!updated) throw conflict(DELIVERY_MESSAGES.cancelProposed);
          await recordAudit(tx, {
            actorId,
            action: 'distribution.cancel',
            entity: 'distribution',
            entityId: id,
            before: { status: row.status },
            after: { status: updated.status },
          });
          return updated;
        }),
      );
    },

    /**
     * A buyer's delivery: allocated, published, claimed and claimable, and their proof, from one
     * database read and no chain call. Claimed is what the distributor reader has stored (logs
     * `MIN_CONFIRMATIONS` deep); the web page reads `cumulativeClaimed` from the chain itself
     * before it sends a claim.
     */
    async forBuyer(userId: string) {
      const row = await findBuyerDelivery(
        db,
        userId,
        deployment?.distributorAddress.toLowerCase() ?? '',
      );
      if (!row) throw notFound('User not found');
      const wallet = deliveryWalletOf(row.deliveryWallet, row.proven);
      const deliveryWallet = 'address' in wallet ? getAddress(wallet.address) : null;
      const base = {
        deliveryWallet,
        allocated: fixed(row.allocated, DECIMALS.TOKEN),
        published: null as { epoch: number; cumulative: string } | null,
        claimed: tmc(0n),
        claimableNow: tmc(0n),
        vesting: null as { unlocked: string; nextUnlockAt: string | null } | null,
        proof: null as ProofFile | null,
        contract: deployment ? getAddress(deployment.distributorAddress) : null,
        token: deployment ? getAddress(deployment.tokenAddress) : null,
        chainId: chain.chainId,
        held: null as { tokens: string; reason: DistributionHold['reason'] } | null,
        push: row.push,
      };
      if (!deployment) return base;
      const { distributor } = started();
      const leaves = row.leaves;
      const inRoot = leaves.reduce((a, l) => a + BigInt(l.cumulative), 0n);
      const short = baseUnitsOf(row.allocated) - inRoot;
      if (short > 0n && !('address' in wallet)) {
        return { ...base, held: { tokens: tmc(short), reason: wallet.reason } };
      }
      const leaf = leaves.find((l) => l.address === deliveryWallet?.toLowerCase()) ?? leaves[0];
      if (row.epoch === null || row.root === null || !leaf) return base;
      const cumulative = BigInt(leaf.cumulative);
      const claimed = BigInt(leaf.claimed);
      const schedule = await scheduleOf(distributor);
      const at = BigInt(Math.floor(now().getTime() / 1000));
      const unlocked = unlockedAt(schedule, cumulative, at);
      const next = nextUnlockAt(schedule, at);
      return {
        ...base,
        published: { epoch: row.epoch, cumulative: tmc(cumulative) },
        claimed: tmc(claimed),
        claimableNow: tmc(max0(unlocked - claimed)),
        vesting: vests(schedule)
          ? {
              unlocked: tmc(unlocked),
              nextUnlockAt: next === null ? null : new Date(Number(next) * 1000).toISOString(),
            }
          : null,
        proof: {
          address: getAddress(leaf.address),
          cumulativeAmount: cumulative.toString(),
          proof: proofNodes(leaf.proof),
          root: row.root as Hex,
          epoch: row.epoch,
          contract: distributor,
          chainId: chain.chainId,
        },
      };
    },

    async proofFile(userId: string): Promise<ProofFile> {
      const delivery = await this.forBuyer(userId);
      if (!delivery.proof) throw notFound(DELIVERY_MESSAGES.noProof);
      return delivery.proof;
    },

    /** PUT /v1/account/delivery-push: whether our team sends this buyer's claim for them. */
    async chooseDeliveryPush(userId: string, push: boolean) {
      await setDeliveryPush(db, userId, push);
      return { push };
    },

    async chooseDeliveryWallet(userId: string, address: string) {
      const proven = (await provenWalletsOf(db, [userId])).get(userId) ?? [];
      const lower = address.toLowerCase();
      if (!proven.includes(lower))
        throw badRequest(DELIVERY_MESSAGES.notProven, { address: DELIVERY_MESSAGES.notProven });
      await setDeliveryWallet(db, userId, lower);
      return { deliveryWallet: getAddress(lower) };
    },
  };

  /** Of `addresses`, those holding no ETH now. */
  async function addressesWithoutEth(addresses: string[]) {
    const balances = await readAll(addresses, (address) =>
      client.getBalance({ address: getAddress(address) }),
    );
    return new Set(addresses.filter((_, i) => balances[i] === 0n));
  }

  /** The distributor's vesting schedule: immutable, so read once (again only after a failure). */
  function scheduleOf(distributor: Address) {
    const view = { address: distributor, abi: distributorAbi } as const;
    schedule ??= Promise.all([
      client.readContract({ ...view, functionName: 'tgeBps' }),
      client.readContract({ ...view, functionName: 'vestStart' }),
      client.readContract({ ...view, functionName: 'cliffSeconds' }),
      client.readContract({ ...view, functionName: 'durationSeconds' }),
    ]).then(
      ([tgeBps, vestStart, cliffSeconds, durationSeconds]): VestingSchedule => ({
        tgeBps: BigInt(tgeBps),
        vestStart: BigInt(vestStart),
        cliffSeconds: BigInt(cliffSeconds),
        durationSeconds: BigInt(durationSeconds),
      }),
      (error: unknown) => {
        schedule = undefined;
        throw error;
      },
    );
    return schedule;
  }
}

function diffOf(
  previousEpoch: number | null,
  previousLeaves: { address: string; cumulativeBaseUnits: string }[],
  next: Map<string, { cumulative: bigint }>,
  held: number,
): DistributionDiff {
  const before = new Map(previousLeaves.map((l) => [l.address, BigInt(l.cumulativeBaseUnits)]));
  const counts = { new: 0, increased: 0, decreased: 0, removed: 0, unchanged: 0, held };
  for (const address of new Set([...before.keys(), ...next.keys()]))
    counts[changeOf(before.get(address) ?? 0n, next.get(address)?.cumulative ?? 0n)] += 1;
  const sum = (values: Iterable<bigint>) => [...values].reduce((a, b) => a + b, 0n);
  return {
    previousEpoch,
    previousTotal: tmc(sum(before.values())),
    total: tmc(sum([...next.values()].map((v) => v.cumulative))),
    counts,
  };
}

function changeOf(was: bigint, now: bigint): DistributionDiffRow['change'] | 'unchanged' {
  if (was === now) return 'unchanged';
  if (was === 0n) return 'new';
  if (now === 0n) return 'removed';
  return now > was ? 'increased' : 'decreased';
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
