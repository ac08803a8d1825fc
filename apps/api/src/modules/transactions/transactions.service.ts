import type { FastifyBaseLogger } from 'fastify';
import { formatUnits, getAddress, isAddress, isAddressEqual, type Hash } from 'viem';
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
} from '@tmc/shared';
import type { Db } from '../../db/client.ts';
import type { ChainClient } from '../../lib/chain.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { queueMail } from '../../lib/mailer/mailer.ts';
import type { QueuedMailDelivery } from '../../lib/mailer/queued-mail.ts';
import { pageOf, type ListQuery } from '../../lib/list-query.ts';
import { plain } from '../../lib/money.ts';
import { findUserById, isUniqueViolation } from '../account/users.repo.ts';
import { findSettings } from '../presale/presale.repo.ts';
import type { PurchaseAcceptance } from '../purchases/accept-purchase.ts';
import { checkPaymentOnChain } from './chain-payment.ts';
import { toTransactionDto } from './transaction-dto.ts';
import {
  countUserTransactions,
  findTransaction,
  isTxnHashUsed,
  listUserTransactions,
  lockTransaction,
  markTransactionPaid,
} from './transactions.repo.ts';

export interface TransactionFilter {
  paymentStatus?: number;
  paymentMode?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isCoin = (symbol: string): symbol is CryptoCurrency =>
  (CRYPTO_CURRENCIES as readonly string[]).includes(symbol);

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
    const row = UUID.test(id) ? await findTransaction(db, id) : undefined;
    if (!row || row.userId !== userId) throw notFound(messages.transactionNotFound);
    return row;
  }

  async function readPayment(...args: Parameters<typeof checkPaymentOnChain>) {
    try {
      return await checkPaymentOnChain(...args);
    } catch (err) {
      if (err instanceof AppError) throw err;
      log.warn({ err }, 'reading a payment from the chain failed');
      throw new AppError(503, says.chainUnavailable);
    }
  }

  return {
    /** GET /v1/transaction/getUserTransaction: the caller's transactions only, paginated in the database. */
    async listMine(userId: string, q: ListQuery<TransactionFilter>): Promise<Page<Transaction>> {
      const [rows, total] = await Promise.all([
        listUserTransactions(db, userId, {
          limit: q.limit,
          offset: q.offset,
          sortPrice: q.sortPrice,
          ...q.filter,
        }),
        countUserTransactions(db, userId, q.filter),
      ]);
      return pageOf(rows.map(toTransactionDto), total, q);
    },

    /**
     * Checks the payment on the chain (never the client's word), then, in one database
     * transaction with the row locked: transaction Success, its presale request accepted.
     * The unique index on txn_hash is the last word when two orders race for one hash.
     */
    async verifyCryptoPayment(
      userId: string,
      transactionId: string,
      txnHash: Hash,
    ): Promise<Transaction> {
      const order = await ownTransaction(userId, transactionId);
      const coin = order.tokenSymbol;
      if (order.paymentMode !== PaymentMode.Crypto || !isCoin(coin))
        throw badRequest(says.notCryptoPayment);
      if (order.paymentStatus !== PaymentStatus.Pending) throw badRequest(says.notPending);
      if (await isTxnHashUsed(db, txnHash)) throw badRequest(says.hashUsed);
      const settings = await findSettings(db);
      const { walletAddress, quoteBaseUnits } = order;
      if (!settings || !walletAddress || !isAddress(walletAddress) || quoteBaseUnits === null)
        throw new Error(`Crypto transaction ${order.id} has no quote to check a payment against`);

      const payment = await readPayment(chain, {
        txnHash,
        coin,
        quoteBaseUnits: BigInt(quoteBaseUnits),
        companyWallet: walletAddress,
        usdcAddress: getAddress(settings.usdcAddress),
        minConfirmations: settings.minConfirmations,
        orderCreatedAt: order.createdAt,
      });
      const user = await findUserById(db, userId);
      if (!user) throw notFound(messages.transactionNotFound);
      const registered =
        user.walletAddress && isAddress(user.walletAddress) ? user.walletAddress : null;

      let paid;
      try {
        paid = await db.transaction(async (tx) => {
          const row = await lockTransaction(tx, order.id);
          if (row?.paymentStatus !== PaymentStatus.Pending) throw badRequest(says.notPending);
          if (await isTxnHashUsed(tx, txnHash)) throw badRequest(says.hashUsed);
          const transaction = await markTransactionPaid(tx, order.id, {
            txnHash,
            fromAddress: payment.from,
            senderMatchesWallet: registered ? isAddressEqual(registered, payment.from) : null,
            paidBaseUnits: payment.paidBaseUnits,
            blockNumber: payment.blockNumber,
          });
          if (!transaction) throw badRequest(says.notPending);
          const purchase = row.purchaseId
            ? await acceptance.acceptPurchase(tx, { purchaseId: row.purchaseId })
            : undefined;
          // Stored with the acceptance: the buyer hears of it if and only if it commits.
          await queueMail(tx, user.email, {
            kind: 'paymentVerified',
            name: user.name,
            amount: formatUnits(payment.paidBaseUnits, DECIMALS[coin]),
            currency: coin,
            tokenAmount: plain(purchase?.tokenAmount ?? transaction.tokenAmount),
            tokenSymbol: settings.tokenSymbol,
            txnHash,
          });
          return transaction;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest(says.hashUsed);
        throw err;
      }
      // The buyer's e-mail and any the acceptance queued (affiliate earnings) go out now.
      mail.deliverSoon();
      return toTransactionDto(paid);
    },
  };
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;
