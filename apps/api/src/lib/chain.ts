import {
  createPublicClient,
  defineChain,
  erc20Abi,
  getAbiItem,
  http,
  isAddressEqual,
  parseEventLogs,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Address,
  type Chain,
  type Hash,
  type Log,
  type Transaction,
  type TransactionReceipt,
} from 'viem';

const transferEvent = getAbiItem({ abi: erc20Abi, name: 'Transfer' });

export interface ChainOptions {
  rpcUrl: string;
  chainId: number;
}

export interface UsdcTransfer {
  from: Address;
  to: Address;
  value: bigint;
  /** The Transfer log's index in its block. */
  logIndex: number;
}

/** A USDC Transfer found by scanning blocks. */
export interface ScannedUsdcTransfer extends UsdcTransfer {
  txnHash: Hash;
  blockNumber: bigint;
}

/** A direct ETH transfer (a transaction with value) found by scanning blocks. */
export interface ScannedEthTransfer {
  txnHash: Hash;
  from: Address;
  to: Address;
  value: bigint;
  blockNumber: bigint;
}

export interface BlockInfo {
  number: bigint;
  hash: Hash;
  /** Seconds since the epoch. */
  timestamp: bigint;
}

/** Any EVM JSON-RPC endpoint, described only by its id and URL. */
export function defineRpcChain({ rpcUrl, chainId }: ChainOptions): Chain {
  return defineChain({
    id: chainId,
    name: `Chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

export function createChainClient(options: ChainOptions) {
  const client = createPublicClient({
    chain: defineRpcChain(options),
    transport: http(options.rpcUrl, { timeout: 10_000, retryCount: 2 }),
  });

  return {
    chainId: options.chainId,
    publicClient: client,

    /** Null when the chain does not know the hash (never sent, or dropped). */
    async getTransaction(hash: Hash): Promise<Transaction | null> {
      try {
        return await client.getTransaction({ hash });
      } catch (error) {
        if (error instanceof TransactionNotFoundError) return null;
        throw error;
      }
    },

    /** Null while the transaction is unknown or not yet mined. */
    async getTransactionReceipt(hash: Hash): Promise<TransactionReceipt | null> {
      try {
        return await client.getTransactionReceipt({ hash });
      } catch (error) {
        if (error instanceof TransactionReceiptNotFoundError) return null;
        throw error;
      }
    },

    getBlockNumber(): Promise<bigint> {
      return client.getBlockNumber({ cacheTime: 0 });
    },

    async getBlock(blockNumber: bigint): Promise<BlockInfo> {
      const block = await client.getBlock({ blockNumber });
      return { number: block.number, hash: block.hash, timestamp: block.timestamp };
    },

    /** Transactions of `blockNumber` that send ETH to one of `wallets`; reverted ones included (check the receipt). */
    async getEthTransfersTo(
      blockNumber: bigint,
      wallets: readonly Address[],
      /** Also answer the ETH this wallet sent in the block (`sent`): refunds going out. */
      sentFrom?: Address,
    ): Promise<{
      hash: Hash;
      timestamp: bigint;
      transfers: ScannedEthTransfer[];
      sent: ScannedEthTransfer[];
    }> {
      const block = await client.getBlock({ blockNumber, includeTransactions: true });
      const scanned = (t: (typeof block.transactions)[number]) => ({
        txnHash: t.hash,
        from: t.from,
        to: t.to!,
        value: t.value,
        blockNumber,
      });
      const transfers = block.transactions
        .filter((t) => t.to && t.value > 0n && wallets.some((w) => isAddressEqual(w, t.to!)))
        .map(scanned);
      const sent = sentFrom
        ? block.transactions
            .filter((t) => t.to && t.value > 0n && isAddressEqual(t.from, sentFrom))
            .map(scanned)
        : [];
      return { hash: block.hash, timestamp: block.timestamp, transfers, sent };
    },

    /** The wallet's ETH balance (wei) at the end of `blockNumber`. */
    getBalanceAt(address: Address, blockNumber: bigint): Promise<bigint> {
      return client.getBalance({ address, blockNumber });
    },

    /** How many transactions the wallet had sent by the end of `blockNumber`. */
    getNonceAt(address: Address, blockNumber: bigint): Promise<number> {
      return client.getTransactionCount({ address, blockNumber });
    },

    /**
     * What the wallet's own transactions of `blockNumber` took from it: the value of those that
     * succeeded and the gas of all (gasUsed × effectiveGasPrice), and the direct ETH transfers to
     * it that succeeded. Internal calls are in neither: that is what a balance change shows.
     */
    async getWalletEthFlows(
      blockNumber: bigint,
      wallet: Address,
    ): Promise<{ hash: Hash; timestamp: bigint; incoming: bigint; outgoing: bigint }> {
      const block = await client.getBlock({ blockNumber, includeTransactions: true });
      let incoming = 0n;
      let outgoing = 0n;
      for (const t of block.transactions) {
        const sent = isAddressEqual(t.from, wallet);
        const received = t.to !== null && t.value > 0n && isAddressEqual(t.to, wallet);
        if (!sent && !received) continue;
        const receipt = await client.getTransactionReceipt({ hash: t.hash });
        const ok = receipt.status === 'success';
        if (sent) outgoing += receipt.gasUsed * receipt.effectiveGasPrice + (ok ? t.value : 0n);
        if (received && ok) incoming += t.value;
      }
      return { hash: block.hash, timestamp: block.timestamp, incoming, outgoing };
    },

    /** Transfer logs of the `usdcAddress` contract to one of `wallets` in the block range (inclusive). */
    async getUsdcTransfersTo(
      usdcAddress: Address,
      wallets: readonly Address[],
      fromBlock: bigint,
      toBlock: bigint,
      /** `from` instead: the transfers these wallets sent (refunds going out). */
      direction: 'to' | 'from' = 'to',
    ): Promise<ScannedUsdcTransfer[]> {
      const logs = await client.getLogs({
        address: usdcAddress,
        event: transferEvent,
        args: direction === 'to' ? { to: [...wallets] } : { from: [...wallets] },
        fromBlock,
        toBlock,
        strict: true,
      });
      return logs
        .filter((log) => !log.removed && isAddressEqual(log.address, usdcAddress))
        .map((log) => ({
          txnHash: log.transactionHash,
          blockNumber: log.blockNumber,
          logIndex: log.logIndex,
          from: log.args.from,
          to: log.args.to,
          value: log.args.value,
        }));
    },

    /** True when the RPC answers with the configured chain id; never throws. */
    async ping(): Promise<boolean> {
      try {
        return (await client.getChainId()) === options.chainId;
      } catch {
        return false;
      }
    },
  };
}

export type ChainClient = ReturnType<typeof createChainClient>;

/**
 * ERC-20 Transfer events emitted by `usdcAddress` itself. Logs of any other
 * contract are dropped first: anyone can deploy a token that emits a Transfer
 * to the company wallet.
 */
export function decodeUsdcTransfers(
  receipt: { logs: readonly Log[] },
  usdcAddress: Address,
): UsdcTransfer[] {
  const logs = receipt.logs.filter((log) => isAddressEqual(log.address, usdcAddress));
  return parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs, strict: true }).map(
    ({ args, logIndex }) => ({ from: args.from, to: args.to, value: args.value, logIndex }),
  );
}
