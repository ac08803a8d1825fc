import { createHash, randomBytes } from 'node:crypto';
import {
  DECIMALS,
  LATE_OFFER_HOURS,
  lateOfferMessages as says,
  PaymentMode,
  PurchaseStatus,
  purchaseMessages,
  stageMessages,
  type LateOffer,
} from '@tmc/shared';
import type { Db, Tx } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { queueMail } from '../../lib/mailer/mailer.ts';
import type { QueuedMailDelivery } from '../../lib/mailer/queued-mail.ts';
import { nameToGreet } from '../../lib/mailer/templates.ts';
import { fixed, plain } from '../../lib/money.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limit.ts';
import { isUuid } from '../../lib/uuid.ts';
import { findUserById } from '../account/users.repo.ts';
import { toLateOfferDto } from '../orders/late-offer-dto.ts';
import {
  findLateOfferByToken,
  hasLiveRefund,
  insertLateOffer,
  latestLateOffer,
  lockLateOffer,
  markLateOfferAccepted,
  repriceLateOrder,
  withdrawLateOffers,
  type LateOfferRow,
} from '../orders/late-offers.repo.ts';
import { findOrder, lockOrder } from '../orders/revert-purchase.repo.ts';
import { lockUser } from '../account/users.repo.ts';
import { checkBuyingLimit } from '../identity/buying-limit.ts';
import type { OrderInput, PricedOrder } from '../orders/order-pricing.ts';
import { requireSettings } from '../presale/presale.repo.ts';
import { closeIfSoldOut, holdStageFor } from '../stages/stage-sales.ts';

/** Consent links are opened without a session: limited per network. */
export const lateOfferLinkLimit: RateLimitRule = {
  name: 'late-offer-link:ip',
  limit: 30,
  windowSeconds: 3600,
};

const conflict = (message: string) => new AppError(409, message);
const gone = (message: string) => new AppError(410, message);
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

interface LateOffersDeps {
  db: Db;
  mail: Pick<QueuedMailDelivery, 'deliverSoon'>;
  rateLimiter: Pick<RateLimiter, 'hit'>;
  /** The one pricing of a new order (today's rates, the active stage, minimum, hard cap, end). */
  priceOrder: (input: OrderInput) => Promise<PricedOrder>;
  publicUrl: string;
}

/**
 * Late bank payments: the receipt of an order that ended for want of one. Staff offer it as an
 * order at the price of the day (never the old one); the buyer consents by a single-use e-mail
 * link, and only then the order is repriced, Pending again and its tokens reserved in the stage.
 * Refunding it instead goes through the refunds service (a refund withdraws the offer).
 */
export function createLateOffersService({
  db,
  mail,
  rateLimiter,
  priceOrder,
  publicUrl,
}: LateOffersDeps) {
  const isLate = (o: { paymentMode: number; status: number; lateReceiptAt: Date | null }) =>
    o.paymentMode === PaymentMode.Bank &&
    o.status === PurchaseStatus.NotAccepted &&
    o.lateReceiptAt !== null;

  /** An open offer still good for the same price: a repeated click sends nothing new. */
  const sameOpenOffer = (o: LateOfferRow | undefined, priced: PricedOrder) =>
    o?.state === 'offered' &&
    o.expiresAt > new Date() &&
    o.stageId === priced.stageId &&
    o.tokenAmount === priced.tokenAmount &&
    o.investmentAmount === priced.investmentAud
      ? o
      : undefined;

  async function byToken(token: string, ip: string) {
    await rateLimiter.hit(lateOfferLinkLimit, ip);
    const found = await findLateOfferByToken(db, hashOf(token));
    if (!found) throw notFound(says.linkInvalid);
    return found;
  }

  return {
    /**
     * POST /v1/admin/purchases/:id/late-offer: prices the late payment at the price of the day and
     * e-mails the buyer a consent link (a newer offer withdraws the last). Nothing else changes.
     */
    async offer(staffId: string, purchaseId: string) {
      const order = isUuid(purchaseId) ? await findOrder(db, purchaseId) : undefined;
      if (!order) throw notFound(purchaseMessages.purchaseNotFound);
      if (!isLate(order)) throw conflict(says.notLate);
      const priced = await priceOrder({
        userCurrency: order.userCurrency,
        userAmount: plain(order.userAmount),
      });
      const outcome = await db.transaction(async (tx) => {
        const locked = await lockOrder(tx, purchaseId);
        if (!locked || !isLate(locked)) throw conflict(says.notLate);
        if (await hasLiveRefund(tx, purchaseId)) throw conflict(says.refundInProgress);
        const settings = await requireSettings(tx);
        // The stage's rules as an order meets them; nothing is reserved before the buyer consents.
        await holdStageFor(tx, priced, settings.tokenSymbol);
        const open = sameOpenOffer(await latestLateOffer(tx, purchaseId), priced);
        if (open)
          return {
            offer: open,
            created: false,
            symbol: settings.tokenSymbol,
            reference: locked.reference,
          };
        const withdrawn = await withdrawLateOffers(tx, purchaseId);
        const token = randomBytes(32).toString('base64url');
        const offer = await insertLateOffer(tx, {
          purchaseId,
          tokenHash: hashOf(token),
          stageId: priced.stageId,
          stageName: priced.stageName,
          tokenPriceAud: priced.tokenPriceAud,
          previousTokenPriceAud: locked.tokenPriceAud,
          rate: priced.rate,
          investmentAmount: priced.investmentAud,
          tokenAmount: priced.tokenAmount,
          offeredBy: staffId,
          expiresAt: new Date(Date.now() + LATE_OFFER_HOURS * 3_600_000),
        });
        const buyer = await findUserById(tx, locked.userId);
        if (buyer)
          await queueMail(tx, buyer.email, {
            kind: 'lateOffer',
            name: nameToGreet(buyer),
            reference: locked.reference,
            investmentAud: fixed(offer.investmentAmount, DECIMALS.AUD),
            tokenAmount: fixed(offer.tokenAmount, DECIMALS.AUD),
            tokenSymbol: settings.tokenSymbol,
            tokenPriceAud: plain(offer.tokenPriceAud),
            previousTokenPriceAud: plain(offer.previousTokenPriceAud),
            stageName: offer.stageName,
            expiresAt: offer.expiresAt.toISOString(),
            link: `${publicUrl}/late-offer#token=${token}`,
          });
        await recordAudit(tx, {
          actorId: staffId,
          action: 'purchase.lateOffer',
          entity: 'purchase',
          entityId: purchaseId,
          before: {
            tokenPriceAud: plain(locked.tokenPriceAud),
            tokenAmount: plain(locked.tokenAmount),
            withdrawnOffers: withdrawn.map((w) => w.id),
          },
          after: {
            offerId: offer.id,
            stageId: offer.stageId,
            tokenPriceAud: plain(offer.tokenPriceAud),
            tokenAmount: plain(offer.tokenAmount),
            investmentAmount: plain(offer.investmentAmount),
            expiresAt: offer.expiresAt.toISOString(),
          },
        });
        return { offer, created: true, symbol: settings.tokenSymbol, reference: locked.reference };
      });
      if (outcome.created) mail.deliverSoon();
      return {
        offer: toLateOfferDto(outcome.offer, outcome.reference, outcome.symbol),
        created: outcome.created,
      };
    },

    /** POST /v1/late-offers/read: what the consent page shows (any state). */
    async view(token: string, ip: string): Promise<LateOffer> {
      const { offer, purchase } = await byToken(token, ip);
      const settings = await requireSettings(db);
      return toLateOfferDto(offer, purchase.reference, settings.tokenSymbol);
    },

    /**
     * POST /v1/late-offers/accept: the buyer's consent. The order's row, then the
     * offer's, are held: two clicks make one order (the second answers it as already accepted).
     */
    async accept(token: string, ip: string) {
      const found = await byToken(token, ip);
      const outcome = await db.transaction(async (tx) => {
        // The buyer's row first, as every order path takes it (account, stage, order): consent
        // places an order at today's price, so it meets the buying limit like any other.
        await lockUser(tx, found.purchase.userId);
        await lockOrder(tx, found.purchase.id);
        const offer = await lockLateOffer(tx, found.offer.id);
        if (!offer) throw notFound(says.linkInvalid);
        const settings = await requireSettings(tx);
        const answer = (o: LateOfferRow, already: boolean) => ({
          offer: toLateOfferDto(o, found.purchase.reference, settings.tokenSymbol),
          already,
        });
        if (offer.state === 'accepted') return answer(offer, true);
        if (offer.state === 'withdrawn') throw gone(says.withdrawn);
        if (offer.expiresAt <= new Date()) throw gone(says.expired);
        if (await hasLiveRefund(tx, offer.purchaseId)) throw gone(says.withdrawn);
        let stage;
        try {
          stage = await holdStageFor(tx, offer, settings.tokenSymbol);
        } catch (err) {
          if (err instanceof AppError && err.message === stageMessages.priceChanged)
            throw conflict(says.priceChanged);
          throw err;
        }
        await checkBuyingLimit(tx, found.purchase.userId, plain(offer.investmentAmount), settings);
        const accepted = await markLateOfferAccepted(tx, offer.id);
        if (!accepted) throw gone(says.withdrawn);
        const before = await lockOrder(tx, offer.purchaseId);
        const order = await repriceLateOrder(tx, accepted);
        if (!before || !order) throw gone(says.withdrawn);
        await closeIfSoldOut(tx, stage, accepted.tokenAmount, settings.minPurchaseAud);
        await recordAudit(tx, {
          actorId: order.userId,
          action: 'purchase.lateOfferAccept',
          entity: 'purchase',
          entityId: order.id,
          before: {
            status: before.status,
            tokenPriceAud: plain(before.tokenPriceAud),
            tokenAmount: plain(before.tokenAmount),
            stageId: before.stageId,
          },
          after: {
            offerId: accepted.id,
            status: order.status,
            tokenPriceAud: plain(order.tokenPriceAud),
            tokenAmount: plain(order.tokenAmount),
            stageId: order.stageId,
          },
        });
        return answer(accepted, false);
      });
      return outcome;
    },

    /** The order's latest offer, for its page and the review queue. */
    async latestOf(tx: Tx, purchaseId: string, reference: string, symbol: string) {
      const offer = await latestLateOffer(tx, purchaseId);
      return offer ? toLateOfferDto(offer, reference, symbol) : null;
    },
  };
}

export type LateOffersService = ReturnType<typeof createLateOffersService>;
