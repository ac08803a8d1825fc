import { isAddressEqual, zeroAddress, type Address } from 'viem';
import type { Tx } from '../../db/client.ts';
import type { ChainClient } from '../../lib/chain.ts';
import { recordUnmatchedPayment } from './unmatched-payments.repo.ts';

type BalanceReader = Pick<
  ChainClient,
  'getBalanceAt' | 'getNonceAt' | 'getWalletEthFlows' | 'getBlock'
>;

/** ETH the wallet received in one block that no transfer of that block explains (wei). */
export interface UnexplainedEth {
  blockNumber: bigint;
  value: bigint;
}

/** A direct ETH transfer to the wallet the watcher saw (and did not find reverted). */
export interface SeenEth {
  blockNumber: bigint;
  value: bigint;
}

interface WalletState {
  balance: bigint;
  nonce: number;
}

/**
 * ETH that reached `wallet` in blocks `from` … `to` without a transaction to it: a Safe or
 * another smart-contract wallet, an ERC-4337 account or an exchange's batched withdrawal pays
 * through an internal call, which no block's transaction list shows. The wallet's balance change
 * over a range, less the direct transfers `seen`, plus what its own transactions took (value and
 * gas), is what came in otherwise. A range in which the wallet sent nothing (its nonce did not
 * move) is settled by two balances alone; any other range, and any range with something
 * unexplained, is split in two until one block is left, whose own transactions are then read.
 * A few balance reads find the block, however long the range. A decrease nothing explains (not
 * possible for an ordinary account) is answered apart, for the log.
 */
export async function findUnexplainedEth(
  chain: BalanceReader,
  wallet: Address,
  from: bigint,
  to: bigint,
  seen: readonly SeenEth[],
): Promise<{ found: UnexplainedEth[]; decreases: UnexplainedEth[] }> {
  const found: UnexplainedEth[] = [];
  const decreases: UnexplainedEth[] = [];
  // Block 0 holds the genesis allocations and no transaction: nothing to explain there.
  const first = from > 0n ? from : 1n;
  if (first > to) return { found, decreases };

  const stateAt = async (block: bigint): Promise<WalletState> => {
    const [balance, nonce] = await Promise.all([
      chain.getBalanceAt(wallet, block),
      chain.getNonceAt(wallet, block),
    ]);
    return { balance, nonce };
  };
  const seenIn = (a: bigint, b: bigint) =>
    seen.reduce((sum, t) => (t.blockNumber >= a && t.blockNumber <= b ? sum + t.value : sum), 0n);

  async function walk(a: bigint, b: bigint, start: WalletState, end: WalletState) {
    if (end.nonce === start.nonce) {
      const diff = end.balance - start.balance - seenIn(a, b);
      if (diff === 0n) return;
      if (a === b) {
        (diff > 0n ? found : decreases).push({ blockNumber: a, value: diff > 0n ? diff : -diff });
        return;
      }
    } else if (a === b) {
      const { outgoing } = await chain.getWalletEthFlows(a, wallet);
      const diff = end.balance - start.balance - seenIn(a, a) + outgoing;
      if (diff !== 0n)
        (diff > 0n ? found : decreases).push({ blockNumber: a, value: diff > 0n ? diff : -diff });
      return;
    }
    const mid = (a + b) / 2n;
    const middle = await stateAt(mid);
    await walk(a, mid, start, middle);
    await walk(mid + 1n, b, middle, end);
  }

  const [start, end] = await Promise.all([stateAt(first - 1n), stateAt(to)]);
  await walk(first, to, start, end);
  return { found, decreases };
}

/**
 * What one block gave `wallet` beyond its direct transfers and its own spending, read again from
 * the chain (a staff assignment checks the listed amount is still there).
 */
export async function unexplainedEthInBlock(
  chain: BalanceReader,
  wallet: Address,
  blockNumber: bigint,
) {
  const [before, after, flows] = await Promise.all([
    chain.getBalanceAt(wallet, blockNumber - 1n),
    chain.getBalanceAt(wallet, blockNumber),
    chain.getWalletEthFlows(blockNumber, wallet),
  ]);
  return {
    value: after - before - flows.incoming + flows.outgoing,
    blockHash: flows.hash,
    blockTime: new Date(Number(flows.timestamp) * 1000),
  };
}

/**
 * The payment watcher's step for ETH paid through contracts: each block of `from` … `to` where
 * the company wallet received ETH that no transfer explains is listed for staff (reason
 * `internal`, keyed by the block's hash), who assign it to an order or refund it. Listing again
 * changes nothing. Answers how many blocks were listed.
 */
export async function listInternalEth(
  { db, chain }: { db: Tx; chain: BalanceReader },
  args: {
    wallet: Address;
    from: bigint;
    to: bigint;
    transfers: readonly { coin: string; to: Address; value: bigint; blockNumber: bigint }[];
  },
) {
  const seen = args.transfers.filter((t) => t.coin === 'ETH' && isAddressEqual(t.to, args.wallet));
  const { found, decreases } = await findUnexplainedEth(
    chain,
    args.wallet,
    args.from,
    args.to,
    seen,
  );
  for (const payment of found) {
    const block = await chain.getBlock(payment.blockNumber);
    await recordUnmatchedPayment(db, {
      txnHash: block.hash,
      logIndex: null,
      coin: 'ETH',
      fromAddress: zeroAddress,
      toAddress: args.wallet,
      amountBaseUnits: payment.value.toString(),
      blockNumber: payment.blockNumber,
      blockTime: new Date(Number(block.timestamp) * 1000),
      reason: 'internal',
      purchaseId: null,
    });
  }
  return { listed: found.length, decreases };
}
