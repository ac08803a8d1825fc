import { getAddress, isAddressEqual, type Address, type Hash } from 'viem';
import { verifyPaymentMessages as says, type CryptoCurrency } from '@tmc/shared';
import { decodeUsdcTransfers, type ChainClient } from '../../lib/chain.ts';
import { badRequest } from '../../lib/errors.ts';

export interface PaymentLookup {
  txnHash: Hash;
  coin: CryptoCurrency;
  /** The wallet the order quoted, not whatever the settings say now. */
  companyWallet: Address;
  usdcAddress: Address;
}

/** One transfer to the company wallet: the ETH the transaction sent, or one USDC Transfer log. */
export interface WalletTransfer {
  from: Address;
  to: Address;
  /** Wei, or USDC base units (6 decimals). */
  value: bigint;
  /** The USDC Transfer log's index; null for ETH. */
  logIndex: number | null;
}

export interface ChainPayment {
  txnHash: Hash;
  coin: CryptoCurrency;
  transfers: WalletTransfer[];
  blockNumber: bigint;
  blockTime: Date;
  /** The including block counts as one. */
  confirmations: bigint;
}

/**
 * Reads a transaction from the chain (never the client's word) and what it paid the company
 * wallet; a 400 with the reason when it is unknown, not mined, reverted, or paid the wallet
 * nothing in the coin.
 */
export async function readChainPayment(
  chain: ChainClient,
  lookup: PaymentLookup,
): Promise<ChainPayment> {
  const transaction = await chain.getTransaction(lookup.txnHash);
  if (!transaction) throw badRequest(says.notOnChain);
  const receipt = await chain.getTransactionReceipt(lookup.txnHash);
  if (!receipt) throw badRequest(says.notMined);
  if (receipt.status !== 'success') throw badRequest(says.reverted);

  let transfers: WalletTransfer[];
  if (lookup.coin === 'ETH') {
    // Only a direct transfer counts: ETH moved by a contract call leaves no trace in the receipt.
    if (
      !transaction.to ||
      !isAddressEqual(transaction.to, lookup.companyWallet) ||
      transaction.value === 0n
    )
      throw badRequest(says.notToCompanyWallet);
    transfers = [
      {
        from: getAddress(transaction.from),
        to: getAddress(transaction.to),
        value: transaction.value,
        logIndex: null,
      },
    ];
  } else {
    // The token holder pays; the transaction's sender may be a relayer or a smart wallet.
    transfers = decodeUsdcTransfers(receipt, lookup.usdcAddress)
      .filter((t) => isAddressEqual(t.to, lookup.companyWallet))
      .map((t) => ({ ...t, from: getAddress(t.from), to: getAddress(t.to) }));
    if (transfers.length === 0) throw badRequest(says.noUsdcToCompanyWallet);
  }
  const [block, latest] = await Promise.all([
    chain.getBlock(receipt.blockNumber),
    chain.getBlockNumber(),
  ]);
  return {
    txnHash: lookup.txnHash,
    coin: lookup.coin,
    transfers,
    blockNumber: receipt.blockNumber,
    blockTime: new Date(Number(block.timestamp) * 1000),
    confirmations: latest - receipt.blockNumber + 1n,
  };
}
