import type { FastifyBaseLogger } from 'fastify';
import { formatUnits, getAddress, isAddress, isAddressEqual, type Address, type Hash } from 'viem';
import {
  CRYPTO_CURRENCIES,
  DECIMALS,
  PaymentMode,
  PaymentStatus,
  messages,
  verifyPaymentMessages as says,
  type CryptoCurrency,
  type Page,
  type Transaction,
  type UnmatchedPaymentReason,
} from '@tmc/shared';
import type { Db, Tx } from '../../db/client.ts';
import type { ChainClient } from '../../lib/chain.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { queueMail } from '../../lib/mailer/mailer.ts';
import type { QueuedMailDelivery } from '../../lib/mailer/queued-mail.ts';
import { pageOf, type ListQuery } from '../../lib/list-query.ts';
import { plain } from '../../lib/money.ts';
import { findUserById, isUniqueViolation } from '../account/users.repo.ts';
import { findSettings } from '../presale/presale.repo.ts';
import { isOverHardCap, type PurchaseAcceptance } from '../purchases/accept-purchase.ts';
import { readChainPayment, type ChainPayment, type WalletTransfer } from './chain-payment.ts';
import { toTransactionDto, type TransactionRow } from './transaction-dto.ts';
import {
  findOpenOrderByQuote,
  findTransaction,
  findTransactionIdByHash,
  isQuoteOfAnotherOrder,
  pageUserTransactions,
  lockTransaction,
  markTransactionPaid,
} from './transactions.repo.ts';
import { findUnmatchedTransfer, recordUnmatchedPayment } from './unmatched-payments.repo.ts';
import { isUuid } from '../../lib/uuid.ts';
import { metrics } from '../../lib/metrics.ts';

export interface TransactionFilter {
  paymentStatus?: number;
  paymentMode?: number;
}

/** A transfer to the company wallet, as the chain shows it. */
export interface Transfer extends WalletTransfer {
  coin: CryptoCurrency;
  txnHash: Hash;
  blockNumber: bigint;
  blockTime: Date;
}

/** The proof stored on a transaction when a payment credits it. */
export interface CreditedPayment {
  txnHash: string;
  from: string;
  paidBaseUnits: bigint;
  blockNumber: bigint;
}

/** What became of a transfer the watcher found. */
export type TransferOutcome = 'credited' | 'unmatched' | 'known';

const isCoin = (symbol: string): symbol is CryptoCurrency =>
  (CRYPTO_CURRENCIES as readonly string[]).includes(symbol);

/** API.md: a payment counts for an order from the order's own second on (block times are whole seconds). */
const minedBeforeOrder = (blockTime: Date, order: TransactionRow) =>
  blockTime.getTime() < Math.floor(order.createdAt.getTime() / 1000) * 1000;

const coinText = (units: bigint, coin: CryptoCurrency) => formatUnits(units, DECIMALS[coin]);

const transfersOf = (payment: ChainPayment): Transfer[] =>
  payment.transfers.map((t) => ({
    ...t,
    coin: payment.coin,
    txnHash: payment.txnHash,
    blockNumber: payment.blockNumber,
    blockTime: payment.blockTime,
  }));

interface TransactionsDeps {
  db: Db;
  chain: ChainClient;
  acceptance: PurchaseAcceptance;
  mail: QueuedMailDelivery;
  log: FastifyBaseLogger;
}

export function createTransactionsService({ db, chain, acceptance, mail, log }: TransactionsDeps) {
  /** The caller's transaction, or 404 for an unknown id and for anyone else's (never say it exists). */
  async function ownTransaction(userId: string, id: string) {
    const row = isUuid(id) ? await findTransaction(db, id) : undefined;
    if (!row || row.userId !== userId) throw notFound(messages.transactionNotFound);
    return row;
  }

  async function readPayment(...args: Parameters<typeof readChainPayment>) {
    try {
      return await readChainPayment(...args);
    } catch (err) {
      if (err instanceof AppError) throw err;
      log.warn({ err }, 'reading a payment from the chain failed');
      throw new AppError(503, says.chainUnavailable);
    }
  }

  /** Lists a transfer for staff (once per transfer), with the order it was meant for when known. */
  const recordUnmatched = (
    transfer: Transfer,
    reason: UnmatchedPaymentReason,
    purchaseId: string | null,
  ) =>
    recordUnmatchedPayment(db, {
      txnHash: transfer.txnHash,
      logIndex: transfer.logIndex,
      coin: transfer.coin,
      fromAddress: transfer.from,
      toAddress: transfer.to,
      amountBaseUnits: transfer.value.toString(),
      blockNumber: transfer.blockNumber,
      blockTime: transfer.blockTime,
      reason,
      purchaseId,
    });

  /**
   * The one step that credits a crypto order with a payment, run inside the caller's database
   * transaction with the order's row locked: Pending → Success with the proof, its presale
   * request accepted (totals, hard cap, affiliate earnings), the buyer's e-mail queued. The
   * verify button, the watcher and staff assigning an unmatched payment all come here. Crediting
   * an order again with the hash that credited it changes nothing (`credited` false). The unique
   * index on txn_hash is the last word when two orders race for one hash.
   */
  async function creditOrder(
    tx: Tx,
    transactionId: string,
    payment: CreditedPayment,
    reviewedBy?: string,
  ): Promise<{ transaction: TransactionRow; credited: boolean }> {
    const row = await lockTransaction(tx, transactionId);
    if (!row) throw notFound(messages.transactionNotFound);
    if (row.paymentStatus === PaymentStatus.Success && row.txnHash === payment.txnHash)
      return { transaction: row, credited: false };
    if (row.paymentStatus !== PaymentStatus.Pending) throw badRequest(says.notPending);
    const coin = row.tokenSymbol;
    if (row.paymentMode !== PaymentMode.Crypto || !isCoin(coin))
      throw badRequest(says.notCryptoPayment);
    const [user, settings] = await Promise.all([findUserById(tx, row.userId), findSettings(tx)]);
    if (!user || !settings)
      throw new Error(`Crypto transaction ${row.id} has no buyer or settings`);
    const registered =
      user.walletAddress && isAddress(user.walletAddress) ? user.walletAddress : null;
    const transaction = await markTransactionPaid(tx, row.id, {
      txnHash: payment.txnHash,
      fromAddress: payment.from,
      senderMatchesWallet: registered ? isAddressEqual(registered, payment.from as Address) : null,
      paidBaseUnits: payment.paidBaseUnits,
      blockNumber: payment.blockNumber,
    });
    if (!transaction) throw badRequest(says.notPending);
    const purchase = row.purchaseId
      ? await acceptance.acceptPurchase(tx, { purchaseId: row.purchaseId, reviewedBy })
      : undefined;
    // Stored with the acceptance: the buyer hears of it if and only if it commits.
    await queueMail(tx, user.email, {
      kind: 'paymentVerified',
      name: user.name,
      amount: coinText(payment.paidBaseUnits, coin),
      currency: coin,
      tokenAmount: plain(purchase?.tokenAmount ?? transaction.tokenAmount),
      tokenSymbol: settings.tokenSymbol,
      txnHash: payment.txnHash,
    });
    metrics.paymentCredited(coin, reviewedBy ? 'staff' : 'exact');
    return { transaction, credited: true };
  }

  /**
   * A transfer that is not the order's exact amount credits nothing. When it is the exact amount
   * of another order it is that order's; otherwise staff get it, with this order as the claim.
   */
  async function refuseMismatch(
    order: TransactionRow,
    payment: ChainPayment,
    quote: bigint,
  ): Promise<never> {
    const transfers = transfersOf(payment);
    for (const t of transfers) {
      const another = await isQuoteOfAnotherOrder(db, {
        coin: t.coin,
        baseUnits: t.value,
        txnHash: t.txnHash,
        exceptId: order.id,
      });
      if (another) throw badRequest(says.otherOrder);
    }
    const paid = transfers.reduce((sum, t) => sum + t.value, 0n);
    const reason = paid > quote ? 'excess' : 'short';
    for (const t of transfers) await recordUnmatched(t, reason, order.purchaseId);
    const figures = [
      coinText(paid, payment.coin),
      coinText(quote, payment.coin),
      payment.coin,
    ] as const;
    throw badRequest(reason === 'excess' ? says.excess(...figures) : says.short(...figures));
  }

  /** Why a transfer staff already hold cannot credit the order by itself. */
  function heldMessage(held: { status: string; reason: UnmatchedPaymentReason }) {
    if (held.status === 'refunded') return says.refunded;
    if (held.status === 'assigned') return says.hashUsed;
    if (held.reason === 'late') return says.late;
    if (held.reason === 'hardCap') return says.overHardCap;
    return says.inReview;
  }

  /**
   * Reads the payment from the chain (never the client's word) and credits the order when one
   * transfer in it pays the order's wallet exactly the quoted amount, after the order was placed
   * and before its quote expired, with enough confirmations. Short, excess and late transfers
   * and a credit the hard cap refuses are listed for staff and answered with a 400 that says so.
   */
  async function settlePayment(order: TransactionRow, txnHash: Hash): Promise<Transaction> {
    if (order.paymentStatus === PaymentStatus.Success && order.txnHash === txnHash)
      return toTransactionDto(order);
    const coin = order.tokenSymbol;
    if (order.paymentMode !== PaymentMode.Crypto || !isCoin(coin))
      throw badRequest(says.notCryptoPayment);
    if (order.paymentStatus !== PaymentStatus.Pending) throw badRequest(says.notPending);
    const paidFor = await findTransactionIdByHash(db, txnHash);
    if (paidFor !== undefined && paidFor !== order.id) throw badRequest(says.hashUsed);
    const settings = await findSettings(db);
    const { walletAddress, quoteBaseUnits } = order;
    if (!settings || !walletAddress || !isAddress(walletAddress) || quoteBaseUnits === null)
      throw new Error(`Crypto transaction ${order.id} has no quote to check a payment against`);
    const quote = BigInt(quoteBaseUnits);

    const payment = await readPayment(chain, {
      txnHash,
      coin,
      companyWallet: walletAddress,
      usdcAddress: getAddress(settings.usdcAddress),
    });
    if (minedBeforeOrder(payment.blockTime, order)) throw badRequest(says.sentBeforeOrder);
    const transfer = transfersOf(payment).find((t) => t.value === quote);
    if (!transfer) return refuseMismatch(order, payment, quote);
    const held = await findUnmatchedTransfer(db, txnHash, transfer.logIndex);
    if (held) throw badRequest(heldMessage(held));
    if (order.quoteExpiresAt && payment.blockTime > order.quoteExpiresAt) {
      await recordUnmatched(transfer, 'late', order.purchaseId);
      throw badRequest(says.late);
    }
    if (payment.confirmations < BigInt(settings.minConfirmations))
      throw badRequest(says.notEnoughConfirmations);

    let credit: Awaited<ReturnType<typeof creditOrder>>;
    try {
      credit = await db.transaction((tx) =>
        creditOrder(tx, order.id, {
          txnHash,
          from: transfer.from,
          paidBaseUnits: transfer.value,
          blockNumber: transfer.blockNumber,
        }),
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw badRequest(says.hashUsed);
      if (isOverHardCap(err)) {
        await recordUnmatched(transfer, 'hardCap', order.purchaseId);
        throw badRequest(says.overHardCap);
      }
      throw err;
    }
    // The buyer's e-mail and any the acceptance queued (affiliate earnings) go out now.
    if (credit.credited) mail.deliverSoon();
    return toTransactionDto(credit.transaction);
  }

  return {
    creditOrder,

    /** GET /v1/transaction/getUserTransaction: the caller's transactions only, paginated in the database. */
    async listMine(userId: string, q: ListQuery<TransactionFilter>): Promise<Page<Transaction>> {
      const { rows, total } = await pageUserTransactions(db, userId, {
        limit: q.limit,
        offset: q.offset,
        sortPrice: q.sortPrice,
        ...q.filter,
      });
      return pageOf(rows.map(toTransactionDto), total, q);
    },

    /**
     * POST /v1/transaction/verify-crypto-pay/:transactionId: the caller's order, settled with the
     * payment of this hash. Again with the hash that credited it: the same answer.
     */
    async verifyCryptoPayment(
      userId: string,
      transactionId: string,
      txnHash: Hash,
    ): Promise<Transaction> {
      return settlePayment(await ownTransaction(userId, transactionId), txnHash);
    },

    /**
     * A confirmed transfer to the company wallet that the watcher found: it credits the open
     * order with exactly its amount (through the verify button's own path), or is listed for
     * staff. Transfers already credited or listed are left alone, so a block read twice is harmless.
     */
    async settleTransfer(transfer: Transfer): Promise<TransferOutcome> {
      if (
        (await findTransactionIdByHash(db, transfer.txnHash)) !== undefined ||
        (await findUnmatchedTransfer(db, transfer.txnHash, transfer.logIndex)) !== undefined
      )
        return 'known';
      const order = await findOpenOrderByQuote(db, transfer.coin, transfer.value);
      const forOrder =
        order?.walletAddress &&
        isAddress(order.walletAddress) &&
        isAddressEqual(order.walletAddress, transfer.to) &&
        !minedBeforeOrder(transfer.blockTime, order)
          ? order
          : undefined;
      if (!forOrder) {
        await recordUnmatched(transfer, 'unknown', null);
        return 'unmatched';
      }
      try {
        await settlePayment(forOrder, transfer.txnHash);
        return 'credited';
      } catch (err) {
        if (!(err instanceof AppError) || err.status !== 400) throw err;
        // Late and over-cap transfers are listed already; anything else (e.g. the order was
        // rejected meanwhile) is listed here as the order's.
        await recordUnmatched(transfer, 'unknown', forOrder.purchaseId);
        log.info({ txnHash: transfer.txnHash, reason: err.message }, 'payment not credited');
        return 'unmatched';
      }
    },
  };
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;
