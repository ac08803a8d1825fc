/*
 * Buyers' statements (GET /v1/account/statements): what they bought and got back in a period, an
 * Australian financial year ("FY2026": 1 July 2025 to 30 June 2026) or a calendar year ("2026").
 */

/** `period` of a statement: FY followed by the year the financial year ends in, or a year. */
export const STATEMENT_PERIOD = /^(FY)?(20\d\d)$/;

export const statementMessages = {
  period: 'Choose a financial year (FY2026) or a calendar year (2026)',
  format: 'Choose csv or pdf',
} as const;

export interface StatementPeriod {
  /** "FY2026" or "2026", as asked for. */
  code: string;
  /** "1 July 2025 to 30 June 2026", "1 January 2026 to 31 December 2026". */
  label: string;
  /** The first day, and the day after the last, as calendar dates (year, month 1-12, day). */
  from: { year: number; month: number; day: number };
  until: { year: number; month: number; day: number };
}

const MONTHS = ['January', 'July'];

/** The period `code` names, or null when it names none. */
export function statementPeriod(code: string): StatementPeriod | null {
  const match = STATEMENT_PERIOD.exec(code);
  if (!match) return null;
  const year = Number(match[2]);
  const financial = match[1] === 'FY';
  const from = financial ? { year: year - 1, month: 7, day: 1 } : { year, month: 1, day: 1 };
  const until = financial ? { year, month: 7, day: 1 } : { year: year + 1, month: 1, day: 1 };
  const label = financial
    ? `1 ${MONTHS[1]} ${year - 1} to 30 June ${year}`
    : `1 ${MONTHS[0]} ${year} to 31 December ${year}`;
  return { code, label, from, until };
}

/**
 * The periods a buyer can choose, newest first: each financial and calendar year from the one
 * `since` falls in to the one `now` falls in.
 */
export function statementPeriods(since: Date, now: Date): StatementPeriod[] {
  const financialYear = (date: Date) => date.getFullYear() + (date.getMonth() >= 6 ? 1 : 0);
  const periods: StatementPeriod[] = [];
  for (let year = financialYear(now); year >= financialYear(since); year -= 1)
    periods.push(statementPeriod(`FY${year}`)!);
  for (let year = now.getFullYear(); year >= since.getFullYear(); year -= 1)
    periods.push(statementPeriod(String(year))!);
  return periods;
}

/** One line of a statement: an order bought, a refund paid, or an order reverted by staff. */
export interface StatementRow {
  /** The calendar date in the statement's time zone, YYYY-MM-DD. */
  date: string;
  kind: 'Purchase' | 'Refund' | 'Reverted';
  reference: string;
  /** What the buyer paid (or got back, negative), in `currency`. */
  amount: string;
  currency: string;
  /** AUD value at the order's price (negative for what came back), 2 decimals. */
  aud: string;
  /** Tokens bought (negative for what a refund or revert took back), 2 decimals. */
  tokens: string;
  /** AUD per token, the order's price. */
  price: string;
  deliveryTx: string | null;
  deliveryDate: string | null;
}
