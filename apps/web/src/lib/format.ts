import { formatDateTime } from '@tmc/shared';

export {
  formatAmount,
  formatDate,
  formatDateTime,
  formatMoney,
  formatTokenPrice,
  toFixedDecimal,
} from '@tmc/shared';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A deadline the buyer also reads in an e-mail, which states it in UTC: "01 Dec 2026, 03:35 am
 * your time (30 Nov 2026, 16:35 UTC)", or only the UTC form for a viewer whose clock is on UTC.
 * `timeZone`: the viewer's (tests); the browser's own without it.
 */
export function formatDeadline(value: string | Date | null | undefined, timeZone?: string): string {
  const date = value ? toDate(value) : null;
  if (!date) return '-';
  const pad = (n: number) => String(n).padStart(2, '0');
  const utc = `${pad(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
  const local = formatDateTime(date, timeZone);
  return local === formatDateTime(date, 'UTC') ? utc : `${local} your time (${utc})`;
}

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const UTC_PARTS = { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' } as const;
let utcDayFormat: Intl.DateTimeFormat | undefined;
let localMomentFormat: Intl.DateTimeFormat | undefined;

/** "Mon 30 Nov", with the year when it is not this year: the day as it is in UTC. */
export function formatUtcDay(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  if (!date) return '-';
  const withYear = date.getUTCFullYear() !== new Date().getUTCFullYear();
  utcDayFormat ??= new Intl.DateTimeFormat('en-AU', { ...UTC_PARTS, year: 'numeric' });
  const parts = Object.fromEntries(
    utcDayFormat.formatToParts(date).map((part) => [part.type, part.value]),
  );
  return [parts.weekday, parts.day, parts.month, withYear ? parts.year : null]
    .filter(Boolean)
    .join(' ');
}

/**
 * "Mon 30 Nov, 00:00 UTC": payout periods start and end at midnight UTC whatever the viewer's
 * zone, so a cut-off is shown in UTC (a local date would put it on the wrong day west of UTC).
 */
export function formatUtcCutoff(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  if (!date) return '-';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatUtcDay(date)}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

/** "Sun 29 Nov, 07:00 pm your time", or null when the viewer's clock is on UTC anyway. */
export function formatLocalEquivalent(value: string | Date | null | undefined): string | null {
  const date = value ? toDate(value) : null;
  if (!date || date.getTimezoneOffset() === 0) return null;
  localMomentFormat ??= new Intl.DateTimeFormat('en-AU', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  const parts = Object.fromEntries(
    localMomentFormat.formatToParts(date).map((part) => [part.type, part.value]),
  );
  const time = `${parts.hour}:${parts.minute}${parts.dayPeriod ? ` ${parts.dayPeriod}` : ''}`;
  return `${parts.weekday} ${parts.day} ${parts.month}, ${time} your time`;
}

/** "Mon 23 Nov – Mon 30 Nov, 00:00 UTC": a payout period, from its start up to its cut-off. */
export function formatPayoutPeriod(
  start: string | Date | null | undefined,
  end: string | Date | null | undefined,
): string {
  return `${formatUtcDay(start)} – ${formatUtcCutoff(end)}`;
}

let countFormat: Intl.NumberFormat | undefined;

/**
 * "1,234"; "10,000+" when the server counted only up to that many (a staff search past its cap
 * answers `totalIsEstimate: true`), so the figure never looks exact when it is not.
 */
export function formatCount(total: number, estimate = false): string {
  countFormat ??= new Intl.NumberFormat('en-AU');
  return `${countFormat.format(total)}${estimate ? '+' : ''}`;
}

/** First 6 and last 4 characters: "0x12ab…9f3c". '-' when absent. */
export function shortHash(hash: string | null | undefined): string {
  if (!hash) return '-';
  if (hash.length <= 10) return hash;
  return `${hash.slice(0, 6)}…${hash.slice(-4)}`;
}

/** The first letter of a name for the avatar circle. */
export function initialOf(name: string | null | undefined): string {
  const letter = name?.trim().charAt(0);
  return letter ? letter.toUpperCase() : '?';
}
