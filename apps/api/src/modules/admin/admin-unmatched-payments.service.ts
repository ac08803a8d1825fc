import {
  formatUnits,
  getAddress,
  isAddressEqual,
  parseUnits,
  zeroAddress,
  type Address,
  type Hash,
} from 'viem';
import {
  DECIMALS,
  messages,
  PaymentMode,
  PaymentStatus,
  purchaseMessages,
  purchaseStatusLabel,
  PurchaseStatus,
  unmatchedPaymentMessages as says,
  type MoveCreditBody,
  type AssignmentCandidate,
  type AssignUnmatchedPaymentBody,
  type RefundUnmatchedPaymentBody,
  type UnmatchedPayment,
  type UnmatchedPaymentDetail,
  type UnmatchedPaymentStatus,
} from '@tmc/shared';
import type { Db, Tx } from '../../db/client.ts';
import type { ChainClient } from '../../lib/chain.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { pageOf, type ListQuery } from '../../lib/list-query.ts';
import type { QueuedMailDelivery } from '../../lib/mailer/queued-mail.ts';
import { fixed } from '../../lib/money.ts';
import { isUniqueViolation } from '../account/users.repo.ts';
import { findSettings } from '../presale/presale.repo.ts';
import { queueMail } from '../../lib/mailer/mailer.ts';
import { nameToGreet } from '../../lib/mailer/templates.ts';
import { isUuid } from '../../lib/uuid.ts';
import { reverseEarnings } from '../affiliates/commission-ledger.ts';
import { reopenLapsedCryptoOrder } from '../purchases/order-lapse.repo.ts';
import { toTransactionDto } from '../transactions/transaction-dto.ts';
import {
  findBuyerContact,
  lockPurchase,
  recordReview,
  subtractFromPresaleTotals,
} from './admin-purchases.repo.ts';
import { audValueAt, creditedFigures } from '../orders/order-pricing.ts';
import type { Transfer, TransactionsService } from '../transactions/transactions.service.ts';
import {
  findCryptoOrderByReference,
  findCryptoOrdersWithBuyers,
  findOpenOrdersOfUser,
  findOpenOrdersQuotedNear,
  findTransaction,
  detachTransfer,
  lockTransaction,
} from '../transactions/transactions.repo.ts';
import { claimKey, listClaimsOf, summariseClaims } from '../transactions/payment-claims.repo.ts';
import {
  dropOpenOverpaidParts,
  findUnmatchedPayment,
  listUnmatchedPayments,
  lockOverpaidParts,
  lockUnmatchedPayment,
  resolveUnmatchedPayment,
  type UnmatchedPaymentRow,
} from '../transactions/unmatched-payments.repo.ts';
import { unexplainedEthInBlock } from '../transactions/internal-eth.ts';
import { findProofBefore, listProofsOf } from '../wallets/wallet-proofs.repo.ts';
import { nearMissOf } from '../purchases/exact-quote.ts';

interface AdminUnmatchedPaymentsDeps {
  db: Db;
  chain: ChainClient;
  transactions: Pick<TransactionsService, 'creditOrder' | 'readPayment'>;
  /** The refunds service: a refund here is a refund record, started and approved at once. */
  refunds: {
    refundTransfer(actorId: string, unmatchedPaymentId: string, reason: string): Promise<void>;
  };
  mail: Pick<QueuedMailDelivery, 'deliverSoon'>;
}

const coinText = (units: bigint, coin: 'ETH' | 'USDC') =>
  fixed(formatUnits(units, DECIMALS[coin]), DECIMALS[coin]);

const toDto = (
  p: UnmatchedPaymentRow,
  reference: string | null,
  claims: { count: number; unproven: number; references: string[] } | undefined,
): UnmatchedPayment => ({
  _id: p.id,
  txnHash: p.txnHash,
  logIndex: p.logIndex,
  coin: p.coin,
  fromAddress: p.fromAddress,
  amount: coinText(BigInt(p.amountBaseUnits), p.coin),
  blockNumber: p.blockNumber.toString(),
  blockTime: p.blockTime.toISOString(),
  reason: p.reason,
  status: p.status,
  purchaseReference: reference,
  remark: p.remark,
  createdAt: p.createdAt.toISOString(),
  resolvedAt: p.resolvedAt?.toISOString() ?? null,
  claimCount: claims?.count ?? 0,
  claimedFor: claims?.references ?? [],
  flagged: !!claims && (claims.count > 1 || claims.unproven > 0),
});

/** What the audit log keeps of an unmatched payment before and after a decision. */
const auditView = (p: UnmatchedPaymentRow) => ({
  status: p.status,
  purchaseId: p.purchaseId,
  remark: p.remark,
});

export function createAdminUnmatchedPaymentsService({
  db,
  chain,
  transactions,
  refunds,
  mail,
}: AdminUnmatchedPaymentsDeps) {
  async function dtoOf(id: string) {
    const row = await findUnmatchedPayment(db, id);
    if (!row) throw notFound(says.notFound);
    const claims = await summariseClaims(db, [row.payment]);
    return toDto(
      row.payment,
      row.reference,
      claims.get(claimKey(row.payment.txnHash, row.payment.logIndex)),
    );
  }

  /** The open payment, held until the decision commits (two staff deciding at once: one wins). */
  async function lockOpen(tx: Tx, id: string) {
    const payment = await lockUnmatchedPayment(tx, id);
    if (!payment) throw notFound(says.notFound);
    if (payment.status !== 'open') throw badRequest(says.notOpen);
    return payment;
  }

  /**
   * The transfer as the chain shows it now, with the required confirmations: what an assignment
   * credits is what the chain says was received, never what the list row says (a listed part
   * is worth its own amount; without one, the whole transfer).
   */
  async function rereadTransfer(
    row:
      | UnmatchedPaymentRow
      | Pick<UnmatchedPaymentRow, 'txnHash' | 'logIndex' | 'coin' | 'fromAddress' | 'toAddress'>,
  ): Promise<Transfer> {
    const settings = await findSettings(db);
    if (!settings) throw new Error('No presale settings');
    if ('reason' in row && row.reason === 'internal')
      return rereadInternalEth(row, settings.minConfirmations);
    const payment = await transactions.readPayment(chain, {
      txnHash: row.txnHash as Hash,
      coin: row.coin,
      companyWallet: getAddress(row.toAddress),
      usdcAddress: getAddress(settings.usdcAddress),
    });
    const onChain = payment.transfers.find(
      (t) =>
        (t.logIndex ?? -1) === (row.logIndex ?? -1) &&
        isAddressEqual(t.from, row.fromAddress as Address),
    );
    const listed = 'amountBaseUnits' in row ? BigInt(row.amountBaseUnits) : undefined;
    if (!onChain || (listed !== undefined && onChain.value < listed))
      throw badRequest(says.notOnChainNow);
    if (payment.confirmations < BigInt(settings.minConfirmations))
      throw badRequest(says.notEnoughConfirmations(settings.minConfirmations));
    return {
      ...onChain,
      value: listed ?? onChain.value,
      coin: row.coin,
      txnHash: row.txnHash as Hash,
      blockNumber: payment.blockNumber,
      blockTime: payment.blockTime,
    };
  }

  /**
   * ETH paid through a contract has no transaction to read: its block must still be the one
   * listed (same hash), confirmed, and the wallet's balance change there must still hold the
   * amount beyond that block's own transfers. The sender is unknown (the zero address).
   */
  async function rereadInternalEth(
    row: UnmatchedPaymentRow,
    minConfirmations: number,
  ): Promise<Transfer> {
    const head = await chain.getBlockNumber();
    if (head - row.blockNumber + 1n < BigInt(minConfirmations))
      throw badRequest(says.notEnoughConfirmations(minConfirmations));
    const wallet = getAddress(row.toAddress);
    const now = await unexplainedEthInBlock(chain, wallet, row.blockNumber);
    if (now.blockHash !== row.txnHash || now.value < BigInt(row.amountBaseUnits))
      throw badRequest(says.notOnChainNow);
    return {
      from: zeroAddress,
      to: wallet,
      value: BigInt(row.amountBaseUnits),
      logIndex: null,
      coin: 'ETH',
      txnHash: row.txnHash,
      blockNumber: row.blockNumber,
      blockTime: now.blockTime,
    };
  }

  /**
   * The pending order of `reference` that a transfer of `coin` may credit. An order that ended
   * because its quote lapsed qualifies for a transfer mined before the quote expired (checked
   * once the transfer's `minedAt` is known); with `reopen`, it is Pending again, for staff to
   * credit now (audited by the caller).
   */
  async function orderToCredit(
    tx: Tx,
    reference: string,
    coin: 'ETH' | 'USDC',
    { minedAt, reopen = false }: { minedAt?: Date; reopen?: boolean } = {},
  ) {
    const refuse = () =>
      badRequest(says.notPendingCryptoOrder(coin), {
        reference: says.notPendingCryptoOrder(coin),
      });
    const order = await findCryptoOrderByReference(tx, reference);
    if (!order || order.transaction.tokenSymbol !== coin) throw refuse();
    if (
      order.purchaseStatus === PurchaseStatus.Pending &&
      order.transaction.paymentStatus === PaymentStatus.Pending
    )
      return { order, reopened: false };
    const { quoteExpiresAt } = order.transaction;
    const endedUnpaid =
      order.purchaseStatus === PurchaseStatus.NotAccepted &&
      order.transaction.paymentStatus === PaymentStatus.Failed &&
      quoteExpiresAt !== null;
    if (!endedUnpaid || (minedAt && minedAt > quoteExpiresAt)) throw refuse();
    if (
      reopen &&
      !(await reopenLapsedCryptoOrder(
        tx,
        { transactionId: order.transaction.id, purchaseId: order.transaction.purchaseId! },
        purchaseMessages.cryptoOrderLapsed,
      ))
    )
      throw refuse();
    return { order, reopened: true };
  }

  return {
    async list(q: ListQuery<unknown> & { status: UnmatchedPaymentStatus }) {
      const { rows, total } = await listUnmatchedPayments(db, {
        offset: q.offset,
        limit: q.limit,
        status: q.status,
      });
      const claims = await summariseClaims(
        db,
        rows.map((r) => r.payment),
      );
      return pageOf(
        rows.map((r) =>
          toDto(
            r.payment,
            r.reference,
            claims.get(claimKey(r.payment.txnHash, r.payment.logIndex)),
          ),
        ),
        total,
        q,
      );
    },

    /**
     * The transfer with every claim of it and the orders it could pay: each claimed order, the
     * order its evidence names, the order whose exact quote it is, the open orders of the account
     * that held the sender at the transfer's block, open orders it is a near miss of (their
     * amount cut short, one digit off, before the tag), and the order `reference` names. For
     * each, the amount due against the transfer, what the transfer buys at its frozen price, and
     * whether the account's proof of the sender counted at the transfer's block, and since when.
     */
    async detail(id: string, reference?: string): Promise<UnmatchedPaymentDetail> {
      const found = await findUnmatchedPayment(db, id);
      if (!found) throw notFound(says.notFound);
      const row = found.payment;
      const value = BigInt(row.amountBaseUnits);
      const claims = await listClaimsOf(db, row.txnHash, row.logIndex);
      const ids = new Set(claims.map((c) => c.claim.transactionId));
      const named = reference ? await findCryptoOrderByReference(db, reference) : undefined;
      if (named) ids.add(named.transaction.id);
      const holder = await findProofBefore(db, row.fromAddress, row.blockTime);
      if (holder)
        for (const o of await findOpenOrdersOfUser(db, holder.userId, row.coin)) ids.add(o.id);
      const suggestions = new Map<string, string>();
      const near = await findOpenOrdersQuotedNear(
        db,
        row.coin,
        value,
        (value * 101n) / 100n + 1n,
        50,
      );
      for (const o of near) {
        const why =
          o.quoteBaseUnits && o.userAmount
            ? nearMissOf(
                row.coin,
                value,
                BigInt(o.quoteBaseUnits),
                parseUnits(o.userAmount, DECIMALS[row.coin]),
              )
            : null;
        if (!why) continue;
        ids.add(o.id);
        suggestions.set(o.id, why);
      }
      const orders = await findCryptoOrdersWithBuyers(db, row.purchaseId, [...ids]);
      const proofs = await listProofsOf(db, [...new Set(orders.map((o) => o.transaction.userId))]);
      const claimed = new Set(claims.map((c) => c.claim.transactionId));
      const candidates: AssignmentCandidate[] = orders.flatMap(
        ({ transaction: t, purchase, email }) => {
          if (t.quoteBaseUnits === null || t.tokenSymbol !== row.coin) return [];
          // A partially paid order is due what is missing; the transfer adds to what it received.
          const received =
            t.paymentStatus === PaymentStatus.Pending ? BigInt(t.receivedBaseUnits ?? '0') : 0n;
          const due = BigInt(t.quoteBaseUnits) - received;
          const wallets = proofs.filter((p) => p.userId === t.userId).map((p) => p.address);
          const proven = holder?.userId === t.userId;
          return [
            {
              reference: purchase.reference,
              email,
              open:
                t.paymentStatus === PaymentStatus.Pending &&
                purchase.status === PurchaseStatus.Pending,
              coin: row.coin,
              amountDue: coinText(due, row.coin),
              difference:
                (value < due ? '-' : '') +
                coinText(value < due ? due - value : value - due, row.coin),
              differenceAud:
                (value < due ? '-' : '') +
                audValueAt(
                  purchase,
                  formatUnits(value < due ? due - value : value - due, DECIMALS[row.coin]),
                ),
              tokensForValue: creditedFigures(
                purchase,
                formatUnits(value + received, DECIMALS[row.coin]),
              ).tokenAmount,
              tokensDue: purchase.tokenAmount,
              senderProven: proven,
              senderProvenSince: proven ? holder.countsFrom.toISOString() : null,
              provenWallets: wallets,
              claimed: claimed.has(t.id),
              suggestion: suggestions.get(t.id) ?? null,
            },
          ];
        },
      );
      const summary = await summariseClaims(db, [row]);
      return {
        ...toDto(row, found.reference, summary.get(claimKey(row.txnHash, row.logIndex))),
        toAddress: row.toAddress,
        claims: claims.map((c) => ({
          reference: c.reference,
          email: c.email,
          claimedAt: c.claim.createdAt.toISOString(),
          senderProven: c.claim.senderProven,
        })),
        candidates,
      };
    },

    /**
     * Credits a pending crypto order of the payment's coin with it, through the same step as
     * evidence (transaction Success, request accepted within the hard cap, earnings, the buyer's
     * e-mail), after reading the transfer on the chain again with the required confirmations.
     * The order gets what the transfer is worth at its frozen price; its whole token amount for
     * less only with an override reason. Who did it and why is audited.
     */
    async assign(actorId: string, id: string, body: AssignUnmatchedPaymentBody) {
      const listed = await findUnmatchedPayment(db, id);
      if (!listed) throw notFound(says.notFound);
      if (listed.payment.status !== 'open') throw badRequest(says.notOpen);
      // A transfer that credited an order already cannot credit another: its extra is refunded.
      if (listed.payment.part > 0) throw badRequest(says.hashUsed);
      await orderToCredit(db, body.reference, listed.payment.coin);
      const transfer = await rereadTransfer(listed.payment);
      try {
        await db.transaction(async (tx) => {
          const before = await lockOpen(tx, id);
          const { order, reopened } = await orderToCredit(tx, body.reference, transfer.coin, {
            minedAt: transfer.blockTime,
            reopen: true,
          });
          // What the order still misses: its quote less any part payments it holds.
          const quote =
            BigInt(order.transaction.quoteBaseUnits ?? '0') -
            BigInt(order.transaction.receivedBaseUnits ?? '0');
          const override = transfer.value < quote ? body.override : undefined;
          const credit = await transactions.creditOrder(tx, order.transaction.id, transfer, {
            reviewedBy: actorId,
            override,
          });
          const after = await resolveUnmatchedPayment(tx, id, {
            status: 'assigned',
            purchaseId: order.transaction.purchaseId!,
            remark: body.remark,
            resolvedBy: actorId,
          });
          await recordAudit(tx, {
            actorId,
            action: 'unmatchedPayment.assign',
            entity: 'unmatchedPayment',
            entityId: id,
            before: auditView(before),
            after: {
              ...auditView(after),
              reference: body.reference,
              transactionId: order.transaction.id,
              received: coinText(transfer.value, before.coin),
              amountDue: coinText(quote, before.coin),
              tokensCredited: credit.transaction.tokenAmount,
              override: override ?? null,
              reopened,
            },
          });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest(says.hashUsed);
        throw err;
      }
      mail.deliverSoon();
      return dtoOf(id);
    },

    /**
     * Moves the transfer that credited an order to another order, in one step: the order it
     * credited gives it up and is reverted (its tokens leave the totals, its affiliate earnings
     * are undone, its buyer is told), and the transfer, read on the chain again, credits the
     * other order as an assignment does. What it paid beyond the first order is listed again for
     * the second. Audited with both orders and the amounts.
     */
    async moveCredit(actorId: string, transactionId: string, body: MoveCreditBody) {
      const source = isUuid(transactionId) ? await findTransaction(db, transactionId) : undefined;
      if (!source) throw notFound(messages.transactionNotFound);
      const coin = source.tokenSymbol;
      if (
        source.paymentStatus !== PaymentStatus.Success ||
        source.paymentMode !== PaymentMode.Crypto ||
        (coin !== 'ETH' && coin !== 'USDC') ||
        !source.txnHash ||
        !source.purchaseId ||
        !source.walletAddress ||
        !source.fromAddress
      )
        throw badRequest(says.notMovable);
      if (source.receivedBaseUnits !== null) throw badRequest(says.paidInParts);
      const transfer = await rereadTransfer({
        txnHash: source.txnHash,
        logIndex: source.logIndex,
        coin,
        fromAddress: source.fromAddress,
        toAddress: source.walletAddress,
      });
      const named = await findCryptoOrderByReference(db, body.reference);
      if (named?.transaction.id === source.id) throw badRequest(says.sameOrder);
      await orderToCredit(db, body.reference, coin, { minedAt: transfer.blockTime });
      try {
        await db.transaction(async (tx) => {
          const locked = await lockTransaction(tx, source.id);
          if (locked?.paymentStatus !== PaymentStatus.Success || locked.txnHash !== source.txnHash)
            throw badRequest(says.notMovable);
          const parts = await lockOverpaidParts(tx, transfer.txnHash, transfer.logIndex);
          if (parts.some((p) => p.status !== 'open')) throw badRequest(says.partRefunded);
          const { order, reopened } = await orderToCredit(tx, body.reference, coin, {
            minedAt: transfer.blockTime,
            reopen: true,
          });
          const before = (await lockPurchase(tx, source.purchaseId!))!;
          await dropOpenOverpaidParts(tx, transfer.txnHash, transfer.logIndex);
          await detachTransfer(tx, source.id);
          await subtractFromPresaleTotals(tx, {
            aud: before.investmentAmount,
            tokens: before.tokenAmount,
          });
          const earnings = await reverseEarnings(tx, before.id);
          const reverted = await recordReview(tx, before.id, {
            status: PurchaseStatus.Reverted,
            remark: says.movedRemark(body.reference),
            reviewedBy: actorId,
          });
          // What the order still misses: its quote less any part payments it holds.
          const quote =
            BigInt(order.transaction.quoteBaseUnits ?? '0') -
            BigInt(order.transaction.receivedBaseUnits ?? '0');
          const override = transfer.value < quote ? body.override : undefined;
          const credit = await transactions.creditOrder(tx, order.transaction.id, transfer, {
            reviewedBy: actorId,
            override,
          });
          await recordAudit(tx, {
            actorId,
            action: 'transaction.moveCredit',
            entity: 'transaction',
            entityId: source.id,
            before: {
              purchaseId: before.id,
              status: before.status,
              txnHash: source.txnHash,
              logIndex: source.logIndex,
              tokenAmount: source.tokenAmount,
              overpaidParts: parts.map((p) => p.amountBaseUnits),
            },
            after: {
              purchaseStatus: reverted.status,
              ...earnings,
              reference: body.reference,
              remark: body.remark,
              transactionId: order.transaction.id,
              received: coinText(transfer.value, coin),
              amountDue: coinText(quote, coin),
              tokensCredited: credit.transaction.tokenAmount,
              override: override ?? null,
              reopened,
            },
          });
          const buyer = await findBuyerContact(tx, before.userId);
          if (buyer)
            await queueMail(tx, buyer.email, {
              kind: 'purchaseDecision',
              name: nameToGreet(buyer),
              reference: reverted.reference,
              status: purchaseStatusLabel(reverted.status),
              investmentAmount: fixed(reverted.investmentAmount, DECIMALS.AUD),
              remark: reverted.remark,
            });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest(says.hashUsed);
        throw err;
      }
      mail.deliverSoon();
      return toTransactionDto((await findTransaction(db, source.id))!);
    },

    /**
     * Refunds the whole transfer to its sender: a refund record, approved at once (the listed
     * payment is marked refunded), paid when the watcher sees the company wallet send it back.
     */
    async refund(actorId: string, id: string, body: RefundUnmatchedPaymentBody) {
      const before = await findUnmatchedPayment(db, id);
      if (!before) throw notFound(says.notFound);
      if (before.payment.status !== 'open') throw badRequest(says.notOpen);
      await refunds.refundTransfer(actorId, id, body.remark);
      return dtoOf(id);
    },
  };
}

export type AdminUnmatchedPaymentsService = ReturnType<typeof createAdminUnmatchedPaymentsService>;
