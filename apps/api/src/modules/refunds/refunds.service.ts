import {
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  getAddress,
  parseUnits,
  zeroAddress,
} from 'viem';
import {
  DECIMALS,
  PaymentMode,
  PurchaseStatus,
  refundMessages as says,
  type AdminRefund,
  type CreateRefundBody,
  type Refund,
  type RefundCoin,
  type RefundState,
} from '@tmc/shared';
import type { Db, Tx } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { pageOf, type ListQuery } from '../../lib/list-query.ts';
import { queueMail } from '../../lib/mailer/mailer.ts';
import type { QueuedMailDelivery } from '../../lib/mailer/queued-mail.ts';
import { nameToGreet } from '../../lib/mailer/templates.ts';
import { money } from '../../lib/money.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limit.ts';
import { safeBatch } from '../../lib/safe-batch.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { OutgoingTransfer } from '../transactions/payment-watcher.ts';
import { findUserById } from '../account/users.repo.ts';
import { requireSettings } from '../presale/presale.repo.ts';
import { refundAmountText, toAdminRefundDto, toRefundDto } from '../orders/refund-dto.ts';
import { findOrder, lockOrder, markOrderReverted } from '../orders/revert-purchase.repo.ts';
import { reduceSale, revertSale } from '../orders/revert-purchase.ts';
import { withdrawLateOffers } from '../orders/late-offers.repo.ts';
import {
  acceptedTokensOfBuyer,
  approvedCryptoRefunds,
  creditedTransferOf,
  findRefundWithOrder,
  insertRefund,
  isRefundEvidence,
  listRefunds,
  lockRefund,
  moveRefund,
  pageBuyerRefunds,
  hasOpenRefund,
  refundedOfPurchase,
  requestedOfPurchase,
  tokensClaimedBy,
  type RefundRow,
} from '../orders/refunds.repo.ts';
import {
  findUnmatchedById,
  lockUnmatchedPayment,
  resolveUnmatchedPayment,
} from '../transactions/unmatched-payments.repo.ts';

const conflict = (message: string) => new AppError(409, message);
const PLACES = { ETH: DECIMALS.ETH, USDC: DECIMALS.USDC, AUD: DECIMALS.AUD } as const;

type Actor = { kind: 'buyer' | 'staff'; id: string };

/** A buyer's refund requests: a few an hour is plenty, more is abuse of staff's queue. */
export const refundRequestLimit = {
  name: 'refund-request:user',
  limit: 10,
  windowSeconds: 3600,
} satisfies RateLimitRule;

interface RefundsDeps {
  db: Db;
  rateLimiter: Pick<RateLimiter, 'hit'>;
  mail: Pick<QueuedMailDelivery, 'deliverSoon'>;
  /** The site's address, for the order link in the buyer's e-mail. */
  publicUrl?: string;
}

/** What an order can still give back, in which coin, and to where. */
interface Refundable {
  coin: RefundCoin;
  remaining: string;
  destination: string;
  userId: string;
  accepted: boolean;
}

/**
 * Refunds: the one path by which money goes back, for an order (accepted, in full or in part; a
 * rejected bank payment) or a listed transfer (no order took it, or what it paid beyond its
 * order). requested → approved → paid, or declined. Approving an order's refund takes its tokens
 * and the affiliates' earnings back at once (revert rules); a crypto refund is paid when the
 * watcher sees the transfer, a bank refund by staff with the bank's reference.
 */
export function createRefundsService({ db, rateLimiter, mail, publicUrl }: RefundsDeps) {
  async function refundableOfOrder(tx: Tx, purchaseId: string): Promise<Refundable> {
    const order = await lockOrder(tx, purchaseId);
    if (!order) throw notFound(says.orderNotFound);
    const accepted = order.status === PurchaseStatus.Accepted;
    const bankEnded =
      order.paymentMode === PaymentMode.Bank &&
      order.receiptKey !== null &&
      (order.status === PurchaseStatus.Rejected || order.status === PurchaseStatus.NotAccepted);
    if (!accepted && !bankEnded) throw conflict(says.notRefundableStatus);
    if (order.paymentMode === PaymentMode.Bank) {
      // Approved partial refunds have already taken their AUD off the order's figures.
      const open = accepted
        ? await requestedOfPurchase(tx, purchaseId)
        : await refundedOfPurchase(tx, purchaseId, 'AUD');
      return {
        coin: 'AUD',
        remaining: money(order.investmentAmount).minus(open).toFixed(2),
        destination: `The bank account that paid order ${order.reference}`,
        userId: order.userId,
        accepted,
      };
    }
    const credited = await creditedTransferOf(tx, purchaseId);
    const coin = credited?.tokenSymbol;
    if (!credited?.paidBaseUnits || !credited.fromAddress || (coin !== 'ETH' && coin !== 'USDC'))
      throw conflict(says.nothingToRefund);
    if (credited.fromAddress.toLowerCase() === zeroAddress) throw badRequest(says.noDestination);
    const paid = formatUnits(BigInt(credited.paidBaseUnits), DECIMALS[coin]);
    const refunded = await refundedOfPurchase(tx, purchaseId, coin);
    return {
      coin,
      remaining: money(paid).minus(refunded).toFixed(PLACES[coin]),
      destination: credited.fromAddress.toLowerCase(),
      userId: order.userId,
      accepted,
    };
  }

  /** Tokens already delivered come back first: the order may not fall below what was claimed. */
  async function checkTokensNotClaimed(tx: Tx, userId: string, tokensTaken: string) {
    const claimed = await tokensClaimedBy(tx, userId);
    if (claimed === 0n) return;
    const after = money(await acceptedTokensOfBuyer(tx, userId)).minus(tokensTaken);
    if (parseUnits(after.toFixed(18), 18) < claimed) throw conflict(says.tokensClaimed);
  }

  async function tellBuyer(tx: Tx, refund: RefundRow) {
    const { userId, reference, purchaseId } = await ownerOf(tx, refund);
    if (!userId) return;
    const buyer = await findUserById(tx, userId);
    if (!buyer) return;
    await queueMail(tx, buyer.email, {
      kind: 'refundUpdate',
      name: nameToGreet(buyer),
      reference,
      state: refund.state,
      amount: refundAmountText(refund),
      coin: refund.coin,
      destination: refund.destination,
      evidence: refund.evidence,
      declineReason: refund.declineReason,
      orderUrl: publicUrl && purchaseId ? `${publicUrl}/presale-requests/${purchaseId}` : undefined,
    });
  }

  /** The buyer (of the order) a refund is about, and its reference. */
  async function ownerOf(tx: Tx, refund: RefundRow) {
    // A listed transfer's refund is about the order its evidence names (an overpaid one's order).
    const purchaseId =
      refund.purchaseId ??
      (refund.unmatchedPaymentId
        ? ((await findUnmatchedById(tx, refund.unmatchedPaymentId))?.purchaseId ?? null)
        : null);
    if (!purchaseId) return { userId: null, reference: null, purchaseId: null };
    const order = await findOrder(tx, purchaseId);
    return {
      userId: order?.userId ?? null,
      reference: order?.reference ?? null,
      purchaseId: order?.id ?? null,
    };
  }

  async function adminDto(id: string): Promise<AdminRefund> {
    const row = await findRefundWithOrder(db, id);
    if (!row) throw notFound(says.notFound);
    return toAdminRefundDto(row.refund, row.reference, row.buyerEmail);
  }

  async function createForOrder(
    tx: Tx,
    actor: Actor,
    purchaseId: string,
    want: { amount?: string; coin?: RefundCoin; reason: string },
  ) {
    const can = await refundableOfOrder(tx, purchaseId);
    if (actor.kind === 'buyer' && can.userId !== actor.id) throw notFound(says.orderNotFound);
    if (await hasOpenRefund(tx, purchaseId)) throw conflict(says.inProgress);
    if (want.coin && want.coin !== can.coin)
      throw badRequest(says.coinMismatch(can.coin), { coin: says.coinMismatch(can.coin) });
    if (money(can.remaining).lte(0)) throw conflict(says.nothingToRefund);
    const amount = want.amount ?? can.remaining;
    if (money(amount).gt(can.remaining)) {
      const msg = says.overRefundable(can.remaining, can.coin);
      throw badRequest(msg, { amount: msg });
    }
    if (money(amount).decimalPlaces() > PLACES[can.coin])
      throw badRequest(says.amount, { amount: says.amount });
    if (can.accepted) {
      const order = (await lockOrder(tx, purchaseId))!;
      const share = money(amount).div(can.remaining);
      await checkTokensNotClaimed(
        tx,
        can.userId,
        money(order.tokenAmount).times(share).toFixed(18),
      );
    }
    const row = await insertRefund(tx, {
      purchaseId,
      requestedBy: actor.kind,
      requestedById: actor.id,
      reason: want.reason,
      coin: can.coin,
      amount,
      destination: can.destination,
    });
    if (!row) throw conflict(says.inProgress);
    // A late payment's open offer of an order at today's price ends: its money is going back.
    await withdrawLateOffers(tx, purchaseId);
    return { row, userId: can.userId };
  }

  async function createForTransfer(
    tx: Tx,
    actor: Actor,
    unmatchedPaymentId: string,
    want: { amount: string; coin: RefundCoin; reason: string },
  ) {
    const payment = await lockUnmatchedPayment(tx, unmatchedPaymentId);
    if (!payment) throw notFound(says.paymentNotFound);
    if (payment.status !== 'open') throw conflict(says.paymentNotOpen);
    if (want.coin !== payment.coin)
      throw badRequest(says.coinMismatch(payment.coin), { coin: says.coinMismatch(payment.coin) });
    if (payment.fromAddress.toLowerCase() === zeroAddress) throw badRequest(says.noDestination);
    const whole = formatUnits(BigInt(payment.amountBaseUnits), DECIMALS[payment.coin]);
    if (money(want.amount).gt(whole)) {
      const msg = says.overRefundable(whole, payment.coin);
      throw badRequest(msg, { amount: msg });
    }
    if (money(want.amount).decimalPlaces() > PLACES[payment.coin])
      throw badRequest(says.amount, { amount: says.amount });
    const row = await insertRefund(tx, {
      unmatchedPaymentId,
      requestedBy: actor.kind,
      requestedById: actor.id,
      reason: want.reason,
      coin: payment.coin,
      amount: want.amount,
      destination: payment.fromAddress.toLowerCase(),
    });
    if (!row) throw conflict(says.inProgress);
    return row;
  }

  /** requested → approved, with the order's tokens and earnings taken back in the same step. */
  /**
   * One staff step on a refund, in a transaction on its locked row (404 for an unknown id); then
   * the e-mails it queued go out and staff get the refund as it is now.
   */
  async function staffStep(id: string, step: (tx: Tx, before: RefundRow) => Promise<void>) {
    if (!isUuid(id)) throw notFound(says.notFound);
    await db.transaction(async (tx) => {
      const before = await lockRefund(tx, id);
      if (!before) throw notFound(says.notFound);
      await step(tx, before);
    });
    mail.deliverSoon();
    return adminDto(id);
  }

  async function approveIn(tx: Tx, actorId: string, id: string) {
    const before = await lockRefund(tx, id);
    if (!before) throw notFound(says.notFound);
    if (before.state === 'approved' || before.state === 'paid')
      return { row: before, changed: false };
    if (before.state !== 'requested') throw conflict(says.notRequested);
    let effects: Record<string, unknown> = {};
    let tokensReduced: string | null = null;
    let audReduced: string | null = null;
    if (before.purchaseId) {
      const order = (await lockOrder(tx, before.purchaseId))!;
      if (order.status === PurchaseStatus.Accepted) {
        // What is left to refund, counting this refund as not yet taken.
        const can = await refundableOfOrderExcluding(tx, order.id, before);
        const share = money(before.amount).div(can);
        await checkTokensNotClaimed(
          tx,
          order.userId,
          money(order.tokenAmount).times(share).toFixed(18),
        );
        if (share.gte(1)) {
          effects = await revertSale(tx, order);
          await markOrderReverted(tx, order.id, { remark: before.reason, reviewedBy: actorId });
          tokensReduced = order.tokenAmount;
          audReduced = order.investmentAmount;
        } else {
          const reduced = await reduceSale(tx, order, share.toString());
          tokensReduced = reduced.tokensReduced;
          audReduced = reduced.audReduced;
          effects = { reduced: reduced.reduced, clawedBack: reduced.clawedBack };
        }
      }
    } else if (before.unmatchedPaymentId) {
      const payment = await lockUnmatchedPayment(tx, before.unmatchedPaymentId);
      if (payment?.status !== 'open') throw conflict(says.paymentNotOpen);
      await resolveUnmatchedPayment(tx, payment.id, {
        status: 'refunded',
        remark: before.reason,
        resolvedBy: actorId,
      });
    }
    const after = (await moveRefund(tx, id, 'requested', {
      state: 'approved',
      approvedBy: actorId,
      approvedAt: new Date(),
      tokensReduced,
      audReduced,
    }))!;
    await recordAudit(tx, {
      actorId,
      action: 'refund.approve',
      entity: 'refund',
      entityId: id,
      before: { state: before.state },
      after: {
        state: after.state,
        amount: after.amount,
        coin: after.coin,
        tokensReduced,
        audReduced,
        ...effects,
      },
    });
    await tellBuyer(tx, after);
    return { row: after, changed: true };
  }

  /** An accepted order's refundable amount in its coin before `refund` (still requested) is taken. */
  async function refundableOfOrderExcluding(tx: Tx, purchaseId: string, refund: RefundRow) {
    const can = await refundableOfOrder(tx, purchaseId);
    return money(can.remaining).plus(refund.amount);
  }

  return {
    /** A refund staff start for an order or a listed transfer (POST /admin/refunds). */
    async create(actorId: string, body: CreateRefundBody): Promise<AdminRefund> {
      const id = await db.transaction(async (tx) => {
        const actor: Actor = { kind: 'staff', id: actorId };
        const created = body.purchaseId
          ? (await createForOrder(tx, actor, body.purchaseId, body)).row
          : await createForTransfer(tx, actor, body.unmatchedPaymentId!, body);
        await recordAudit(tx, {
          actorId,
          action: 'refund.create',
          entity: 'refund',
          entityId: created.id,
          after: {
            purchaseId: created.purchaseId,
            unmatchedPaymentId: created.unmatchedPaymentId,
            amount: created.amount,
            coin: created.coin,
            destination: created.destination,
            reason: created.reason,
          },
        });
        await tellBuyer(tx, created);
        return created.id;
      });
      mail.deliverSoon();
      return adminDto(id);
    },

    /** The buyer's own request: the whole of what is left of their order, to where it came from. */
    async request(userId: string, purchaseId: string, reason: string): Promise<Refund> {
      if (!isUuid(purchaseId)) throw notFound(says.orderNotFound);
      await rateLimiter.hit(refundRequestLimit, userId);
      const row = await db.transaction(async (tx) => {
        const { row: created } = await createForOrder(
          tx,
          { kind: 'buyer', id: userId },
          purchaseId,
          { reason },
        );
        await tellBuyer(tx, created);
        return created;
      });
      mail.deliverSoon();
      return toRefundDto(row);
    },

    /** Staff start and approve a transfer's refund at once (the unmatched-payments "refund"). */
    async refundTransfer(actorId: string, unmatchedPaymentId: string, reason: string) {
      await db.transaction(async (tx) => {
        const payment = await lockUnmatchedPayment(tx, unmatchedPaymentId);
        if (!payment) throw notFound(says.paymentNotFound);
        const whole = formatUnits(BigInt(payment.amountBaseUnits), DECIMALS[payment.coin]);
        const created = await createForTransfer(
          tx,
          { kind: 'staff', id: actorId },
          unmatchedPaymentId,
          { amount: whole, coin: payment.coin, reason },
        );
        await recordAudit(tx, {
          actorId,
          action: 'refund.create',
          entity: 'refund',
          entityId: created.id,
          after: { unmatchedPaymentId, amount: created.amount, coin: created.coin },
        });
        await approveIn(tx, actorId, created.id);
        await recordAudit(tx, {
          actorId,
          action: 'unmatchedPayment.refund',
          entity: 'unmatchedPayment',
          entityId: unmatchedPaymentId,
          before: {
            status: payment.status,
            purchaseId: payment.purchaseId,
            remark: payment.remark,
          },
          after: {
            status: 'refunded',
            purchaseId: payment.purchaseId,
            remark: reason,
            refundId: created.id,
          },
        });
      });
      mail.deliverSoon();
    },

    async approve(actorId: string, id: string): Promise<AdminRefund> {
      if (!isUuid(id)) throw notFound(says.notFound);
      await db.transaction((tx) => approveIn(tx, actorId, id));
      mail.deliverSoon();
      return adminDto(id);
    },

    decline: (actorId: string, id: string, reason: string): Promise<AdminRefund> =>
      staffStep(id, async (tx, before) => {
        if (before.state === 'declined') return;
        if (before.state !== 'requested') throw conflict(says.notRequested);
        const after = (await moveRefund(tx, id, 'requested', {
          state: 'declined',
          declineReason: reason,
          declinedBy: actorId,
          declinedAt: new Date(),
        }))!;
        await recordAudit(tx, {
          actorId,
          action: 'refund.decline',
          entity: 'refund',
          entityId: id,
          before: { state: before.state },
          after: { state: after.state, declineReason: reason },
        });
        await tellBuyer(tx, after);
      }),

    /** A bank refund staff sent, with the bank's reference. */
    markPaid: (actorId: string, id: string, evidence: string): Promise<AdminRefund> =>
      staffStep(id, async (tx, before) => {
        if (before.coin !== 'AUD') throw conflict(says.notBank);
        if (before.state === 'paid' && before.evidence === evidence) return;
        if (before.state !== 'approved') throw conflict(says.notApproved);
        const after = (await moveRefund(tx, id, 'approved', {
          state: 'paid',
          evidence,
          paidBy: actorId,
          paidAt: new Date(),
        }))!;
        await recordAudit(tx, {
          actorId,
          action: 'refund.paid',
          entity: 'refund',
          entityId: id,
          before: { state: before.state },
          after: { state: after.state, evidence },
        });
        await tellBuyer(tx, after);
      }),

    /** The Safe Transaction Builder batch that sends an approved crypto refund. */
    async safeTx(id: string) {
      if (!isUuid(id)) throw notFound(says.notFound);
      const found = await findRefundWithOrder(db, id);
      if (!found) throw notFound(says.notFound);
      const r = found.refund;
      if (r.coin === 'AUD') throw conflict(says.notCrypto);
      if (r.state !== 'approved') throw conflict(says.notApproved);
      const settings = await requireSettings(db);
      const units = parseUnits(refundAmountText(r), DECIMALS[r.coin]);
      const to = getAddress(r.destination);
      const transaction =
        r.coin === 'ETH'
          ? { to, value: units.toString(), data: '0x' as const }
          : {
              to: getAddress(settings.usdcAddress),
              value: '0',
              data: encodeFunctionData({
                abi: erc20Abi,
                functionName: 'transfer',
                args: [to, units],
              }),
            };
      return safeBatch(settings.chainId, `TMC refund ${found.reference ?? r.id}`, [
        { ...transaction, contractMethod: null, contractInputsValues: null },
      ]);
    },

    /** GET /v1/account/refunds: the caller's refunds across their orders, newest first. */
    async listMine(userId: string, q: ListQuery<unknown>) {
      const { rows, total } = await pageBuyerRefunds(db, userId, q);
      return pageOf(
        rows.map((r) => ({
          ...toRefundDto(r.refund),
          purchaseId: r.purchaseId,
          reference: r.reference,
        })),
        total,
        q,
      );
    },

    async list(q: ListQuery<unknown> & { state?: RefundState }) {
      const { rows, total, counts } = await listRefunds(db, {
        offset: q.offset,
        limit: q.limit,
        state: q.state,
      });
      return {
        ...pageOf(
          rows.map((r) => toAdminRefundDto(r.refund, r.reference, r.buyerEmail)),
          total,
          q,
        ),
        counts,
      };
    },

    /**
     * Marks approved crypto refunds paid by the confirmed transfers the company wallet sent: the
     * same coin, to the refund's destination, for exactly its amount (oldest approval first).
     * Called by the payment watcher under its lease; a transfer pays at most one refund.
     */
    async settleOutgoing(transfers: readonly OutgoingTransfer[]) {
      if (transfers.length === 0) return 0;
      const waiting = await approvedCryptoRefunds(db);
      let paid = 0;
      for (const t of transfers) {
        const match = waiting.find(
          (r) =>
            r.state === 'approved' &&
            r.coin === t.coin &&
            r.destination === t.to.toLowerCase() &&
            parseUnits(refundAmountText(r), DECIMALS[t.coin]) === t.value,
        );
        // A poll that failed after paying re-reads its blocks: a transfer pays one refund once.
        if (!match || (await isRefundEvidence(db, t.txnHash, t.logIndex))) continue;
        const done = await db.transaction(async (tx) => {
          const after = await moveRefund(tx, match.id, 'approved', {
            state: 'paid',
            evidence: t.txnHash,
            evidenceLogIndex: t.logIndex,
            evidenceBlock: t.blockNumber,
            paidAt: new Date(),
          });
          if (!after) return false;
          await recordAudit(tx, {
            actorId: null,
            action: 'refund.paid',
            entity: 'refund',
            entityId: after.id,
            before: { state: 'approved' },
            after: {
              state: 'paid',
              evidence: t.txnHash,
              logIndex: t.logIndex,
              block: t.blockNumber.toString(),
            },
          });
          await tellBuyer(tx, after);
          return true;
        });
        if (done) {
          match.state = 'paid';
          paid++;
        }
      }
      if (paid) mail.deliverSoon();
      return paid;
    },

    /** Whether any crypto refund waits for its transfer (the watcher reads outgoing ones only then). */
    async waitingCoins() {
      const rows = await approvedCryptoRefunds(db);
      return new Set(rows.map((r) => r.coin));
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
