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
  type UnmatchedPaymentReason,
} from '@tmc/shared';
import type { Db, Tx } from '../../db/client.ts';
import type { ChainClient } from '../../lib/chain.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { queueMail } from '../../lib/mailer/mailer.ts';
import { nameToGreet } from '../../lib/mailer/templates.ts';
import type { QueuedMailDelivery } from '../../lib/mailer/queued-mail.ts';
import { pageAndFilter, pageOf, type ListQuery } from '../../lib/list-query.ts';
import { plain } from '../../lib/money.ts';
import { findUserById } from '../account/users.repo.ts';
import { findSettings } from '../presale/presale.repo.ts';
import { isOverHardCap, type PurchaseAcceptance } from '../orders/accept-purchase.ts';
import { sql } from 'drizzle-orm';
import { readChainPayment, type ChainPayment, type WalletTransfer } from './chain-payment.ts';
import { toTransactionDto, type TransactionRow } from './transaction-dto.ts';
import {
  findCreditedTransfer,
  findOpenOrderByQuote,
  findOpenOrdersOfUser,
  findTransaction,
  pageUserTransactions,
  lockTransaction,
  markTransactionPaid,
} from './transactions.repo.ts';
import {
  findUnmatchedTransfer,
  recordOverpaidPart,
  recordUnmatchedPayment,
  type UnmatchedPaymentRow,
} from './unmatched-payments.repo.ts';
import { recordClaim } from './payment-claims.repo.ts';
import { addPaymentPart, listPartsForStaff, takeNewestPart } from './payment-parts.repo.ts';
import { offerOverpaidRefund } from '../orders/refunds.repo.ts';
import {
  dropSightings,
  removeSighting,
  saveSighting,
  type NewPaymentSighting,
} from './payment-sightings.repo.ts';
import { findProofBefore } from '../wallets/wallet-proofs.repo.ts';
import { creditedFigures } from '../orders/order-pricing.ts';
import { lockPurchaseFigures, setPurchaseFigures } from '../orders/accept-purchase.repo.ts';
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

/** A transfer in a block without enough confirmations yet, with that block's hash. */
export interface SightedTransfer extends Transfer {
  blockHash: string;
}

/** What the watcher read of the blocks after the confirmed ones (see recordSightings). */
export interface UnconfirmedRead {
  /** The transfers found in blocks `fromBlock` … the head. */
  transfers: SightedTransfer[];
  fromBlock: bigint;
  /** The last block read as confirmed: its transfers are settled. */
  settledThrough: bigint;
}

/** What became of a transfer the watcher found. */
export type TransferOutcome = 'credited' | 'partial' | 'unmatched' | 'known';

/** What the evidence step did with one transfer. */
export type Settlement =
  | { outcome: 'credited'; transactionId: string }
  /** Counted towards an open order that is still short of its quote (partially paid). */
  | { outcome: 'partial'; transactionId: string }
  | { outcome: 'listed'; row: UnmatchedPaymentRow }
  | { outcome: 'known'; transactionId: string }
  | { outcome: 'held'; row: UnmatchedPaymentRow };

export interface CreditOptions {
  /** The staff member who assigned the transfer; absent when evidence credited it. */
  reviewedBy?: string;
  /** Staff's reason for crediting the whole order although the transfer is less than due. */
  override?: string;
}

const isCoin = (symbol: string): symbol is CryptoCurrency =>
  (CRYPTO_CURRENCIES as readonly string[]).includes(symbol);

/**
 * A block's timestamp is the start of its slot and a node's clock may lag the server's, so a
 * payment sent right after its order can be mined in a block stamped a little before the order:
 * it counts for the order when its block is at most this much older than the order.
 */
export const BLOCK_TIME_MARGIN_MS = 60_000;

const minedBeforeOrder = (blockTime: Date, order: TransactionRow) =>
  blockTime.getTime() < order.createdAt.getTime() - BLOCK_TIME_MARGIN_MS;

const coinText = (units: bigint, coin: CryptoCurrency) => formatUnits(units, DECIMALS[coin]);

const transfersOf = (payment: ChainPayment): Transfer[] =>
  payment.transfers.map((t) => ({
    ...t,
    coin: payment.coin,
    txnHash: payment.txnHash,
    blockNumber: payment.blockNumber,
    blockTime: payment.blockTime,
  }));

/** The order a transfer can pay: to its wallet, not before it was placed. */
const canPay = (order: TransactionRow, transfer: Transfer) =>
  !!order.walletAddress &&
  isAddress(order.walletAddress) &&
  isAddressEqual(order.walletAddress, transfer.to) &&
  !minedBeforeOrder(transfer.blockTime, order);

const isLate = (order: TransactionRow, transfer: Transfer) =>
  !!order.quoteExpiresAt && transfer.blockTime > order.quoteExpiresAt;

interface TransactionsDeps {
  db: Db;
  chain: ChainClient;
  acceptance: PurchaseAcceptance;
  mail: QueuedMailDelivery;
  log: FastifyBaseLogger;
  /** The site's address, for the order links in e-mails. */
  publicUrl?: string;
}

export function createTransactionsService({
  db,
  chain,
  acceptance,
  mail,
  log,
  publicUrl = '',
}: TransactionsDeps) {
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

  const unmatchedValues = (
    transfer: Transfer,
    reason: UnmatchedPaymentReason,
    purchaseId: string | null,
    value = transfer.value,
  ) => ({
    txnHash: transfer.txnHash,
    logIndex: transfer.logIndex,
    coin: transfer.coin,
    fromAddress: transfer.from,
    toAddress: transfer.to,
    amountBaseUnits: value.toString(),
    blockNumber: transfer.blockNumber,
    blockTime: transfer.blockTime,
    reason,
    purchaseId,
  });

  /** The transfers an order received, summed: its parts and `transfer`, capped at the quote. */
  const receivedOf = (row: TransactionRow) => BigInt(row.receivedBaseUnits ?? '0');

  /**
   * Pending → Success for `received` (at most the quote) with `transfer` as the order's own proof:
   * a short total buys its value in tokens at the frozen price (creditedFigures, the one function
   * that prices a part), unless staff override with a reason; the request is accepted (totals,
   * hard cap, stage, affiliate earnings) and the buyer's e-mail queued with what arrived, the
   * quote and any shortfall.
   */
  async function creditReceived(
    tx: Tx,
    row: TransactionRow,
    transfer: Omit<Transfer, 'to'> & { value: bigint },
    total: bigint,
    { reviewedBy, override, expired }: CreditOptions & { expired?: boolean } = {},
  ) {
    const coin = row.tokenSymbol as CryptoCurrency;
    const [user, settings] = await Promise.all([findUserById(tx, row.userId), findSettings(tx)]);
    if (!user || !settings)
      throw new Error(`Crypto transaction ${row.id} has no buyer or settings`);
    const quote = BigInt(row.quoteBaseUnits!);
    const received = total < quote ? total : quote;
    const overridden = received < quote && override !== undefined;

    let tokenAmount = row.tokenAmount;
    if (row.purchaseId && received < quote && !overridden) {
      const frozen = await lockPurchaseFigures(tx, row.purchaseId);
      if (frozen) {
        const figures = creditedFigures(frozen, coinText(received, coin));
        await setPurchaseFigures(tx, row.purchaseId, figures);
        tokenAmount = figures.tokenAmount;
      }
    }
    const registered =
      user.walletAddress && isAddress(user.walletAddress) ? user.walletAddress : null;
    const transaction = await markTransactionPaid(tx, row.id, {
      txnHash: transfer.txnHash,
      logIndex: transfer.logIndex,
      fromAddress: transfer.from,
      senderMatchesWallet: registered ? isAddressEqual(registered, transfer.from) : null,
      paidBaseUnits: received,
      blockNumber: transfer.blockNumber,
      tokenAmount,
      creditOverride: overridden ? override : null,
    });
    if (!transaction) throw badRequest(says.notPending);
    const purchase = row.purchaseId
      ? await acceptance.acceptPurchase(tx, { purchaseId: row.purchaseId, reviewedBy })
      : undefined;
    // Stored with the acceptance: the buyer hears of it if and only if it commits.
    await queueMail(tx, user.email, {
      kind: 'paymentVerified',
      name: nameToGreet(user),
      amount: coinText(total, coin),
      currency: coin,
      tokenAmount: plain(purchase?.tokenAmount ?? transaction.tokenAmount),
      tokenSymbol: settings.tokenSymbol,
      txnHash: transfer.txnHash,
      ...(purchase
        ? {
            tokenPriceAud: plain(purchase.tokenPriceAud),
            stageName: purchase.stageName,
            reference: purchase.reference,
            orderUrl: `${publicUrl}/presale-requests/${purchase.id}`,
          }
        : {}),
      ...(total !== quote ? { quoted: coinText(quote, coin) } : {}),
      ...(received < quote
        ? {
            shortfall: coinText(quote - received, coin),
            ...(overridden ? { overridden: true } : {}),
            ...(expired && row.quoteExpiresAt
              ? { expiredAt: row.quoteExpiresAt.toISOString() }
              : {}),
          }
        : {}),
    });
    return { transaction, received };
  }

  /** Holds a transfer until the caller's transaction ends: whoever settles or credits it. */
  const lockTransfer = (tx: Tx, transfer: Pick<Transfer, 'txnHash' | 'logIndex'>) =>
    tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`transfer:${transfer.txnHash}:${transfer.logIndex ?? -1}`}, 0))`,
    );

  /**
   * The one step that credits a crypto order with a transfer, run inside the caller's database
   * transaction with the order's row locked. Evidence (the watcher, the verify button) and staff
   * assignment all come here. What counts is the sum of the order's transfers: the parts it
   * received before and this one. Evidence of less than the quote leaves the order open,
   * partially paid (BTCPay's word), until its quote expires: the transfer is kept as a part and
   * the buyer told what is missing and by when; a later transfer its evidence names adds to it,
   * and the lapse job credits the value received at expiry (creditPartialAtExpiry). Once the sum
   * reaches the quote, or when staff assign a transfer (they decide: the value received, or the
   * whole order with an override), the order is credited (creditReceived), and what the sum paid
   * beyond the order is listed for refund. The same transfer again changes nothing (`credited`
   * false); the unique indexes on transfers are the last word when two orders race.
   */
  async function creditOrder(
    tx: Tx,
    transactionId: string,
    transfer: Transfer,
    { reviewedBy, override }: CreditOptions = {},
  ): Promise<{ transaction: TransactionRow; credited: boolean; partial?: boolean }> {
    // The transfer before the order (as settleEvidence takes them): a transfer is a credit or a
    // part in two tables, so no unique index alone stops one order crediting it while another
    // counts it as a part; with the lock the second waits, then sees the first and is refused.
    await lockTransfer(tx, transfer);
    const row = await lockTransaction(tx, transactionId);
    if (!row) throw notFound(messages.transactionNotFound);
    if (
      row.paymentStatus === PaymentStatus.Success &&
      row.txnHash === transfer.txnHash &&
      (row.logIndex ?? -1) === (transfer.logIndex ?? -1)
    )
      return { transaction: row, credited: false };
    const usedBy = await findCreditedTransfer(tx, transfer.txnHash, transfer.logIndex);
    if (usedBy === row.id)
      return {
        transaction: row,
        credited: false,
        partial: row.paymentStatus === PaymentStatus.Pending,
      };
    if (usedBy) throw badRequest(says.hashUsed);
    if (row.paymentStatus !== PaymentStatus.Pending) throw badRequest(says.notPending);
    const coin = row.tokenSymbol;
    if (row.paymentMode !== PaymentMode.Crypto || !isCoin(coin) || row.quoteBaseUnits === null)
      throw badRequest(says.notCryptoPayment);
    const quote = BigInt(row.quoteBaseUnits);
    const prior = receivedOf(row);
    const total = prior + transfer.value;

    if (total < quote && reviewedBy === undefined) {
      const partial = await addPaymentPart(
        tx,
        {
          transactionId: row.id,
          txnHash: transfer.txnHash,
          logIndex: transfer.logIndex,
          coin,
          fromAddress: transfer.from,
          toAddress: transfer.to,
          amountBaseUnits: transfer.value.toString(),
          blockNumber: transfer.blockNumber,
          blockTime: transfer.blockTime,
        },
        total,
      );
      if (!partial) throw badRequest(says.notPending);
      await tellPartiallyPaid(tx, partial, transfer.from);
      return { transaction: partial, credited: false, partial: true };
    }

    const { transaction } = await creditReceived(tx, row, transfer, total, {
      reviewedBy,
      override,
    });
    if (total > quote) {
      // Only this transfer can pay beyond the order: the parts before it were short of it.
      const part = await recordOverpaidPart(
        tx,
        unmatchedValues(transfer, 'overpaid', row.purchaseId, total - quote),
      );
      // The excess is offered back at once, to the sender, for staff to approve.
      await offerOverpaidRefund(tx, part);
    }
    metrics.paymentCredited(
      coin,
      reviewedBy ? 'staff' : prior === 0n && transfer.value === quote ? 'exact' : 'proven_sender',
    );
    return { transaction, credited: true };
  }

  /** The buyer's "partially paid" e-mail: what arrived, what is missing, by when, and what follows. */
  async function tellPartiallyPaid(tx: Tx, order: TransactionRow, from: string) {
    const coin = order.tokenSymbol as CryptoCurrency;
    const [user, settings, frozen] = await Promise.all([
      findUserById(tx, order.userId),
      findSettings(tx),
      order.purchaseId ? lockPurchaseFigures(tx, order.purchaseId) : undefined,
    ]);
    if (!user || !settings || !frozen || !order.purchaseId || !order.quoteExpiresAt) return;
    const received = receivedOf(order);
    const quote = BigInt(order.quoteBaseUnits!);
    await queueMail(tx, user.email, {
      kind: 'paymentPartial',
      name: nameToGreet(user),
      reference: frozen.reference,
      received: coinText(received, coin),
      quoted: coinText(quote, coin),
      missing: coinText(quote - received, coin),
      coin,
      dueBy: order.quoteExpiresAt.toISOString(),
      from,
      wallet: order.walletAddress ?? '',
      tokenAmount: plain(frozen.tokenAmount),
      tokensForReceived: plain(creditedFigures(frozen, coinText(received, coin)).tokenAmount),
      tokenSymbol: settings.tokenSymbol,
      orderUrl: `${publicUrl}/presale-requests/${order.purchaseId}`,
    });
  }

  /**
   * The lapse job's step for an order whose quote ended with part of it received (the caller
   * holds its row, Pending): credited for the value received, at the quote's frozen rate, with
   * the newest part as the order's own transfer. Over the hard cap, nothing is credited and every
   * part is listed for staff instead. Answers what became of it.
   */
  async function creditPartialAtExpiry(
    tx: Tx,
    row: TransactionRow,
  ): Promise<'credited' | 'listed' | 'none'> {
    const total = receivedOf(row);
    if (total === 0n || row.paymentStatus !== PaymentStatus.Pending || !isCoin(row.tokenSymbol))
      return 'none';
    try {
      await tx.transaction(async (inner) => {
        const newest = await takeNewestPart(inner, row.id);
        if (!newest) throw new Error(`Transaction ${row.id} has a total but no parts`);
        await creditReceived(
          inner,
          row,
          {
            coin: newest.coin,
            txnHash: newest.txnHash as Hash,
            logIndex: newest.logIndex,
            from: getAddress(newest.fromAddress),
            value: BigInt(newest.amountBaseUnits),
            blockNumber: newest.blockNumber,
            blockTime: newest.blockTime,
          },
          total,
          { expired: true },
        );
      });
      metrics.paymentCredited(row.tokenSymbol, 'proven_sender');
      return 'credited';
    } catch (err) {
      if (!isOverHardCap(err)) throw err;
      await listPartsForStaff(tx, [row.id], row.purchaseId, 'hardCap');
      return 'listed';
    }
  }

  /**
   * What a transfer is evidence of, ranked by who sent the money. The exact quote of an order
   * pays it when the sender is unproven or proven (at the block's time) by the order's own
   * account; sent from a wallet another account held then, it credits nothing: a conflict for
   * staff (a squatted quote, or a proof phished from the payer, never takes a payment by
   * itself). A transfer of another amount from a proven wallet pays that account's only open
   * order of the coin (two: staff decide). A claim is never evidence.
   */
  async function evidenceFor(
    tx: Tx,
    transfer: Transfer,
  ): Promise<{ order: TransactionRow } | { conflict: TransactionRow } | undefined> {
    const quoted = await findOpenOrderByQuote(tx, transfer.coin, transfer.value);
    const exact = quoted && canPay(quoted, transfer) ? quoted : undefined;
    const proof = await findProofBefore(tx, transfer.from, transfer.blockTime);
    if (!proof) return exact && { order: exact };
    if (exact) return exact.userId === proof.userId ? { order: exact } : { conflict: exact };
    const open = await findOpenOrdersOfUser(tx, proof.userId, transfer.coin);
    if (open.length === 1 && canPay(open[0]!, transfer)) return { order: open[0]! };
    return undefined;
  }

  /**
   * The one evidence step every transfer to the company wallet goes through, whoever comes
   * across it first (the watcher, a buyer's verify): a transfer already credited or listed is
   * left as it is; otherwise it credits the order its evidence names, or is listed for staff
   * (late, over the hard cap, or no evidence). Runs with the transfer locked, so two copies
   * settling it at once cannot both decide. Call only with a confirmed transfer.
   */
  async function settleEvidence(transfer: Transfer): Promise<Settlement> {
    const settled = await db.transaction(async (tx): Promise<Settlement> => {
      await lockTransfer(tx, transfer);
      // Whatever becomes of it, a settled transfer is no longer only seen.
      await removeSighting(tx, transfer);
      const creditedTo = await findCreditedTransfer(tx, transfer.txnHash, transfer.logIndex);
      if (creditedTo) return { outcome: 'known', transactionId: creditedTo };
      const held = await findUnmatchedTransfer(tx, transfer.txnHash, transfer.logIndex);
      if (held) return { outcome: 'held', row: held };
      const list = async (reason: UnmatchedPaymentReason, purchaseId: string | null) => {
        await recordUnmatchedPayment(tx, unmatchedValues(transfer, reason, purchaseId));
        const row = await findUnmatchedTransfer(tx, transfer.txnHash, transfer.logIndex);
        return { outcome: 'listed' as const, row: row! };
      };
      const evidence = await evidenceFor(tx, transfer);
      if (!evidence) return list('unknown', null);
      if ('conflict' in evidence) return list('conflict', null);
      const { order } = evidence;
      if (isLate(order, transfer)) return list('late', order.purchaseId);
      try {
        const { partial } = await tx.transaction((inner) => creditOrder(inner, order.id, transfer));
        return { outcome: partial ? 'partial' : 'credited', transactionId: order.id };
      } catch (err) {
        if (isOverHardCap(err)) return list('hardCap', order.purchaseId);
        // The order can no longer take it (its request was rejected meanwhile): staff decide.
        if (err instanceof AppError && err.status === 400) return list('unknown', order.purchaseId);
        throw err;
      }
    });
    // The buyer's e-mail and any the acceptance queued (affiliate earnings) go out now.
    if (settled.outcome === 'credited' || settled.outcome === 'partial') mail.deliverSoon();
    return settled;
  }

  /** Why a transfer staff hold cannot credit the order by itself. */
  function heldMessage(held: UnmatchedPaymentRow, order: TransactionRow) {
    if (held.status === 'refunded') return says.refunded;
    if (held.status === 'assigned') return says.hashUsed;
    if (held.reason === 'late') return says.late;
    if (held.reason === 'hardCap') return says.overHardCap;
    if (held.reason === 'conflict') return says.inReview;
    if (held.purchaseId === null && order.quoteBaseUnits !== null) {
      const coin = held.coin;
      const paid = BigInt(held.amountBaseUnits);
      const quote = BigInt(order.quoteBaseUnits);
      const figures = [coinText(paid, coin), coinText(quote, coin), coin] as const;
      if (paid < quote) return says.short(...figures);
      if (paid > quote) return says.excess(...figures);
    }
    return says.inReview;
  }

  /**
   * Reads the payment from the chain (never the client's word), settles each of its transfers to
   * the company wallet by evidence (see settleEvidence: the caller's claim credits nothing by
   * itself) and keeps the caller's claim on each. The order is credited when a transfer's
   * evidence names it; otherwise a 400 says why (short, excess, late, over the cap: listed for
   * staff). Nothing is recorded before the transfer has enough confirmations.
   */
  async function settlePayment(order: TransactionRow, txnHash: Hash): Promise<Transaction> {
    if (order.paymentStatus === PaymentStatus.Success && order.txnHash === txnHash)
      return toTransactionDto(order);
    const coin = order.tokenSymbol;
    if (order.paymentMode !== PaymentMode.Crypto || !isCoin(coin))
      throw badRequest(says.notCryptoPayment);
    if (order.paymentStatus !== PaymentStatus.Pending) throw badRequest(says.notPending);
    const settings = await findSettings(db);
    const { walletAddress, quoteBaseUnits } = order;
    if (!settings || !walletAddress || !isAddress(walletAddress) || quoteBaseUnits === null)
      throw new Error(`Crypto transaction ${order.id} has no quote to check a payment against`);

    const payment = await readPayment(chain, {
      txnHash,
      coin,
      companyWallet: walletAddress,
      usdcAddress: getAddress(settings.usdcAddress),
    });
    if (payment.confirmations < BigInt(settings.minConfirmations))
      throw badRequest(says.notEnoughConfirmations);

    const outcomes: { transfer: Transfer; settled: Settlement }[] = [];
    for (const transfer of transfersOf(payment)) {
      const settled = await settleEvidence(transfer);
      outcomes.push({ transfer, settled });
      const proof = await findProofBefore(db, transfer.from, transfer.blockTime);
      await recordClaim(db, {
        txnHash: transfer.txnHash,
        logIndex: transfer.logIndex,
        transactionId: order.id,
        userId: order.userId,
        senderAddress: transfer.from,
        senderProven: proof?.userId === order.userId,
      });
    }
    const mine = outcomes.find(
      (o) =>
        (o.settled.outcome === 'credited' ||
          o.settled.outcome === 'partial' ||
          o.settled.outcome === 'known') &&
        o.settled.transactionId === order.id,
    );
    if (mine) return toTransactionDto((await findTransaction(db, order.id))!);

    if (minedBeforeOrder(payment.blockTime, order)) throw badRequest(says.sentBeforeOrder);
    const held = outcomes.find(
      (o) => o.settled.outcome === 'listed' || o.settled.outcome === 'held',
    );
    if (held && (held.settled.outcome === 'listed' || held.settled.outcome === 'held')) {
      const row = held.settled.row;
      // Listed for another order (its exact quote, late): that order's, not this one's.
      if (row.purchaseId !== null && row.purchaseId !== order.purchaseId && row.status === 'open')
        throw badRequest(says.otherOrder);
      throw badRequest(heldMessage(row, order));
    }
    if (outcomes.some((o) => o.settled.outcome === 'credited')) throw badRequest(says.otherOrder);
    throw badRequest(says.hashUsed);
  }

  return {
    creditOrder,
    creditPartialAtExpiry,
    settleEvidence,
    readPayment,

    /** GET /v1/transaction/getUserTransaction: the caller's transactions only, paginated in the database. */
    async listMine(userId: string, q: ListQuery<TransactionFilter>): Promise<Page<Transaction>> {
      const { rows, total } = await pageUserTransactions(db, userId, pageAndFilter(q));
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
     * What the watcher saw in blocks without enough confirmations yet: each transfer whose
     * evidence names an open order (the rule that credits it later, see evidenceFor) is kept as
     * a sighting of that order for its buyer to see; transfers already settled or that name no
     * order are not. Sightings the read no longer finds (reorged away, dropped) and those of
     * blocks now read as confirmed are removed. Credits and lists nothing. Answers how many
     * sightings there are now.
     */
    async recordSightings({ transfers, fromBlock, settledThrough }: UnconfirmedRead) {
      const sightings: NewPaymentSighting[] = [];
      for (const transfer of transfers) {
        if (await findCreditedTransfer(db, transfer.txnHash, transfer.logIndex)) continue;
        if (await findUnmatchedTransfer(db, transfer.txnHash, transfer.logIndex)) continue;
        const evidence = await evidenceFor(db, transfer);
        const order = evidence && 'order' in evidence ? evidence.order : undefined;
        if (!order?.purchaseId) continue;
        sightings.push({
          txnHash: transfer.txnHash,
          logIndex: transfer.logIndex,
          coin: transfer.coin,
          amountBaseUnits: transfer.value.toString(),
          fromAddress: transfer.from,
          blockNumber: transfer.blockNumber,
          blockHash: transfer.blockHash,
          purchaseId: order.purchaseId,
        });
      }
      await db.transaction(async (tx) => {
        await dropSightings(tx, { settledThrough, fromBlock, found: sightings });
        for (const sighting of sightings) await saveSighting(tx, sighting);
      });
      return sightings.length;
    },

    /**
     * A confirmed transfer to the company wallet that the watcher found: settled by evidence
     * (credited or listed); transfers already credited or listed are left alone, so a block read
     * twice is harmless.
     */
    async settleTransfer(transfer: Transfer): Promise<TransferOutcome> {
      const settled = await settleEvidence(transfer);
      if (settled.outcome === 'credited' || settled.outcome === 'partial') return settled.outcome;
      if (settled.outcome === 'listed') {
        log.info({ txnHash: transfer.txnHash, reason: settled.row.reason }, 'payment not credited');
        return 'unmatched';
      }
      return 'known';
    },
  };
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;
