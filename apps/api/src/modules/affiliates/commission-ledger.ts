import type { Tx } from '../../db/client.ts';
import type { purchases } from '../../db/schema/index.ts';
import { queueMail } from '../../lib/mailer/mailer.ts';
import { money, type Money } from '../../lib/money.ts';
import { planEarnings } from './earnings-plan.ts';
import { findPayoutDestination, toPayoutDestinationDto } from './payout-destinations.repo.ts';
import {
  findReferralChain,
  insertEarningsOnce,
  lockEarningsOfPurchase,
  lockUnpaidCommissionsOf,
  scaleCommission,
  upsertClawbacks,
  voidEarnings,
} from './earnings.repo.ts';
import { settleUnpaidPayouts } from './payouts.repo.ts';
import { addDestinationUrl } from './payouts.service.ts';

type PurchaseRow = typeof purchases.$inferSelect;
export type AcceptedPurchase = Pick<
  PurchaseRow,
  'id' | 'userId' | 'investmentAmount' | 'paymentMode'
>;

/**
 * The affiliate side of "purchase accepted", run in the acceptance's database transaction: the
 * tier 1 and tier 2 earnings of the sale, and an e-mail to each affiliate that earned (one
 * without a payout destination is told the commission is held, with a link to add one). Safe to
 * run twice: a row that exists already is left alone and not announced again.
 */
export async function recordEarnings(
  tx: Tx,
  purchase: AcceptedPurchase,
  publicUrl: string,
): Promise<void> {
  const chain = await findReferralChain(tx, purchase.userId);
  const planned = planEarnings(chain, purchase.investmentAmount);
  const inserted = await insertEarningsOnce(
    tx,
    planned.map((p) => ({
      affiliateId: p.affiliate.id,
      referredUserId: p.referredUserId,
      purchaseId: purchase.id,
      kind: 'commission' as const,
      tier: p.tier,
      rate: p.rate,
      baseAmount: p.baseAmount,
      investmentAmount: money(purchase.investmentAmount).toFixed(2),
      affiliateEarning: p.affiliateEarning,
      paymentMode: purchase.paymentMode,
    })),
  );
  for (const row of inserted) {
    const earner = planned.find((p) => p.tier === row.tier)!.affiliate;
    const destination = toPayoutDestinationDto(await findPayoutDestination(tx, earner.id));
    await queueMail(tx, earner.email, {
      kind: 'referralPurchase',
      name: earner.name,
      tier: row.tier === 2 ? 2 : 1,
      investmentAmount: money(row.investmentAmount).toFixed(2),
      earning: money(row.affiliateEarning).toFixed(2),
      ...(destination ? {} : { addDestinationUrl: addDestinationUrl(publicUrl) }),
    });
  }
}

type EarningRow = Awaited<ReturnType<typeof lockEarningsOfPurchase>>[number];

/** The unpaid batches `rows` sit in, each once. */
const batchesOf = (rows: { payoutId: string | null }[]) => [
  ...new Set(rows.flatMap((r) => (r.payoutId ? [r.payoutId] : []))),
];

/** A paid commission's clawback of `taken` (AUD): a negative line the next batch takes off. */
const clawbackOf = (r: EarningRow, taken: Money) => ({
  affiliateId: r.affiliateId,
  referredUserId: r.referredUserId,
  purchaseId: r.purchaseId,
  kind: 'clawback' as const,
  tier: r.tier,
  rate: r.rate,
  baseAmount: r.baseAmount,
  investmentAmount: r.investmentAmount,
  affiliateEarning: taken.negated().toFixed(2),
  currency: r.currency,
  paymentMode: r.paymentMode,
});

export interface ReversedEarnings {
  voided: number;
  clawedBack: number;
}

/**
 * The affiliate side of a revert, in the revert's transaction: unpaid commissions become void
 * (and leave an unpaid batch they were in); paid ones get a negative adjustment that the next
 * batch of that tier takes off.
 */
export async function reverseEarnings(tx: Tx, purchaseId: string): Promise<ReversedEarnings> {
  const rows = await lockEarningsOfPurchase(tx, purchaseId);
  const commissions = rows.filter((r) => r.kind === 'commission');
  const unpaid = commissions.filter((r) => r.status === 'pending');
  const paid = commissions.filter((r) => r.status === 'paid');

  await voidEarnings(
    tx,
    unpaid.map((r) => r.id),
  );
  await settleUnpaidPayouts(tx, batchesOf(unpaid));
  const clawbacks = await upsertClawbacks(
    tx,
    paid.map((r) => clawbackOf(r, money(r.affiliateEarning))),
  );
  return { voided: unpaid.length, clawedBack: clawbacks.length };
}

/**
 * The affiliate side of a partial refund, in the refund's transaction: the order is now worth
 * `remaining` of `before` (AUD). Unpaid commissions shrink in proportion (and their batch is
 * summed again); paid ones get a clawback of the part refunded, raised by each later refund.
 */
export async function reduceEarnings(
  tx: Tx,
  purchaseId: string,
  { before, remaining }: { before: string; remaining: string },
) {
  const share = money(remaining).div(money(before));
  const rows = await lockEarningsOfPurchase(tx, purchaseId);
  const commissions = rows.filter((r) => r.kind === 'commission');
  const unpaid = commissions.filter((r) => r.status === 'pending');
  for (const r of unpaid)
    await scaleCommission(tx, r.id, {
      baseAmount: money(r.baseAmount).times(share).toFixed(2),
      investmentAmount: money(remaining).toFixed(2),
      affiliateEarning: money(r.affiliateEarning).times(share).toFixed(2),
    });
  await settleUnpaidPayouts(tx, batchesOf(unpaid));
  const paid = commissions.filter((r) => r.status === 'paid');
  // The part of the order refunded so far, of what was paid on the whole.
  const clawbacks = await upsertClawbacks(
    tx,
    paid.map((r) =>
      clawbackOf(
        r,
        money(r.affiliateEarning).minus(
          money(r.affiliateEarning)
            .times(money(remaining).div(money(r.investmentAmount)))
            .toDecimalPlaces(2),
        ),
      ),
    ),
  );
  return { reduced: unpaid.length, clawedBack: clawbacks.length };
}

/**
 * The ledger side of dismissing an affiliate for breach (terms, section 2 clause 4), in the
 * dismissal's transaction: every commission of theirs not paid yet becomes void and leaves any
 * unpaid batch it was in, whose total is summed again. Paid ones stay paid.
 */
export async function voidUnpaidEarningsOf(tx: Tx, affiliateId: string) {
  const unpaid = await lockUnpaidCommissionsOf(tx, affiliateId);
  await voidEarnings(
    tx,
    unpaid.map((r) => r.id),
  );
  const batchesTouched = batchesOf(unpaid);
  await settleUnpaidPayouts(tx, batchesTouched);
  return { voided: unpaid.length, payoutsTouched: batchesTouched };
}
