import { PurchaseStatus, type StatementPeriod, type StatementRow } from '@tmc/shared';
import { fixed, money, plain } from '../../lib/money.ts';
import type { StatementOrder, StatementRefund } from './statements.repo.ts';

/** A statement: its lines in date order and their totals. */
export interface Statement {
  period: StatementPeriod;
  timeZone: string;
  rows: StatementRow[];
  /** Sums of the rows' `aud` and `tokens`: what was paid, what came back, and what is left. */
  totals: { paidAud: string; returnedAud: string; netAud: string; tokens: string };
}

/** The instant a calendar day starts in `timeZone`. */
export function startOfDay(day: StatementPeriod['from'], timeZone: string): Date {
  const asUtc = Date.UTC(day.year, day.month - 1, day.day);
  // The zone's offset at a moment: its wall clock read as UTC, less the moment. Twice, as the
  // offset at the guess may differ from the offset at the answer across a daylight-saving change.
  const offset = (at: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      })
        .formatToParts(new Date(at))
        .map((p) => [p.type, Number(p.value)]),
    );
    const wall = Date.UTC(
      parts.year!,
      parts.month! - 1,
      parts.day,
      parts.hour,
      parts.minute,
      parts.second,
    );
    return wall - at;
  };
  const first = asUtc - offset(asUtc);
  return new Date(asUtc - offset(first));
}

/** YYYY-MM-DD of `date` in `timeZone`. */
const dayIn = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);

const negated = (value: string, places?: number) =>
  places === undefined ? plain(money(value).negated()) : fixed(money(value).negated(), places);

/**
 * What an order was sold for: partial refunds took their share off its figures; a full refund
 * (or a revert) left them as they were and took all that was left.
 */
function firstFigures(order: StatementOrder) {
  const reductions = order.refunds.filter((r) => r.tokensReduced !== null);
  const taken = (pick: (r: StatementRefund) => string | null) =>
    reductions.reduce((sum, r) => sum.plus(pick(r) ?? 0), money(0));
  const viaRefund = order.status === PurchaseStatus.Reverted && reductions.length > 0;
  const base = viaRefund ? money(0) : null;
  return {
    aud: fixed((base ?? money(order.investmentAmount)).plus(taken((r) => r.audReduced)), 2),
    tokens: fixed((base ?? money(order.tokenAmount)).plus(taken((r) => r.tokensReduced)), 2),
  };
}

/**
 * The statement of `orders` (as {@link findStatementOrders} reads them) for `period`, which runs
 * [from, until) in `timeZone`: a Purchase line for each order accepted in it (at the figures it was
 * sold for), a Refund line (negative: the money in its coin, the AUD value and tokens it took off)
 * for each refund paid in it, a Reverted line for an order reverted in it without a refund, and
 * totals that are the sums of the lines. A refund approved but not paid yet is not a line.
 */
export function buildStatement(
  period: StatementPeriod,
  timeZone: string,
  { from, until }: { from: Date; until: Date },
  orders: StatementOrder[],
): Statement {
  const within = (at: Date | null): at is Date => !!at && at >= from && at < until;
  const dated: { at: Date; row: StatementRow }[] = [];
  const add = (at: Date, row: Omit<StatementRow, 'date'>) =>
    dated.push({ at, row: { date: dayIn(at, timeZone), ...row } });
  for (const order of orders) {
    const line = {
      reference: order.reference,
      price: plain(order.tokenPriceAud),
      deliveryTx: null,
      deliveryDate: null,
    };
    // The sale's line says where its tokens went (a claim may come in a later period).
    const delivered = order.delivery
      ? { deliveryTx: order.delivery.tx, deliveryDate: dayIn(order.delivery.at, timeZone) }
      : {};
    const sold = firstFigures(order);
    if (within(order.acceptedAt))
      add(order.acceptedAt, {
        ...line,
        ...delivered,
        kind: 'Purchase',
        amount: plain(order.userAmount),
        currency: order.userCurrency,
        ...sold,
      });
    for (const refund of order.refunds)
      if (refund.state === 'paid' && within(refund.paidAt))
        add(refund.paidAt, {
          ...line,
          kind: 'Refund',
          amount: negated(refund.amount),
          currency: refund.coin,
          aud: negated(refund.audReduced ?? '0', 2),
          tokens: negated(refund.tokensReduced ?? '0', 2),
        });
    const revertedWithoutRefund =
      order.status === PurchaseStatus.Reverted && !order.refunds.some((r) => r.tokensReduced);
    if (revertedWithoutRefund && within(order.revertedAt))
      add(order.revertedAt, {
        ...line,
        kind: 'Reverted',
        amount: negated(order.userAmount),
        currency: order.userCurrency,
        aud: negated(sold.aud, 2),
        tokens: negated(sold.tokens, 2),
      });
  }
  const rows = dated.sort((a, b) => a.at.getTime() - b.at.getTime()).map((d) => d.row);
  const sum = (values: string[]) => values.reduce((total, v) => total.plus(v), money(0));
  const paid = sum(rows.filter((r) => r.kind === 'Purchase').map((r) => r.aud));
  const returned = sum(rows.filter((r) => r.kind !== 'Purchase').map((r) => r.aud)).negated();
  return {
    period,
    timeZone,
    rows,
    totals: {
      paidAud: fixed(paid, 2),
      returnedAud: fixed(returned, 2),
      netAud: fixed(paid.minus(returned), 2),
      tokens: fixed(sum(rows.map((r) => r.tokens)), 2),
    },
  };
}
