import { formatUnits, getAddress, isAddressEqual, type Address, type Hash } from 'viem';
import { DECIMALS, verifyPaymentMessages as says, type CryptoCurrency } from '@tmc/shared';
import { decodeUsdcTransfers, type ChainClient } from '../../lib/chain.ts';
import { badRequest } from '../../lib/errors.ts';

export interface QuotedPayment {
  txnHash: Hash;
  coin: CryptoCurrency;
  /** Wei, or USDC base units (6 decimals). */
  quoteBaseUnits: bigint;
  /** The wallet the order quoted, not whatever the settings say now. */
  companyWallet: Address;
  usdcAddress: Address;
  minConfirmations: number;
  orderCreatedAt: Date;
}

export interface ChainPayment {
  from: Address;
  paidBaseUnits: bigint;
  blockNumber: bigint;
}

const coinText = (units: bigint, coin: CryptoCurrency) => formatUnits(units, DECIMALS[coin]);

/** What the transaction paid the company wallet, in base units, and who paid it. */
async function amountPaid(chain: ChainClient, quote: QuotedPayment) {
  const transaction = await chain.getTransaction(quote.txnHash);
  if (!transaction) throw badRequest(says.notOnChain);
  const receipt = await chain.getTransactionReceipt(quote.txnHash);
  if (!receipt) throw badRequest(says.notMined);
  if (receipt.status !== 'success') throw badRequest(says.reverted);

  if (quote.coin === 'ETH') {
    // Only a direct transfer counts: ETH moved by a contract call leaves no trace in the receipt.
    if (!transaction.to || !isAddressEqual(transaction.to, quote.companyWallet))
      throw badRequest(says.notToCompanyWallet);
    return { receipt, from: getAddress(transaction.from), paid: transaction.value };
  }
  const transfers = decodeUsdcTransfers(receipt, quote.usdcAddress).filter((t) =>
    isAddressEqual(t.to, quote.companyWallet),
  );
  const [first] = transfers;
  if (!first) throw badRequest(says.noUsdcToCompanyWallet);
  // The token holder who paid; the transaction's sender may be a relayer or a smart wallet.
  return {
    receipt,
    from: getAddress(first.from),
    paid: transfers.reduce((sum, t) => sum + t.value, 0n),
  };
}

/**
 * Reads the payment from the chain and checks it against the quote; throws a 400 with the
 * reason when it does not pay the order. Confirmations come last: it is the only refusal that
 * waiting cures, so "try again" is never said of a payment that can never count.
 */
export async function checkPaymentOnChain(
  chain: ChainClient,
  quote: QuotedPayment,
): Promise<ChainPayment> {
  const { receipt, from, paid } = await amountPaid(chain, quote);
  if (paid < quote.quoteBaseUnits) {
    const { coin } = quote;
    throw badRequest(
      says.short(
        coinText(paid, coin),
        coinText(quote.quoteBaseUnits, coin),
        coin,
      ),
    );
  }
  const block = await chain.getBlock(receipt.blockNumber);
  if (block.timestamp < BigInt(Math.floor(quote.orderCreatedAt.getTime() / 1000)))
    throw badRequest(says.sentBeforeOrder);
  const latest = await chain.getBlockNumber();
  if (latest - receipt.blockNumber + 1n < BigInt(quote.minConfirmations))
    throw badRequest(says.notEnoughConfirmations);
  return { from, paidBaseUnits: paid, blockNumber: receipt.blockNumber };
}
