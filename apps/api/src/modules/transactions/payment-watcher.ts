import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { getAddress, isAddress, isAddressEqual, zeroAddress, type Address } from 'viem';
import type { Db } from '../../db/client.ts';
import type { ChainClient } from '../../lib/chain.ts';
import { metrics } from '../../lib/metrics.ts';
import { createRepeatingJob } from '../../lib/repeating-job.ts';
import { findSettings } from '../presale/presale.repo.ts';
import {
  advanceChainWatcher,
  ensureChainWatcher,
  markChainWatcherSucceeded,
  recordChainHead,
  releaseChainWatcherLease,
  takeChainWatcherLease,
  WATCHER_NAME,
} from './payment-watcher.repo.ts';
import { listInternalEth } from './internal-eth.ts';
import {
  BLOCK_TIME_MARGIN_MS,
  type SightedTransfer,
  type TransactionsService,
} from './transactions.service.ts';
import { findOpenOrderWallets } from './transactions.repo.ts';

export { WATCHER_NAME };
/** On the very first start, this many blocks before the head are read too. */
export const FIRST_START_WINDOW = 50n;
/** At most this many blocks a poll, so one poll never holds the lease for long. */
export const MAX_BLOCKS_PER_POLL = 100n;
/**
 * At most this many blocks below the head are read for payments not yet confirmed, however many
 * confirmations the settings ask for, so a poll's extra work stays bounded.
 */
export const MAX_UNCONFIRMED_BLOCKS = 32n;

/** What another reader of the chain under the watcher's lease reports: at least its lag in blocks. */
export interface LeasedReadResult {
  lag: bigint;
}

/**
 * Another reader of the chain that runs under the watcher's lease, after the payments (token
 * delivery's distributor reader): given the head and the confirmations required.
 */
export interface LeasedChainReader {
  read(head: bigint, confirmations: bigint): Promise<LeasedReadResult>;
}

export interface PollResult {
  /** False when another copy of the API holds the lease: this one did nothing. */
  leader: boolean;
  /** The blocks read (inclusive); absent when no new block had enough confirmations. */
  blocks?: { from: bigint; to: bigint };
  credited: number;
  unmatched: number;
  /** Transfers counted towards an order still short of its quote (partially paid); absent when none. */
  partial?: number;
  /** Blocks where ETH reached the company wallet through a contract, listed for staff. */
  internal?: number;
  /** The leader's count of transfers seen for an order but not yet confirmed; absent when unread. */
  sighted?: number;
  /** Approved refunds whose outgoing transfer was seen, confirmed, in these blocks. */
  refundsPaid?: number;
  /** What the distributor reader found, when delivery has started and its read succeeded. */
  delivery?: LeasedReadResult;
}

/** A confirmed transfer the company wallet sent (a refund going out). */
export interface OutgoingTransfer {
  coin: 'ETH' | 'USDC';
  to: string;
  value: bigint;
  txnHash: string;
  logIndex: number | null;
  blockNumber: bigint;
}

/** The refunds the watcher proves paid: approved ones waiting for their outgoing transfer. */
export interface OutgoingRefunds {
  waitingCoins(): Promise<Set<string>>;
  settleOutgoing(transfers: readonly OutgoingTransfer[]): Promise<number>;
}

interface PaymentWatcherDeps {
  db: Db;
  chain: ChainClient;
  transactions: Pick<TransactionsService, 'settleTransfer' | 'recordSightings'>;
  refunds?: OutgoingRefunds;
  /** Reads the distributor's events under the same lease, when delivery has started. */
  distributorReader?: LeasedChainReader;
  log: FastifyBaseLogger;
}

const max = (...values: bigint[]) => values.reduce((a, b) => (a > b ? a : b));

/**
 * Finds payments without the buyer's help: reads confirmed blocks for ETH sent to the company
 * wallet (and any wallet an open order was quoted to) and the configured USDC contract's Transfer
 * logs to them, and hands each transfer to the transactions service, which credits the order with
 * exactly that amount or lists the transfer for staff. The blocks after them, up to the head, are
 * read too and their transfers for an order kept as sightings (progress the buyer sees, never a
 * credit). One copy of the API at a time holds the lease (a row, so it works on PGlite as on
 * PostgreSQL); the block to read next is stored with it, so a restart resumes where the last poll
 * ended. A failed poll moves nothing and is retried with a growing pause.
 */
export function createPaymentWatcher({
  db,
  chain,
  transactions,
  refunds,
  distributorReader,
  log,
}: PaymentWatcherDeps) {
  // Names the copy on the System page (which one leads).
  const holder = `${hostname()} pid ${process.pid} ${randomUUID().slice(0, 8)}`;
  const job = createRepeatingJob({
    run: pollAndRecord,
    // Blocks left over: read on at once rather than after a whole interval.
    runAgainAtOnce: (result) =>
      result.blocks !== undefined &&
      result.blocks.to - result.blocks.from + 1n === MAX_BLOCKS_PER_POLL,
    minLeaseSeconds: 60,
    releaseLease: () => releaseChainWatcherLease(db, WATCHER_NAME, holder),
    failureMessage: 'payment watcher poll failed; retrying later',
    releaseFailureMessage: 'could not release the payment watcher lease',
    log,
  });

  async function walletsToWatch(companyWallet: string): Promise<Address[]> {
    const wallets = new Map<string, Address>();
    for (const wallet of [companyWallet, ...(await findOpenOrderWallets(db))])
      if (isAddress(wallet)) wallets.set(wallet.toLowerCase(), getAddress(wallet));
    return [...wallets.values()];
  }

  /** ETH transfers of the blocks that did not revert, and the blocks' times and hashes. */
  async function ethTransfers(from: bigint, to: bigint, wallets: Address[], sentFrom?: Address) {
    const blocks = new Map<bigint, { time: Date; hash: string }>();
    const transfers: SightedTransfer[] = [];
    const sent: OutgoingTransfer[] = [];
    for (let n = from; n <= to; n++) {
      const block = await chain.getEthTransfersTo(n, wallets, sentFrom);
      for (const t of block.sent) {
        const receipt = await chain.getTransactionReceipt(t.txnHash);
        if (receipt?.status === 'success')
          sent.push({
            coin: 'ETH',
            to: t.to,
            value: t.value,
            txnHash: t.txnHash,
            logIndex: null,
            blockNumber: n,
          });
      }
      const blockTime = new Date(Number(block.timestamp) * 1000);
      blocks.set(n, { time: blockTime, hash: block.hash });
      for (const t of block.transfers) {
        const receipt = await chain.getTransactionReceipt(t.txnHash);
        if (receipt?.status !== 'success') continue;
        transfers.push({ ...t, coin: 'ETH', logIndex: null, blockTime, blockHash: block.hash });
      }
    }
    return { blocks, transfers, sent };
  }

  /** The ETH and USDC payments to `wallets` in blocks `from` … `to`, oldest block first. */
  async function transfersIn(
    from: bigint,
    to: bigint,
    wallets: Address[],
    usdcAddress: string,
    outgoing?: { wallet: Address; coins: Set<string>; found: OutgoingTransfer[] },
  ) {
    const eth = await ethTransfers(
      from,
      to,
      wallets,
      outgoing?.coins.has('ETH') ? outgoing.wallet : undefined,
    );
    if (outgoing) {
      outgoing.found.push(...eth.sent);
      if (outgoing.coins.has('USDC') && isAddress(usdcAddress))
        for (const t of await chain.getUsdcTransfersTo(
          getAddress(usdcAddress),
          [outgoing.wallet],
          from,
          to,
          'from',
        ))
          outgoing.found.push({
            coin: 'USDC',
            to: t.to,
            value: t.value,
            txnHash: t.txnHash,
            logIndex: t.logIndex,
            blockNumber: t.blockNumber,
          });
    }
    const usdc = isAddress(usdcAddress)
      ? await chain.getUsdcTransfersTo(getAddress(usdcAddress), wallets, from, to)
      : [];
    // A mint (from the zero address) is the token contract's doing, never a buyer's payment.
    const usdcPayments = usdc.filter((t) => !isAddressEqual(t.from, zeroAddress));
    const transfers: SightedTransfer[] = [
      ...eth.transfers,
      ...usdcPayments.map((t) => {
        const block = eth.blocks.get(t.blockNumber)!;
        return { ...t, coin: 'USDC' as const, blockTime: block.time, blockHash: block.hash };
      }),
    ];
    return transfers.sort((a, b) =>
      a.blockNumber < b.blockNumber ? -1 : a.blockNumber > b.blockNumber ? 1 : 0,
    );
  }

  /**
   * Every payment mined in a block stamped before this time has been read, once the blocks
   * through `settledThrough` are: the next block's time, or, with none mined yet, the present
   * less the margin a new block's stamp may lag by. The lapse job ends no crypto order before it.
   */
  async function readThroughTime(settledThrough: bigint, head: bigint) {
    if (settledThrough >= head) return new Date(Date.now() - BLOCK_TIME_MARGIN_MS);
    const next = await chain.getBlock(settledThrough + 1n);
    return new Date(Number(next.timestamp) * 1000);
  }

  /**
   * ETH paid to the company wallet through a contract (internal-eth.ts), listed for staff. Its
   * own step, after the transfers: a node that cannot answer balances of those blocks (one that
   * keeps no old state) costs this check, never a credit, so a failure is logged and the watcher
   * reads on.
   */
  async function checkInternalEth(
    companyWallet: string,
    from: bigint,
    to: bigint,
    transfers: SightedTransfer[],
  ) {
    if (!isAddress(companyWallet)) return 0;
    try {
      const { listed, decreases } = await listInternalEth(
        { db, chain },
        { wallet: getAddress(companyWallet), from, to, transfers },
      );
      if (decreases.length)
        log.warn(
          { blocks: decreases.map((d) => `${d.blockNumber}`) },
          'the company wallet lost ETH that no transaction of its own explains',
        );
      return listed;
    } catch (err) {
      log.warn({ err }, 'payment watcher could not check the company wallet balance; going on');
      return 0;
    }
  }

  async function pollOnce(): Promise<PollResult> {
    const result: PollResult = { leader: false, credited: 0, unmatched: 0 };
    const settings = await findSettings(db);
    if (!settings) return result;
    const head = await chain.getBlockNumber();
    await ensureChainWatcher(
      db,
      WATCHER_NAME,
      head > FIRST_START_WINDOW ? head - FIRST_START_WINDOW : 0n,
    );
    const lease = await takeChainWatcherLease(db, WATCHER_NAME, holder, job.leaseSeconds());
    if (!lease) return result;
    result.leader = true;
    job.tookLease();
    await recordChainHead(db, WATCHER_NAME, holder, head);

    const required = BigInt(settings.minConfirmations);
    const from = lease.nextBlock;
    const confirmed = head - required + 1n;
    const last = from + MAX_BLOCKS_PER_POLL - 1n;
    const to = confirmed < last ? confirmed : last;
    const wallets = await walletsToWatch(settings.companyWallet);

    if (to >= from) {
      // Refunds going out are read only while one waits for its transfer, in the same blocks.
      const coins =
        refunds && isAddress(settings.companyWallet)
          ? await refunds.waitingCoins()
          : new Set<string>();
      const outgoing = coins.size
        ? { wallet: getAddress(settings.companyWallet), coins, found: [] as OutgoingTransfer[] }
        : undefined;
      const transfers = await transfersIn(from, to, wallets, settings.usdcAddress, outgoing);
      for (const transfer of transfers) {
        const outcome = await transactions.settleTransfer(transfer);
        if (outcome === 'credited') result.credited++;
        if (outcome === 'partial') result.partial = (result.partial ?? 0) + 1;
        if (outcome === 'unmatched') result.unmatched++;
      }
      if (refunds && outgoing) result.refundsPaid = await refunds.settleOutgoing(outgoing.found);
      result.internal = await checkInternalEth(settings.companyWallet, from, to, transfers);
      result.blocks = { from, to };
      if (result.credited || result.partial || result.unmatched || result.internal)
        log.info(
          { ...result, blocks: { from: `${from}`, to: `${to}` } },
          'payment watcher read blocks',
        );
    }

    const settledThrough = to >= from ? to : from - 1n;
    await advanceChainWatcher(
      db,
      WATCHER_NAME,
      holder,
      settledThrough + 1n,
      await readThroughTime(settledThrough, head),
    );

    // The blocks after the confirmed ones, re-read each poll: the buyer sees a payment coming,
    // and one a reorg took away goes again. Only progress to show, so a failure stops nothing.
    const unconfirmedFrom = max(
      settledThrough + 1n,
      head - required + 1n,
      head - MAX_UNCONFIRMED_BLOCKS + 1n,
      0n,
    );
    try {
      const transfers =
        unconfirmedFrom <= head
          ? await transfersIn(unconfirmedFrom, head, wallets, settings.usdcAddress)
          : [];
      result.sighted = await transactions.recordSightings({
        transfers,
        fromBlock: unconfirmedFrom,
        settledThrough,
      });
    } catch (err) {
      log.warn({ err }, 'payment watcher could not read the unconfirmed blocks; going on');
    }
    // Token delivery rides on the same lease; its failure must not hold payments up.
    if (distributorReader) {
      try {
        result.delivery = await distributorReader.read(head, required);
      } catch (err) {
        log.warn({ err }, 'the distributor reader failed; it retries at the next poll');
      }
    }
    return result;
  }

  function pollAndRecord() {
    return pollOnce().then(
      (result) => {
        metrics.watcherPolled('ok');
        if (result.leader) void markChainWatcherSucceeded(db, WATCHER_NAME, holder).catch(() => {});
        return result;
      },
      (err: unknown) => {
        metrics.watcherPolled('failed');
        throw err;
      },
    );
  }

  return { pollOnce, start: job.start, stop: job.stop };
}

export type PaymentWatcher = ReturnType<typeof createPaymentWatcher>;
