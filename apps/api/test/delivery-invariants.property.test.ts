import { StandardMerkleTree } from '@openzeppelin/merkle-tree';
import fc from 'fast-check';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { erc20Abi, getAddress, parseAbiItem, parseUnits, type Address, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import {
  distributionLeaves,
  distributions,
  purchases,
  settings,
  tokenClaims,
  walletProofs,
} from '../src/db/schema/index.ts';
import { devAccount } from '../src/dev/dev-accounts.ts';
import { distributorAbi } from '../src/lib/distributor-abi.ts';
import { as, decide, insertBankPurchase, people, type Person } from './affiliates-helpers.ts';
import { useDevChain } from './chain-node.ts';
import { chainTools, proveWallet, readSettings } from './crypto-helpers.ts';
import { propertySeeds } from './property-seeds.ts';
import { buildTestApp } from './test-app.ts';

/**
 * Random sequences of what buyers, staff, the Safe and anyone on the chain do with token
 * delivery: accepted orders and reverts; proofs of wallets, their moves between accounts and
 * delivery-wallet choices; drafts built and cancelled; the Safe's batch (propose, fund) sent from
 * the distributor's owner (dev #0); acceptances and claims by random callers; the chain's own
 * cancellation of a proposal; the watcher reading it all. After every step: no address has
 * claimed more than the accepted root gives it, the distributor pays out no more than it was
 * funded and only to the leaves' accounts, every leaf's address is a wallet its buyer held when
 * the amount was put there, each buyer's leaves and held tokens add up to their accepted orders,
 * and once the reader has caught up the database says what the chain says. CI runs a fixed seed
 * and a fresh one, printed; DELIVERY_INVARIANTS_SEED=<seed> replays one.
 */

const devChain = useDevChain();
let app: FastifyInstance;
let db: Db;
let admin: Person;
let person: ReturnType<typeof people>;
let tools: ReturnType<typeof chainTools>;

/** Dev accounts the buyers prove (3 to 7) and that claim for anyone (2 to 9); #0 is the Safe. */
const WALLETS = [3, 4, 5, 6, 7].map((i) => devAccount(i).address);
const CALLERS = [2, 3, 4, 5, 6, 7, 8, 9];
const OWNER = 0;
const TMC = 18;

const distributor = () => devChain().delivery!.distributorAddress;
const token = () => devChain().delivery!.tokenAddress;

beforeAll(async () => {
  const { rpcUrl, chainId, companyWallet, usdcAddress, delivery } = devChain();
  const built = await buildTestApp({
    postgres: true,
    chain: { rpcUrl, chainId, companyWallet, usdcAddress },
    delivery,
  });
  ({ app, db } = built);
  person = people(db, built.config);
  admin = await person({ role: 'admin' });
  tools = chainTools(devChain());
  // Room for every sale of every run.
  await db.update(settings).set({ hardCapAud: '100000000.00' }).where(eq(settings.id, 1));
  for (const address of WALLETS) startBalance.set(address, await balanceOf(address));
});
afterAll(() => app.close());

const weighted = <T>(arbitrary: fc.Arbitrary<T>, weight: number) => ({ arbitrary, weight });
const op = fc.oneof(
  weighted(
    fc.record({
      kind: fc.constant('accept' as const),
      buyer: fc.nat(2),
      aud: fc.constantFrom('100.00', '33.33', '480.57'),
    }),
    3,
  ),
  weighted(fc.record({ kind: fc.constant('revert' as const), order: fc.nat() }), 1),
  weighted(
    fc.record({
      kind: fc.constant('prove' as const),
      buyer: fc.nat(2),
      wallet: fc.nat(4),
      // A wallet moved from another account counts a day later: let that day pass, or not.
      dayPassed: fc.boolean(),
    }),
    2,
  ),
  weighted(
    fc.record({ kind: fc.constant('choose' as const), buyer: fc.nat(2), wallet: fc.nat(4) }),
    1,
  ),
  weighted(fc.record({ kind: fc.constant('build' as const) }), 3),
  weighted(fc.record({ kind: fc.constant('cancelDraft' as const) }), 1),
  weighted(fc.record({ kind: fc.constant('propose' as const) }), 3),
  weighted(fc.record({ kind: fc.constant('acceptRoot' as const), caller: fc.nat(7) }), 3),
  weighted(fc.record({ kind: fc.constant('cancelPending' as const) }), 2),
  weighted(
    fc.record({
      kind: fc.constant('claim' as const),
      leaf: fc.nat(),
      caller: fc.nat(7),
      // Mostly a leaf of the root the chain holds; otherwise of any root built (stale proofs).
      current: fc.boolean(),
    }),
    4,
  ),
  weighted(fc.record({ kind: fc.constant('watch' as const) }), 2),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

const pick = <T>(list: T[], index: number) => (list.length ? list[index % list.length] : undefined);

/** Each root built, as its leaves.csv says (base units by lower-case address). */
interface Built {
  id: string;
  root: Hex;
  leaves: Map<string, bigint>;
  /** The chain's head when the draft was built: claims after it were not read by the build. */
  builtAtBlock: bigint;
}
const builtRoots = new Map<string, Built>();
/** What the runs got to do (printed, so that a seed that does little shows it). */
const done = { builds: 0, proposals: 0, acceptances: 0, cancellations: 0, claims: 0, refusals: 0 };
const resetDone = () => {
  for (const key of Object.keys(done) as (keyof typeof done)[]) done[key] = 0;
};
const startBalance = new Map<string, bigint>();

async function balanceOf(address: Address) {
  return tools.publicClient.readContract({
    address: token(),
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  });
}

const readDistributor = <N extends 'root' | 'epoch' | 'totalClaimed' | 'pending'>(
  functionName: N,
) => tools.publicClient.readContract({ address: distributor(), abi: distributorAbi, functionName });

const claimedOf = (address: Address) =>
  tools.publicClient.readContract({
    address: distributor(),
    abi: distributorAbi,
    functionName: 'cumulativeClaimed',
    args: [address],
  });

const ZERO_ROOT = `0x${'0'.repeat(64)}`;

/** leaves.csv, checked to rebuild the draft's root with OpenZeppelin's tree. */
async function downloadLeaves(id: string, root: Hex): Promise<Map<string, bigint>> {
  const res = await as(app, admin).get(`/v1/admin/distributions/${id}/leaves.csv`);
  expect(res.statusCode, res.body).toBe(200);
  const [header, ...lines] = res.body.trim().split(/\r?\n/);
  expect(header).toBe('address,cumulative_base_units');
  const rows = lines.map((line) => line.split(',') as [string, string]);
  for (const [address] of rows) expect(address).toBe(getAddress(address));
  expect(StandardMerkleTree.of(rows, ['address', 'uint256']).root).toBe(root);
  return new Map(rows.map(([address, amount]) => [address.toLowerCase(), BigInt(amount)]));
}

/** Who holds `address` at `at` by the wallet-proof rule: the latest proof by then, once it counts. */
async function holderAt(address: string, at: Date) {
  const proofs = await db
    .select()
    .from(walletProofs)
    .where(eq(walletProofs.address, address))
    .orderBy(desc(walletProofs.provenAt));
  const current = proofs.find((p) => p.provenAt <= at);
  return current && current.countsFrom <= at ? current.userId : undefined;
}

const acceptedBaseUnits = async () => {
  const rows = await db.select().from(purchases).where(eq(purchases.status, 1));
  const byUser = new Map<string, bigint>();
  for (const p of rows)
    byUser.set(p.userId, (byUser.get(p.userId) ?? 0n) + parseUnits(p.tokenAmount, TMC));
  return byUser;
};

/**
 * A draft just built: its leaves are leaves.csv's; each buyer's leaves and held tokens add up to
 * their accepted orders; a leaf whose amount is new or higher than in the accepted root sits on a
 * wallet its buyer holds now, and any other leaf is the buyer's own leaf of that root.
 */
async function checkDraft(id: string, previous: Built | undefined) {
  const [row] = await db.select().from(distributions).where(eq(distributions.id, id));
  const leaves = await db
    .select()
    .from(distributionLeaves)
    .where(eq(distributionLeaves.distributionId, id));
  const csv = await downloadLeaves(id, row!.root as Hex);
  expect(new Map(leaves.map((l) => [l.address, BigInt(l.cumulativeBaseUnits)]))).toEqual(csv);
  builtRoots.set(row!.root, {
    id,
    root: row!.root as Hex,
    leaves: csv,
    builtAtBlock: await tools.publicClient.getBlockNumber(),
  });

  const previousOwners = new Map<string, string>();
  if (previous)
    for (const l of await db
      .select()
      .from(distributionLeaves)
      .where(eq(distributionLeaves.distributionId, previous.id)))
      previousOwners.set(l.address, l.userId);
  for (const leaf of leaves) {
    const before = previous?.leaves.get(leaf.address) ?? 0n;
    if (BigInt(leaf.cumulativeBaseUnits) > before)
      expect(
        await holderAt(leaf.address, row!.createdAt),
        `${leaf.address} got more for a buyer who does not hold it`,
      ).toBe(leaf.userId);
    else
      expect(previousOwners.get(leaf.address), `${leaf.address} changed hands`).toBe(leaf.userId);
  }

  const accepted = await acceptedBaseUnits();
  const users = new Set([...accepted.keys(), ...leaves.map((l) => l.userId)]);
  for (const userId of users) {
    const inLeaves = leaves
      .filter((l) => l.userId === userId)
      .reduce((n, l) => n + BigInt(l.cumulativeBaseUnits), 0n);
    const held = row!.holds
      .filter((h) => h.userId === userId)
      .reduce((n, h) => n + parseUnits(h.tokens, TMC), 0n);
    const due = accepted.get(userId) ?? 0n;
    if (inLeaves + held === due) continue;
    // More than due only when a revert came after the tokens were claimed: each of the buyer's
    // leaves is then at what its address has claimed, not a base unit above.
    expect(held, `buyer ${userId}: held while over-delivered`).toBe(0n);
    expect(inLeaves > due, `buyer ${userId}: leaves ${inLeaves} + held ${held} ≠ ${due}`).toBe(
      true,
    );
    for (const leaf of leaves.filter((l) => l.userId === userId))
      expect(BigInt(leaf.cumulativeBaseUnits), leaf.address).toBe(
        await claimedOf(getAddress(leaf.address)),
      );
  }
}

const claimedEvent = parseAbiItem(
  'event Claimed(address indexed account, uint256 amount, uint256 cumulativeClaimed, uint256 epoch)',
);

/** The chain's own books of the distributor, after every step. */
async function checkChain() {
  const root = await readDistributor('root');
  const accepted = root === ZERO_ROOT ? undefined : builtRoots.get(root);
  expect(
    root === ZERO_ROOT || accepted,
    `the chain's root ${root} was not built here`,
  ).toBeTruthy();
  let claimedSum = 0n;
  for (const address of WALLETS) {
    const claimed = await claimedOf(address);
    claimedSum += claimed;
    // No address has claimed more than the accepted root gives it, but for what it claimed under
    // the earlier root after this one's draft was built (the build read the chain before that
    // claim, and a freezing proposal stops claims only from the proposal on).
    const excess = claimed - (accepted?.leaves.get(address.toLowerCase()) ?? 0n);
    if (excess > 0n) {
      const raced = (
        await tools.publicClient.getLogs({
          address: distributor(),
          event: claimedEvent,
          args: { account: address },
          fromBlock: accepted ? accepted.builtAtBlock + 1n : 0n,
        })
      ).reduce((n, l) => n + l.args.amount!, 0n);
      expect(excess <= raced, `${address} claimed ${excess} more than the accepted root`).toBe(
        true,
      );
    }
    // Claims pay the account, never the caller.
    expect((await balanceOf(address)) - startBalance.get(address)!).toBe(claimed);
  }
  const totalClaimed = await readDistributor('totalClaimed');
  expect(totalClaimed).toBe(claimedSum);
  // Σ claimed ≤ funded: everything ever sent to the distributor, its balance what is left.
  const funding = await tools.publicClient.getLogs({
    address: token(),
    event: parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)'),
    args: { to: distributor() },
    fromBlock: 0n,
  });
  const funded = funding.reduce((n, l) => n + l.args.value!, 0n);
  expect(totalClaimed <= funded).toBe(true);
  expect(await balanceOf(distributor())).toBe(funded - totalClaimed);
}

/** Mines the confirmations and lets the watcher (and its distributor reader) read to the head. */
async function watchAll() {
  await tools.mine((await readSettings(db)).minConfirmations);
  for (let i = 0; i < 20; i++) {
    const poll = await app.paymentWatcher.pollOnce();
    if (!poll.blocks) return;
  }
}

/** Once the reader has caught up: distribution states and stored claims are the chain's. */
async function checkDatabaseIsChain() {
  const rows = await db
    .select()
    .from(distributions)
    .where(eq(distributions.distributorAddress, distributor().toLowerCase()));
  const [epoch, root, pending] = await Promise.all([
    readDistributor('epoch'),
    readDistributor('root'),
    readDistributor('pending'),
  ]);
  const accepted = rows.filter((d) => d.status === 'accepted');
  if (epoch === 0n) expect(accepted).toEqual([]);
  else {
    expect(accepted.map((d) => [d.epoch, d.root])).toEqual([[Number(epoch), root]]);
    for (const d of rows.filter((d) => d.epoch < Number(epoch) && d.acceptedTx))
      expect(d.status, `epoch ${d.epoch}`).toBe('superseded');
  }
  const proposed = rows.filter((d) => d.status === 'proposed');
  const [pendingRoot, pendingEpoch] = pending;
  if (pendingRoot === ZERO_ROOT) expect(proposed).toEqual([]);
  else
    expect(proposed.map((d) => [d.epoch, d.root])).toEqual([[Number(pendingEpoch), pendingRoot]]);

  const logs = await tools.publicClient.getLogs({
    address: distributor(),
    event: claimedEvent,
    fromBlock: devChain().delivery!.startBlock,
  });
  const stored = await db.select().from(tokenClaims);
  const key = (c: { hash: string; index: number }) => `${c.hash}:${c.index}`;
  expect(
    new Map(
      stored.map((c) => [
        key({ hash: c.txHash, index: c.logIndex }),
        [c.address, c.amountBaseUnits, c.cumulativeClaimedBaseUnits, c.epoch],
      ]),
    ),
  ).toEqual(
    new Map(
      logs.map((l) => [
        key({ hash: l.transactionHash.toLowerCase(), index: l.logIndex }),
        [
          l.args.account!.toLowerCase(),
          l.args.amount!.toString(),
          l.args.cumulativeClaimed!.toString(),
          Number(l.args.epoch),
        ],
      ]),
    ),
  );
  for (const address of WALLETS) {
    const own = stored.filter((c) => c.address === address.toLowerCase());
    const last = own.reduce((n, c) => {
      const v = BigInt(c.cumulativeClaimedBaseUnits);
      return v > n ? v : n;
    }, 0n);
    expect(last, address).toBe(await claimedOf(address));
  }
}

async function openDraft() {
  const res = await as(app, admin).get('/v1/admin/distributions');
  expect(res.statusCode).toBe(200);
  const list = res.json<{ data: { results: { _id: string; status: string }[] } }>().data.results;
  return list.find((d) => d.status === 'draft');
}

/** Sends a call if a simulation says it succeeds; answers whether it did. */
async function sendIfItWorks(
  callerIndex: number,
  call:
    | { functionName: 'acceptRoot' | 'cancelPending' }
    | {
        functionName: 'claim';
        args: readonly [Address, bigint, readonly Hex[]];
      },
) {
  const wallet = tools.walletOf(callerIndex);
  try {
    await tools.publicClient.simulateContract({
      address: distributor(),
      abi: distributorAbi,
      account: wallet.account,
      ...call,
    });
  } catch {
    return false;
  }
  const hash = await wallet.writeContract({
    address: distributor(),
    abi: distributorAbi,
    ...call,
  });
  const receipt = await tools.publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return true;
}

/**
 * The same three buyers and their orders in every run: each run goes on from the chain and the
 * roots the last one left (five wallets between three buyers would all be spoken for otherwise).
 */
let buyers: Person[] = [];
const orders: { id: string; buyer: Person }[] = [];

async function run(ops: Op[]) {
  if (!buyers.length) buyers = [await person(), await person(), await person()];
  const staff = as(app, admin);

  // Each run starts with something new for buyer 0 to receive, published.
  const opening: Op[] = [
    { kind: 'prove', buyer: 0, wallet: 0, dayPassed: true },
    { kind: 'accept', buyer: 0, aud: '100.00' },
    { kind: 'build' },
    { kind: 'propose' },
    { kind: 'acceptRoot', caller: 0 },
  ];
  for (const step of [...opening, ...ops]) {
    let answer: { statusCode: number; body: string } | undefined;
    switch (step.kind) {
      case 'accept': {
        const buyer = buyers[step.buyer]!;
        const purchase = await insertBankPurchase(db, buyer, step.aud);
        answer = await decide(app, admin, purchase.id, 1);
        if (answer.statusCode === 200) orders.push({ id: purchase.id, buyer });
        break;
      }
      case 'revert': {
        const order = pick(orders, step.order);
        if (!order) break;
        // Staff decide on the site's books: the reader has stored what was claimed so far.
        await watchAll();
        answer = await decide(app, admin, order.id, 4);
        break;
      }
      case 'prove': {
        // Another buyer's wallet proved again moves it to this one.
        const proof = await proveWallet(db, buyers[step.buyer]!.id, WALLETS[step.wallet]!);
        if (step.dayPassed)
          await db
            .update(walletProofs)
            .set({ countsFrom: sql`least(${walletProofs.countsFrom}, now())` })
            .where(eq(walletProofs.id, proof.id));
        break;
      }
      case 'choose':
        answer = await as(app, buyers[step.buyer]).put('/v1/account/delivery-wallet', {
          address: WALLETS[step.wallet],
        });
        break;
      case 'build': {
        const root = await readDistributor('root');
        answer = await staff.post('/v1/admin/distributions');
        // A revert that would take back claimed tokens is refused, so no build ever meets one
        // (else no root could be built again, for anyone).
        expect(answer.body).not.toContain("a revert can't take them back");
        // Nor one whose wallet moved from a buyer in an earlier root: that buyer waits, not all.
        expect(answer.body).not.toContain('An address would hold leaves of two buyers');
        if (answer.statusCode === 201) {
          done.builds++;
          const { _id } = JSON.parse(answer.body).data as { _id: string };
          await checkDraft(_id, root === ZERO_ROOT ? undefined : builtRoots.get(root));
        }
        break;
      }
      case 'cancelDraft': {
        const draft = await openDraft();
        if (!draft) break;
        answer = await staff.post(`/v1/admin/distributions/${draft._id}/cancel`);
        if (answer.statusCode === 200) done.cancellations++;
        break;
      }
      case 'propose': {
        // What the Safe does with the draft's batch: propose the root, fund the shortfall.
        const draft = await openDraft();
        if (!draft) break;
        answer = await staff.get(`/v1/admin/distributions/${draft._id}/safe-tx.json`);
        expect(answer.statusCode, answer.body).toBe(200);
        const batch = JSON.parse(answer.body) as {
          transactions: { to: Address; value: string; data: Hex }[];
        };
        const owner = tools.walletOf(OWNER);
        // A batch the chain has moved past (its epoch proposed and accepted, the site not told
        // yet) reverts; the Safe would not send it.
        const [first] = batch.transactions;
        const stale = await tools.publicClient
          .call({ account: owner.account, to: getAddress(first!.to), data: first!.data })
          .then(
            () => false,
            () => true,
          );
        if (stale) break;
        for (const tx of batch.transactions) {
          const hash = await owner.sendTransaction({
            to: getAddress(tx.to),
            value: BigInt(tx.value),
            data: tx.data,
          });
          const receipt = await tools.publicClient.waitForTransactionReceipt({ hash });
          expect(receipt.status).toBe('success');
        }
        done.proposals++;
        break;
      }
      case 'acceptRoot':
        if ((await readDistributor('pending'))[0] === ZERO_ROOT) break;
        if (await sendIfItWorks(CALLERS[step.caller]!, { functionName: 'acceptRoot' }))
          done.acceptances++;
        break;
      case 'cancelPending':
        if ((await readDistributor('pending'))[0] === ZERO_ROOT) break;
        if (await sendIfItWorks(OWNER, { functionName: 'cancelPending' })) done.cancellations++;
        break;
      case 'claim': {
        const root = await readDistributor('root');
        const source = step.current
          ? builtRoots.get(root)
          : pick([...builtRoots.values()], step.leaf);
        if (!source) break;
        const leaves = await db
          .select()
          .from(distributionLeaves)
          .where(eq(distributionLeaves.distributionId, source.id));
        const leaf = pick(leaves, step.leaf);
        if (!leaf) break;
        if ((await claimedOf(getAddress(leaf.address))) >= BigInt(leaf.cumulativeBaseUnits)) break;
        const claimed = await sendIfItWorks(CALLERS[step.caller]!, {
          functionName: 'claim',
          args: [getAddress(leaf.address), BigInt(leaf.cumulativeBaseUnits), leaf.proof],
        });
        if (claimed) done.claims++;
        break;
      }
      case 'watch':
        await watchAll();
        await checkDatabaseIsChain();
        break;
    }
    // Every refusal is a clear 4xx, never a fault.
    if (answer) expect(answer.statusCode, `${step.kind}: ${answer.body}`).toBeLessThan(500);
    if (answer && answer.statusCode >= 400) done.refusals++;
    await checkChain();
  }
  // In the end the reader comes across everything the chain did.
  await watchAll();
  await checkDatabaseIsChain();
  // The next run starts from a settled chain: no draft left open for it to trip on.
  const draft = await openDraft();
  if (draft) await staff.post(`/v1/admin/distributions/${draft._id}/cancel`);
  if ((await readDistributor('pending'))[0] !== ZERO_ROOT)
    await sendIfItWorks(OWNER, { functionName: 'cancelPending' });
  await watchAll();
}

const seeds = propertySeeds('DELIVERY_INVARIANTS_SEED', 39);

describe('delivery invariants', () => {
  for (const { name, seed } of seeds)
    it(`hold after every step of random sequences of orders, wallets, builds, proposals, acceptances, cancellations and claims (${name} seed ${seed})`, async () => {
      console.log(
        `delivery invariants: ${name} seed ${seed} (replay with DELIVERY_INVARIANTS_SEED=${seed})`,
      );
      resetDone();
      await fc.assert(fc.asyncProperty(fc.array(op, { minLength: 10, maxLength: 15 }), run), {
        seed,
        numRuns: 5,
        // A failing sequence is reported as it ran (replay it with its seed): shrinking would
        // replay chain transactions for minutes.
        endOnFailure: true,
      });
      console.log(`delivery invariants: ${name} seed ${seed} did ${JSON.stringify(done)}`);
    }, 300_000);
});
