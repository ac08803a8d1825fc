import {
  destinationText,
  formatFigure,
  PAYOUT_DESTINATION_ANCHOR,
  payoutDestinationMessages,
  type PayoutHeldReason,
} from '@tmc/shared';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { queueMail } from '../../lib/mailer/mailer.ts';
import type { QueuedMailDelivery } from '../../lib/mailer/queued-mail.ts';
import { fixed, money } from '../../lib/money.ts';
import { pageOf, type ListQuery } from '../../lib/list-query.ts';
import { requireSettings } from '../presale/presale.repo.ts';
import { payoutCsv } from './payout-csv.ts';
import { maskedDestination, toPayoutDestinationDto } from './payout-destinations.repo.ts';
import { approvedBy, lastCompletePeriod, type PayoutPeriod } from './payout-period.ts';
import {
  attachDueEarnings,
  dueLines,
  findPayout,
  findPayoutForPeriod,
  insertPayout,
  insertPayoutLines,
  linesOfPayout,
  listPayouts,
  lockPayout,
  lockPayoutRuns,
  markEarningsOfPayoutPaid,
  markPayoutPaid,
  refreshPayoutTotal,
  type PayoutLineRow,
  type PayoutRow,
} from './payouts.repo.ts';

export const payoutMessages = {
  notFound: 'Payout not found',
  nothingDue: 'No approved earnings are due for this period',
  alreadyPaid: 'This payout is already marked paid',
  heldBatch: payoutDestinationMessages.heldBatch,
  noneWithDestination: payoutDestinationMessages.noneWithDestination,
  totalMismatch: payoutDestinationMessages.totalMismatch,
} as const;

/** Where the line is paid: the affiliate's payout destination, null while they have given none. */
const destinationOf = (l: PayoutLineRow) =>
  toPayoutDestinationDto(
    l.destinationKind && l.destinationUpdatedAt
      ? {
          kind: l.destinationKind,
          accountName: l.destinationAccountName,
          bsb: l.destinationBsb,
          accountNumber: l.destinationAccountNumber,
          walletAddress: l.destinationWallet,
          updatedAt: l.destinationUpdatedAt,
        }
      : null,
  );

/**
 * Days a replaced destination waits before a batch pays to it: the affiliate has been e-mailed
 * and has time to say it was not them before any money leaves.
 */
export const DESTINATION_HOLD_DAYS = 3;

interface Hold {
  reason: PayoutHeldReason;
  until: Date | null;
}

/**
 * Why a line may not be paid. Without `at`, a batch line: its copied destination was checked when
 * the batch was made, so only a line without one (older batches) is held.
 */
function holdOf(l: PayoutLineRow, at?: Date): Hold | null {
  if (destinationOf(l) === null) return { reason: 'no-destination', until: null };
  // A first destination is no change: only a replaced one waits.
  if (!at || !l.destinationUpdatedAt || !l.destinationCreatedAt) return null;
  if (l.destinationUpdatedAt.getTime() <= l.destinationCreatedAt.getTime()) return null;
  const until = new Date(l.destinationUpdatedAt.getTime() + DESTINATION_HOLD_DAYS * 86_400_000);
  return until > at ? { reason: 'destination-changed', until } : null;
}

/** A held line is never in a batch to pay, never marked paid. */
const isHeld = (l: PayoutLineRow, at?: Date) => holdOf(l, at) !== null;

export const toPayoutLineDto = (l: PayoutLineRow, at?: Date) => ({
  affiliate: { _id: l.affiliateId, name: l.name, email: l.email, walletAddress: l.walletAddress },
  destination: destinationOf(l),
  held: isHeld(l, at),
  heldReason: holdOf(l, at)?.reason ?? null,
  heldUntil: holdOf(l, at)?.until?.toISOString() ?? null,
  earnings: fixed(l.earnings, 2),
  adjustments: fixed(l.adjustments, 2),
  amount: fixed(l.amount, 2),
  earningsCount: l.earningsCount,
});

export const toPayoutDto = (p: PayoutRow, affiliates: number) => ({
  _id: p.id,
  tier: p.tier === 2 ? (2 as const) : (1 as const),
  periodStart: p.periodStart.toISOString(),
  periodEnd: p.periodEnd.toISOString(),
  total: fixed(p.total, 2),
  currency: 'AUD' as const,
  status: p.status,
  reference: p.reference,
  affiliates,
  createdAt: p.createdAt.toISOString(),
  paidAt: p.paidAt?.toISOString() ?? null,
});

export type PayoutDto = ReturnType<typeof toPayoutDto>;

/** Only affiliates owed something are paid; an adjustment bigger than the earnings waits for later earnings. */
const isPayable = (l: PayoutLineRow) => money(l.amount).greaterThan(0);

const sumOf = (lines: PayoutLineRow[]) =>
  lines.reduce((total, l) => total.plus(l.amount), money(0));

interface PayoutsDeps {
  db: Db;
  mail: QueuedMailDelivery;
  /** The site's address, for the link to the payout destination form in a held line's e-mail. */
  publicUrl: string;
  now?: () => Date;
}

/** The affiliate's payout destination form, as e-mails link it. */
export const addDestinationUrl = (publicUrl: string) =>
  `${publicUrl}/affiliates#${PAYOUT_DESTINATION_ANCHOR}`;

export function createPayoutsService({ db, mail, publicUrl, now = () => new Date() }: PayoutsDeps) {
  async function holdDays() {
    const settings = await requireSettings(db);
    return settings.holdDays;
  }

  async function detail(payout: PayoutRow) {
    const lines = await linesOfPayout(db, payout.id);
    return {
      ...toPayoutDto(payout, lines.length),
      lines: lines.map((l) => toPayoutLineDto(l)),
    };
  }

  const periodDto = (tier: 1 | 2, period: PayoutPeriod, hold: number) => ({
    tier,
    periodStart: period.start.toISOString(),
    periodEnd: period.end.toISOString(),
    approvedBy: approvedBy(period.end, hold).toISOString(),
    holdDays: hold,
  });

  return {
    /**
     * The batch due for a tier: per affiliate, commissions approved by the end of the last
     * complete period, less adjustments. Affiliates whose adjustments outweigh their earnings are
     * listed apart; they carry forward.
     */
    async preview(tier: 1 | 2) {
      const hold = await holdDays();
      const period = lastCompletePeriod(tier, now());
      const [lines, existing] = await Promise.all([
        dueLines(db, tier, approvedBy(period.end, hold)),
        findPayoutForPeriod(db, tier, period.end),
      ]);
      const at = now();
      const owed = lines.filter(isPayable);
      const payable = owed.filter((l) => !isHeld(l, at));
      const asLine = (l: PayoutLineRow) => toPayoutLineDto(l, at);
      return {
        ...periodDto(tier, period, hold),
        existingPayout: existing ? await detail(existing) : null,
        lines: payable.map(asLine),
        held: owed.filter((l) => isHeld(l, at)).map(asLine),
        carriedForward: lines.filter((l) => !isPayable(l)).map(asLine),
        total: fixed(sumOf(payable), 2),
        currency: 'AUD' as const,
      };
    },

    /** Creates the batch of the last complete period; for a period that has one already, answers it. */
    async create(actorId: string, tier: 1 | 2) {
      const hold = await holdDays();
      const period = lastCompletePeriod(tier, now());
      const cutoff = approvedBy(period.end, hold);
      const outcome = await db.transaction(async (tx) => {
        await lockPayoutRuns(tx, tier);
        const existing = await findPayoutForPeriod(tx, tier, period.end);
        if (existing) return { payout: existing, created: false };
        const owed = (await dueLines(tx, tier, cutoff)).filter(isPayable);
        if (owed.length === 0) throw badRequest(payoutMessages.nothingDue);
        // Held lines stay out of the batch; they join a later one once a destination is given
        // or a changed one has waited its days.
        const at = now();
        const payable = owed.filter((l) => !isHeld(l, at));
        if (payable.length === 0) throw badRequest(payoutMessages.noneWithDestination);
        const inserted = await insertPayout(tx, {
          tier,
          periodStart: period.start,
          periodEnd: period.end,
          total: fixed(sumOf(payable), 2),
          createdBy: actorId,
        });
        await attachDueEarnings(tx, inserted.id, {
          tier,
          approvedBy: cutoff,
          affiliateIds: payable.map((l) => l.affiliateId),
        });
        await insertPayoutLines(tx, inserted.id, payable);
        const payout = await refreshPayoutTotal(tx, inserted.id);
        // A held affiliate learns it now, not by chasing support after payday.
        for (const line of owed) {
          const held = holdOf(line, at);
          if (!held) continue;
          await queueMail(tx, line.email, {
            kind: 'payoutHeld',
            name: line.name,
            tier,
            amount: fixed(line.amount, 2),
            ...(held.reason === 'no-destination'
              ? { addDestinationUrl: addDestinationUrl(publicUrl) }
              : { heldUntil: held.until?.toISOString() }),
          });
        }
        await recordAudit(tx, {
          actorId,
          action: 'payout.create',
          entity: 'payout',
          entityId: payout.id,
          after: {
            ...toPayoutDto(payout, payable.length),
            approvedBy: cutoff,
            lines: payable.map((l) => toPayoutLineDto(l)),
          },
        });
        return { payout, created: true };
      });
      if (outcome.created) mail.deliverSoon();
      return { payout: await detail(outcome.payout), created: outcome.created };
    },

    /**
     * Records the bank or chain reference of the transfer; its earnings become paid and each
     * affiliate is told. `expectedTotal` is what staff transferred: a batch whose total moved
     * since (a revert took a line out) is refused, so staff never confirm a file they did not send.
     */
    async markPaid(actorId: string, payoutId: string, reference: string, expectedTotal: string) {
      const payout = await db.transaction(async (tx) => {
        const before = await lockPayout(tx, payoutId);
        if (!before) throw notFound(payoutMessages.notFound);
        if (before.status === 'paid') throw badRequest(payoutMessages.alreadyPaid);
        if ((await linesOfPayout(tx, payoutId)).some((l) => isHeld(l)))
          throw badRequest(payoutMessages.heldBatch);
        if (!money(expectedTotal).equals(money(before.total))) {
          const message = payoutMessages.totalMismatch(formatFigure(fixed(before.total, 2)));
          throw badRequest(message, { expectedTotal: message });
        }
        const paid = (await markPayoutPaid(tx, payoutId, reference))!;
        await markEarningsOfPayoutPaid(tx, payoutId);
        const lines = await linesOfPayout(tx, payoutId);
        for (const line of lines) {
          await queueMail(tx, line.email, {
            kind: 'payoutPaid',
            name: line.name,
            tier: paid.tier === 2 ? 2 : 1,
            amount: fixed(line.amount, 2),
            reference,
            ...(destinationOf(line)
              ? { destination: maskedDestination(destinationOf(line)!) }
              : {}),
          });
        }
        await recordAudit(tx, {
          actorId,
          action: 'payout.paid',
          entity: 'payout',
          entityId: payoutId,
          before: toPayoutDto(before, lines.length),
          after: { ...toPayoutDto(paid, lines.length), expectedTotal },
        });
        return paid;
      });
      mail.deliverSoon();
      return detail(payout);
    },

    async list(q: ListQuery<unknown> & { tier?: 1 | 2; status?: 'created' | 'paid' }) {
      const { rows, total } = await listPayouts(db, {
        offset: q.offset,
        limit: q.limit,
        tier: q.tier,
        status: q.status,
      });
      return pageOf(
        rows.map((r) => toPayoutDto(r.payout, r.affiliates)),
        total,
        q,
      );
    },

    async get(payoutId: string) {
      const payout = await findPayout(db, payoutId);
      if (!payout) throw notFound(payoutMessages.notFound);
      return detail(payout);
    },

    /** The transfer file: affiliate, e-mail, wallet, amount AUD. */
    async csv(payoutId: string) {
      const payout = await findPayout(db, payoutId);
      if (!payout) throw notFound(payoutMessages.notFound);
      const lines = await linesOfPayout(db, payoutId);
      const day = payout.periodEnd.toISOString().slice(0, 10);
      return {
        fileName: `tmc-payout-tier${payout.tier}-${day}.csv`,
        body: payoutCsv(
          lines.map((l) => ({
            ...l,
            destination: destinationText(destinationOf(l)),
            amount: fixed(l.amount, 2),
          })),
        ),
      };
    },
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;
