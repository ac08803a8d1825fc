import { createHmac } from 'node:crypto';
import {
  payoutDestinationMessages,
  type AffiliateSummary,
  type PayoutDestination,
  type PayoutDestinationBody,
  type ReferralClickBody,
} from '@tmc/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { deriveKey } from '../../lib/auth.ts';
import { pageAndFilter, pageOf, type ListQuery } from '../../lib/list-query.ts';
import { fixed, money } from '../../lib/money.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, forbidden, unauthorized } from '../../lib/errors.ts';
import { queueMail } from '../../lib/mailer/mailer.ts';
import type { QueuedMailDelivery } from '../../lib/mailer/queued-mail.ts';
import { nameToGreet } from '../../lib/mailer/templates.ts';
import { verifyPassword } from '../../lib/password.ts';
import { checksummed } from '../account/account.service.ts';
import { findAffiliateByCode, findUserById } from '../account/users.repo.ts';
import {
  findPayoutDestination,
  savePayoutDestination,
  toPayoutDestinationDto,
  maskedDestination,
} from './payout-destinations.repo.ts';
import { toAffiliateEarningDto } from './earning-dto.ts';
import { DESTINATION_HOLD_DAYS } from './payouts.service.ts';
import {
  earningTotalsOfAffiliate,
  earningsByWeekOf,
  insertReferralClickOnce,
  listEarningsOfAffiliate,
  referralFunnelOf,
  type EarningStatus,
} from './earnings.repo.ts';

export interface EarningFilter {
  status?: EarningStatus;
  tier?: 1 | 2;
}

/** Generous for one visitor, tight enough that nobody pads a funnel or walks the code space. */
export const referralClickLimit = { name: 'referral-click:ip', limit: 120, windowSeconds: 3600 };

const CHART_WEEKS = 12;

/** Password confirmations of a payout destination change: a guesser gets few tries. */
export const payoutDestinationPasswordLimit = {
  name: 'payout-destination-password:user',
  limit: 10,
  windowSeconds: 3600,
};

const notAffiliate = 'Only affiliates have a payout destination';

/** What the audit log keeps of a destination: enough to tell a change, never a full account number. */
const auditView = (d: PayoutDestination | null) =>
  d === null
    ? null
    : d.kind === 'wallet'
      ? { kind: d.kind, walletAddress: d.walletAddress }
      : { kind: d.kind, bsb: d.bsb, accountNumber: `…${d.accountNumber.slice(-3)}` };

/** A destination as the change e-mail writes it: the account number masked, as in the audit log. */

interface AffiliatesDeps {
  db: Db;
  config: Pick<Config, 'jwtSecret'>;
  rateLimiter: RateLimiter;
  mail: QueuedMailDelivery;
}

export function createAffiliatesService({ db, config, rateLimiter, mail }: AffiliatesDeps) {
  const clickIpKey = deriveKey(config.jwtSecret, 'referral-click-ip');

  return {
    /** The caller's ledger, newest first (API.md "Affiliate earning"). */
    async earnings(affiliateId: string, q: ListQuery<EarningFilter>) {
      const { rows, total } = await listEarningsOfAffiliate(db, affiliateId, pageAndFilter(q));
      return pageOf(rows.map(toAffiliateEarningDto), total, q);
    },

    async summary(affiliateId: string): Promise<AffiliateSummary> {
      const [totals, funnel, weeks] = await Promise.all([
        earningTotalsOfAffiliate(db, affiliateId),
        referralFunnelOf(db, affiliateId),
        earningsByWeekOf(db, affiliateId, CHART_WEEKS),
      ]);
      const total = money(totals.pending)
        .plus(totals.approved)
        .plus(totals.paid)
        .plus(totals.adjustments);
      return {
        referredUsers: funnel.signUps,
        totalEarned: fixed(total, 2),
        pending: fixed(totals.pending, 2),
        approved: fixed(totals.approved, 2),
        paid: fixed(totals.paid, 2),
        adjustments: fixed(totals.adjustments, 2),
        currency: 'AUD',
        funnel,
        earningsByWeek: weeks.map((w) => ({ weekStart: w.weekStart, amount: fixed(w.amount, 2) })),
      };
    },

    /** GET /v1/affiliate/payout-destination: where the caller's commissions go (null: none yet). */
    async payoutDestination(userId: string) {
      const user = await findUserById(db, userId);
      if (!user) throw unauthorized();
      if (!user.isAffiliated) throw forbidden(notAffiliate);
      return { destination: toPayoutDestinationDto(await findPayoutDestination(db, userId)) };
    },

    /**
     * POST /v1/affiliate/payout-destination: sets or replaces the destination once the caller's
     * password matches (a stolen session alone cannot redirect commissions). Audited, and the
     * account's e-mail is told of every change (batches hold a changed destination for a few days).
     */
    async setPayoutDestination(userId: string, body: PayoutDestinationBody) {
      const user = await findUserById(db, userId);
      if (!user) throw unauthorized();
      if (!user.isAffiliated) throw forbidden(notAffiliate);
      await rateLimiter.hit(payoutDestinationPasswordLimit, userId);
      if (!(await verifyPassword(user.passwordHash, body.password)))
        throw badRequest(payoutDestinationMessages.wrongPassword, {
          password: payoutDestinationMessages.wrongPassword,
        });
      const values =
        body.kind === 'bank'
          ? {
              userId,
              kind: 'bank' as const,
              accountName: body.accountName,
              bsb: body.bsb,
              accountNumber: body.accountNumber,
              walletAddress: null,
            }
          : {
              userId,
              kind: 'wallet' as const,
              accountName: null,
              bsb: null,
              accountNumber: null,
              walletAddress: checksummed(body.walletAddress),
            };
      const destination = await db.transaction(async (tx) => {
        const before = toPayoutDestinationDto(await findPayoutDestination(tx, userId));
        const after = toPayoutDestinationDto(await savePayoutDestination(tx, values));
        await recordAudit(tx, {
          actorId: userId,
          action: 'payout-destination.set',
          entity: 'user',
          entityId: userId,
          before: auditView(before),
          after: auditView(after),
        });
        if (after)
          await queueMail(tx, user.email, {
            kind: 'payoutDestinationChanged',
            name: nameToGreet(user),
            before: before ? maskedDestination(before) : null,
            after: maskedDestination(after),
            changedAt: after.updatedAt,
            holdDays: DESTINATION_HOLD_DAYS,
          });
        return after;
      });
      mail.deliverSoon();
      return { destination };
    },

    /**
     * Logs a visit that came with a referral code: hashed IP, at most once a day per visitor and
     * affiliate. A code that names no affiliate is answered the same way and not stored.
     */
    async recordClick(click: ReferralClickBody, ip: string) {
      await rateLimiter.hit(referralClickLimit, ip);
      const affiliate = await findAffiliateByCode(db, click.referralCode);
      if (!affiliate) return { recorded: false };
      const recorded = await insertReferralClickOnce(db, {
        affiliateId: affiliate.id,
        ipHash: createHmac('sha256', clickIpKey).update(ip).digest('hex'),
        landingPath: click.landingPath,
      });
      return { recorded };
    },
  };
}

export type AffiliatesService = ReturnType<typeof createAffiliatesService>;
