import { formatUnits } from 'viem';
import {
  DECIMALS,
  PaymentStatus,
  PurchaseStatus,
  unmatchedPaymentMessages as says,
  type AssignUnmatchedPaymentBody,
  type RefundUnmatchedPaymentBody,
  type UnmatchedPayment,
  type UnmatchedPaymentStatus,
} from '@tmc/shared';
import type { Db, Tx } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { pageOf, type ListQuery } from '../../lib/list-query.ts';
import type { QueuedMailDelivery } from '../../lib/mailer/queued-mail.ts';
import { fixed } from '../../lib/money.ts';
import { isUniqueViolation } from '../account/users.repo.ts';
import type { TransactionsService } from '../transactions/transactions.service.ts';
import { findCryptoOrderByReference } from '../transactions/transactions.repo.ts';
import {
  findUnmatchedPayment,
  listUnmatchedPayments,
  lockUnmatchedPayment,
  resolveUnmatchedPayment,
  type UnmatchedPaymentRow,
} from '../transactions/unmatched-payments.repo.ts';

interface AdminUnmatchedPaymentsDeps {
  db: Db;
  transactions: Pick<TransactionsService, 'creditOrder'>;
  mail: Pick<QueuedMailDelivery, 'deliverSoon'>;
}

const toDto = (p: UnmatchedPaymentRow, reference: string | null): UnmatchedPayment => ({
  _id: p.id,
  txnHash: p.txnHash,
  logIndex: p.logIndex,
  coin: p.coin,
  fromAddress: p.fromAddress,
  amount: fixed(formatUnits(BigInt(p.amountBaseUnits), DECIMALS[p.coin]), DECIMALS[p.coin]),
  blockNumber: p.blockNumber.toString(),
  blockTime: p.blockTime.toISOString(),
  reason: p.reason,
  status: p.status,
  purchaseReference: reference,
  remark: p.remark,
  createdAt: p.createdAt.toISOString(),
  resolvedAt: p.resolvedAt?.toISOString() ?? null,
});

/** What the audit log keeps of an unmatched payment before and after a decision. */
const auditView = (p: UnmatchedPaymentRow) => ({
  status: p.status,
  purchaseId: p.purchaseId,
  remark: p.remark,
});

export function createAdminUnmatchedPaymentsService({
  db,
  transactions,
  mail,
}: AdminUnmatchedPaymentsDeps) {
  async function dtoOf(id: string) {
    const row = await findUnmatchedPayment(db, id);
    if (!row) throw notFound(says.notFound);
    return toDto(row.payment, row.reference);
  }

  /** The open payment, held until the decision commits (two staff deciding at once: one wins). */
  async function lockOpen(tx: Tx, id: string) {
    const payment = await lockUnmatchedPayment(tx, id);
    if (!payment) throw notFound(says.notFound);
    if (payment.status !== 'open') throw badRequest(says.notOpen);
    return payment;
  }

  return {
    async list(q: ListQuery<unknown> & { status: UnmatchedPaymentStatus }) {
      const { rows, total } = await listUnmatchedPayments(db, {
        offset: q.offset,
        limit: q.limit,
        status: q.status,
      });
      return pageOf(
        rows.map((r) => toDto(r.payment, r.reference)),
        total,
        q,
      );
    },

    /**
     * Credits a pending crypto order of the payment's coin with it, through the same step as a
     * verified payment (transaction Success, request accepted within the hard cap, earnings,
     * the buyer's e-mail), and records who did it and why.
     */
    async assign(actorId: string, id: string, body: AssignUnmatchedPaymentBody) {
      try {
        await db.transaction(async (tx) => {
          const before = await lockOpen(tx, id);
          const order = await findCryptoOrderByReference(tx, body.reference);
          if (
            !order ||
            order.purchaseStatus !== PurchaseStatus.Pending ||
            order.transaction.paymentStatus !== PaymentStatus.Pending ||
            order.transaction.tokenSymbol !== before.coin
          )
            throw badRequest(says.notPendingCryptoOrder(before.coin), {
              reference: says.notPendingCryptoOrder(before.coin),
            });
          await transactions.creditOrder(
            tx,
            order.transaction.id,
            {
              txnHash: before.txnHash,
              from: before.fromAddress,
              paidBaseUnits: BigInt(before.amountBaseUnits),
              blockNumber: before.blockNumber,
            },
            actorId,
          );
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
