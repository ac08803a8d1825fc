import { PurchaseStatus, type StatementPeriod, type StatementRow } from '@tmc/shared';
import { fixed, money, plain } from '../../lib/money.ts';
import type { StatementOrder } from './statements.repo.ts';

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
 * The statement of `orders` (as {@link findStatementOrders} reads them) for `period`, which runs
 * [from, until) in `timeZone`: a Purchase
 * line for each order accepted in it, a Reverted line (the same figures, negative) for each
 * reverted in it, and totals that are the sums of the lines.
 */
export function buildStatement(
  period: StatementPeriod,
  timeZone: string,
  { from, until }: { from: Date; until: Date },
  orders: StatementOrder[],
): Statement {
  const within = (at: Date | null): at is Date => !!at && at >= from && at < until;
  const dated: { at: Date; row: StatementRow }[] = [];
  for (const order of orders) {
    const line = {
      reference: order.reference,
      currency: order.userCurrency,
      price: plain(order.tokenPriceAud),
      deliveryTx: null,
      deliveryDate: null,
    };
    const aud = fixed(order.investmentAmount, 2);
    const tokens = fixed(order.tokenAmount, 2);
    if (within(order.acceptedAt))
      dated.push({
        at: order.acceptedAt,
        row: {
          ...line,
          date: dayIn(order.acceptedAt, timeZone),
          kind: 'Purchase',
          amount: plain(order.userAmount),
          aud,
          tokens,
        },
      });
    if (order.status === PurchaseStatus.Reverted && within(order.revertedAt))
      dated.push({
        at: order.revertedAt,
        row: {
          ...line,
          date: dayIn(order.revertedAt, timeZone),
          kind: 'Reverted',
          amount: negated(order.userAmount),
          aud: negated(aud, 2),
          tokens: negated(tokens, 2),
        },
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
