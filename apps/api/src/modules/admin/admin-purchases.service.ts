import { parseUnits } from 'viem';
import {
  DECIMALS,
  PaymentMode,
  PaymentStatus,
  purchaseMessages,
  PurchaseStatus,
  purchaseStatusLabel,
  type LateOffer,
} from '@tmc/shared';
import type { Db, Tx } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { queueMail } from '../../lib/mailer/mailer.ts';
import { nameToGreet } from '../../lib/mailer/templates.ts';
import type { QueuedMailDelivery } from '../../lib/mailer/queued-mail.ts';
import { fixed, plain } from '../../lib/money.ts';
import { pageOf, type ListQuery } from '../../lib/list-query.ts';
import { DELIVERY_MESSAGES } from '../delivery/delivery.service.ts';
import { revertSale } from '../orders/revert-purchase.ts';
import { recordRevertRefund } from '../orders/refunds.repo.ts';
import { findSettings, requireSettings } from '../presale/presale.repo.ts';
import type { PurchaseAcceptance } from '../orders/accept-purchase.ts';
import { toPurchaseDto } from '../purchases/purchase-dto.ts';
import { confirmationDueOf } from '../purchases/purchases.repo.ts';
import { insertTransaction } from '../transactions/transactions.repo.ts';
import { decimalsOf, receivedFigures } from '../transactions/transaction-dto.ts';
import {
  acceptedTokensBesides,
  deliveredBaseUnitsOf,
  failPendingTransactions,
  findBuyerContact,
  listPurchasesForReview,
  lockPurchase,
  recordReview,
  type AdminPurchaseQuery,
  type ReviewRow,
} from './admin-purchases.repo.ts';
import { fraudSignalsOf, type Party } from './fraud-signals.ts';
import { latestLateOffers } from '../orders/late-offers.repo.ts';
import { toLateOfferDto } from '../orders/late-offer-dto.ts';
import { illegalTransitionMessage, isLegalTransition } from './purchase-transitions.ts';

export const reviewMessages = {
  notFound: 'Presale request not found',
  cryptoAccept: 'A crypto request is accepted by verifying its payment on the chain, not by hand',
} as const;

export interface ReviewDecision {
  status: 1 | 2 | 3 | 4;
  remark: string | null;
  /** Accepting a bank order without a receipt: why (audited). */
  overrideReason?: string | null;
}

interface AdminPurchasesDeps {
  db: Db;
  acceptance: PurchaseAcceptance;
  downloadUrl: (key: string | null) => Promise<string | null>;
  mail: QueuedMailDelivery;
  /** The site's address, for the order link in the buyer's e-mail. */
  publicUrl?: string;
}

type PartyColumns = Party & { id: string; name: string; isInfluencer: boolean };

const person = (p: PartyColumns | null) =>
  p
    ? {
        _id: p.id,
        email: p.email,
        name: p.name,
        walletAddress: p.walletAddress,
        isInfluencer: p.isInfluencer,
      }
    : null;

export function createAdminPurchasesService({
  db,
  acceptance,
  downloadUrl,
  mail,
  publicUrl,
}: AdminPurchasesDeps) {
  /** The token price staff compare an order's frozen price with, and the token's symbol. */
  async function currentTokenPrice() {
    const settings = await requireSettings(db);
    return { price: plain(settings.tokenPriceAud), symbol: settings.tokenSymbol };
  }

  /** The latest late offer of each late payment among `rows`, in one read. */
  async function lateOffersOf(rows: ReviewRow[], symbol: string) {
    const late = rows.filter((r) => r.purchase.lateReceiptAt !== null);
    const offers = await latestLateOffers(
      db,
      late.map((r) => r.purchase.id),
    );
    return (row: ReviewRow) => {
      const offer = offers.get(row.purchase.id);
      return offer ? toLateOfferDto(offer, row.purchase.reference, symbol) : null;
    };
  }

  async function toReviewDto(
    row: ReviewRow,
    currentTokenPriceAud: string,
    lateOffer: LateOffer | null = null,
  ) {
    const { purchase, buyer, affiliate, transaction } = row;
    // The introducer only earns (so only matters) when the affiliate is an approved influencer.
    const introducer = affiliate?.isInfluencer ? row.introducer : null;
    const earners = [
      ...(affiliate ? [{ role: 'affiliate' as const, party: affiliate }] : []),
      ...(introducer ? [{ role: 'introducer' as const, party: introducer }] : []),
    ];
    return {
      ...(await toPurchaseDto(purchase, row.bankName, downloadUrl)),
      user: {
        _id: buyer.id,
        email: buyer.email,
        name: buyer.name,
        walletAddress: buyer.walletAddress,
        emailVerified: row.buyerEmailVerifiedAt !== null,
      },
      affiliate: person(affiliate),
      introducer: person(introducer),
      transaction: transaction
        ? {
            _id: transaction.id,
            paymentStatus: transaction.paymentStatus,
            paymentMode: transaction.paymentMode,
            price: fixed(transaction.price, decimalsOf(transaction.currency)),
            currency: transaction.currency,
            tokenSymbol: transaction.tokenSymbol,
            txnHash: transaction.txnHash,
            fromAddress: transaction.fromAddress,
            senderMatchesWallet: transaction.senderMatchesWallet,
            walletAddress: transaction.walletAddress,
            verifiedAt: transaction.verifiedAt?.toISOString() ?? null,
            ...receivedFigures(transaction),
            creditOverride: transaction.creditOverride,
          }
        : null,
      reviewedBy: row.reviewer ? { _id: row.reviewer.id, email: row.reviewer.email } : null,
      reviewedAt: purchase.reviewedAt?.toISOString() ?? null,
      // The price was frozen when the order was placed; staff see today's beside it.
      tokenPriceAud: plain(purchase.tokenPriceAud),
      pricedAt: purchase.createdAt.toISOString(),
      currentTokenPriceAud,
      confirmationDueAt:
        purchase.paymentMode === PaymentMode.Bank &&
        purchase.receiptKey !== null &&
        purchase.status === PurchaseStatus.Pending
          ? confirmationDueOf(purchase).toISOString()
          : null,
      lateOffer,
      fraudSignals: fraudSignalsOf({
        buyer,
        buyerWallets: [purchase.wallet, transaction?.fromAddress ?? null],
        earners,
      }),
    };
  }

  async function reviewOf(purchaseId: string) {
    const { rows } = await listPurchasesForReview(db, {
      offset: 0,
      limit: 1,
      sortPrice: undefined,
      id: purchaseId,
    });
    if (!rows[0]) throw notFound(reviewMessages.notFound);
    const { price, symbol } = await currentTokenPrice();
    const offerOf = await lateOffersOf(rows, symbol);
    return toReviewDto(rows[0], price, offerOf(rows[0]));
  }

  /** Accept: the shared acceptance step (totals, affiliate earnings) and the bank payment it proves. */
  async function accept(tx: Tx, purchaseId: string, actorId: string) {
    const accepted = await acceptance.acceptPurchase(tx, { purchaseId, reviewedBy: actorId });
    const presale = await requireSettings(tx);
    await insertTransaction(tx, {
      userId: accepted.userId,
      purchaseId,
      price: accepted.investmentAmount,
      currency: 'AUD',
      tokenSymbol: presale.tokenSymbol,
      tokenAmount: accepted.tokenAmount,
      userAmount: accepted.userAmount,
      userCurrency: accepted.userCurrency,
      paymentStatus: PaymentStatus.Success,
      paymentMode: PaymentMode.Bank,
      verifiedAt: new Date(),
    });
  }

  return {
    async list(q: ListQuery<unknown> & Omit<AdminPurchaseQuery, 'offset' | 'limit' | 'sortPrice'>) {
      const [{ rows, total, estimate }, { price, symbol }] = await Promise.all([
        listPurchasesForReview(db, q),
        currentTokenPrice(),
      ]);
      const offerOf = await lateOffersOf(rows, symbol);
      return pageOf(
        await Promise.all(rows.map((row) => toReviewDto(row, price, offerOf(row)))),
        total,
        q,
        estimate,
      );
    },

    /**
     * A staff decision (API.md transitions: Pending → Accepted, Rejected or Not Accepted;
     * Accepted → Reverted). The change, its audit row and the buyer's e-mail commit together.
     */
    async decide(actorId: string, purchaseId: string, decision: ReviewDecision) {
      await db.transaction(async (tx) => {
        const before = await lockPurchase(tx, purchaseId);
        if (!before) throw notFound(reviewMessages.notFound);
        if (!isLegalTransition(before.status, decision.status))
          throw badRequest(illegalTransitionMessage(before.status, decision.status), {
            status: illegalTransitionMessage(before.status, decision.status),
          });

        let effects: Record<string, unknown> = {};
        if (decision.status === PurchaseStatus.Accepted) {
          if (before.paymentMode === PaymentMode.Crypto)
            throw badRequest(reviewMessages.cryptoAccept);
          // No receipt (none came, or the window closed first): only a staff override accepts it.
          if (before.receiptKey === null) {
            if (!decision.overrideReason)
              throw badRequest(purchaseMessages.acceptWithoutReceipt, {
                overrideReason: purchaseMessages.acceptWithoutReceipt,
              });
            effects = { overrideReason: decision.overrideReason, receipt: false };
          }
          await accept(tx, purchaseId, actorId);
        } else if (decision.status === PurchaseStatus.Reverted) {
          // Claimed tokens cannot be taken back: such a revert would leave no root buildable.
          const left = parseUnits(
            fixed(await acceptedTokensBesides(tx, before.userId, purchaseId), 18),
            18,
          );
          if ((await deliveredBaseUnitsOf(tx, before.userId)) > left)
            throw new AppError(409, DELIVERY_MESSAGES.alreadyDelivered);
          effects = await revertSale(tx, before);
          const refund = await recordRevertRefund(tx, before, {
            actorId,
            reason: decision.remark ?? 'Reverted by our team',
          });
          effects = { ...effects, refundId: refund?.id ?? null };
        } else {
          await failPendingTransactions(tx, purchaseId);
        }
        const after = await recordReview(tx, purchaseId, {
          status: decision.status,
          remark: decision.remark,
          reviewedBy: actorId,
        });

        await recordAudit(tx, {
          actorId,
          action: 'purchase.status',
          entity: 'purchase',
          entityId: purchaseId,
          before: { status: before.status, remark: before.remark },
          after: { status: after.status, remark: after.remark, ...effects },
        });
        const buyer = await findBuyerContact(tx, before.userId);
        if (buyer) {
          const settings = await findSettings(tx);
          await queueMail(tx, buyer.email, {
            kind: 'purchaseDecision',
            name: nameToGreet(buyer),
            reference: after.reference,
            status: purchaseStatusLabel(after.status),
            investmentAmount: fixed(after.investmentAmount, DECIMALS.AUD),
            tokenAmount: fixed(after.tokenAmount, 2),
            tokenSymbol: settings?.tokenSymbol,
            tokenPriceAud: plain(after.tokenPriceAud),
            stageName: after.stageName,
            orderUrl: publicUrl ? `${publicUrl}/presale-requests/${after.id}` : undefined,
            remark: after.remark,
          });
        }
      });
      mail.deliverSoon();
      return reviewOf(purchaseId);
    },
  };
}

export type AdminPurchasesService = ReturnType<typeof createAdminPurchasesService>;
