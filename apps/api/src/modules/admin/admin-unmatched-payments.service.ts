import {
  formatUnits,
  getAddress,
  isAddressEqual,
  zeroAddress,
  type Address,
  type Hash,
} from 'viem';
import {
  DECIMALS,
  PaymentStatus,
  PurchaseStatus,
  unmatchedPaymentMessages as says,
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
import { creditedFigures } from '../purchases/order-pricing.ts';
import type { Transfer, TransactionsService } from '../transactions/transactions.service.ts';
import {
  findCryptoOrderByReference,
  findCryptoOrdersWithBuyers,
  findOpenOrdersOfUser,
} from '../transactions/transactions.repo.ts';
import { claimKey, listClaimsOf, summariseClaims } from '../transactions/payment-claims.repo.ts';
import {
  findUnmatchedPayment,
  listUnmatchedPayments,
  lockUnmatchedPayment,
  resolveUnmatchedPayment,
  type UnmatchedPaymentRow,
} from '../transactions/unmatched-payments.repo.ts';
import { unexplainedEthInBlock } from '../transactions/internal-eth.ts';
import { findProof, listProofsOf } from '../wallets/wallet-proofs.repo.ts';

interface AdminUnmatchedPaymentsDeps {
  db: Db;
  chain: ChainClient;
  transactions: Pick<TransactionsService, 'creditOrder' | 'readPayment'>;
  mail: Pick<QueuedMailDelivery, 'deliverSoon'>;
}

const coinText = (units: bigint, coin: 'ETH' | 'USDC') =>
  fixed(formatUnits(units, DECIMALS[coin]), DECIMALS[coin]);

const toDto = (
  p: UnmatchedPaymentRow,
  reference: string | null,
  claims: { count: number; unproven: number } | undefined,
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
   * credits is what the chain says was received, never what the list row says.
   */
  async function rereadTransfer(row: UnmatchedPaymentRow): Promise<Transfer> {
    const settings = await findSettings(db);
    if (!settings) throw new Error('No presale settings');
    if (row.reason === 'internal') return rereadInternalEth(row, settings.minConfirmations);
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
    if (!onChain || onChain.value < BigInt(row.amountBaseUnits))
      throw badRequest(says.notOnChainNow);
    if (payment.confirmations < BigInt(settings.minConfirmations))
      throw badRequest(says.notEnoughConfirmations(settings.minConfirmations));
    return {
      ...onChain,
      value: BigInt(row.amountBaseUnits),
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
     * order its evidence names, the open orders of the account that proved the sender, and the
     * order `reference` names. For each, the amount due against the transfer, what the transfer
     * buys at its frozen price, and the account's proven wallets against the sender.
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
      const prover = await findProof(db, row.fromAddress);
      if (prover)
        for (const o of await findOpenOrdersOfUser(db, prover.userId, row.coin)) ids.add(o.id);
      const orders = await findCryptoOrdersWithBuyers(db, row.purchaseId, [...ids]);
      const proofs = await listProofsOf(db, [...new Set(orders.map((o) => o.transaction.userId))]);
      const claimed = new Set(claims.map((c) => c.claim.transactionId));
      const candidates: AssignmentCandidate[] = orders.flatMap(
        ({ transaction: t, purchase, email }) => {
          if (t.quoteBaseUnits === null || t.tokenSymbol !== row.coin) return [];
          const due = BigInt(t.quoteBaseUnits);
          const wallets = proofs.filter((p) => p.userId === t.userId).map((p) => p.address);
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
              tokensForValue: creditedFigures(purchase, formatUnits(value, DECIMALS[row.coin]))
                .tokenAmount,
              tokensDue: purchase.tokenAmount,
              senderProven: wallets.includes(row.fromAddress.toLowerCase()),
              provenWallets: wallets,
              claimed: claimed.has(t.id),
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
      const pendingOrder = async (tx: Tx, coin: 'ETH' | 'USDC') => {
        const order = await findCryptoOrderByReference(tx, body.reference);
        if (
          !order ||
          order.purchaseStatus !== PurchaseStatus.Pending ||
          order.transaction.paymentStatus !== PaymentStatus.Pending ||
          order.transaction.tokenSymbol !== coin
        )
          throw badRequest(says.notPendingCryptoOrder(coin), {
            reference: says.notPendingCryptoOrder(coin),
          });
        return order;
      };
      await pendingOrder(db, listed.payment.coin);
      // A transfer that credited an order already cannot credit another: its extra is refunded.
      if (listed.payment.part > 0) throw badRequest(says.hashUsed);
      const transfer = await rereadTransfer(listed.payment);
      try {
        await db.transaction(async (tx) => {
          const before = await lockOpen(tx, id);
          const order = await pendingOrder(tx, before.coin);
          const quote = BigInt(order.transaction.quoteBaseUnits ?? '0');
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

    /** Marks the payment refunded (staff send the money back outside the site), with the reason. */
    async refund(actorId: string, id: string, body: RefundUnmatchedPaymentBody) {
      await db.transaction(async (tx) => {
        const before = await lockOpen(tx, id);
        const after = await resolveUnmatchedPayment(tx, id, {
          status: 'refunded',
          remark: body.remark,
          resolvedBy: actorId,
        });
        await recordAudit(tx, {
          actorId,
          action: 'unmatchedPayment.refund',
          entity: 'unmatchedPayment',
          entityId: id,
          before: auditView(before),
          after: auditView(after),
        });
      });
      return dtoOf(id);
    },
  };
}

export type AdminUnmatchedPaymentsService = ReturnType<typeof createAdminUnmatchedPaymentsService>;
