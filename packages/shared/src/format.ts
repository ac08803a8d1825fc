/* Display of decimal strings, the same in the browser and in the server's e-mails. */

function groupThousands(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * Rounds a decimal string half up to `decimals` places, on the digits themselves (no float,
 * no big-number library: this runs on the first page load). Null for text that is not a
 * plain decimal. Arithmetic on amounts belongs in decimal.js.
 */
function roundDecimal(
  value: string | number,
  decimals: number,
): { negative: boolean; integer: string; fraction: string } | null {
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(20) : '') : value.trim();
  const match = DECIMAL.exec(text);
  if (!match || (!match[2] && !match[3])) return null;
  const negative = match[1] === '-';
  const digits = `${match[2] || '0'}${(match[3] ?? '').padEnd(decimals + 1, '0')}`;
  const integerLength = (match[2] || '0').length;
  const kept = digits.slice(0, integerLength + decimals);
  const roundUp = Number(digits.charAt(integerLength + decimals)) >= 5;
  let result = kept.split('');
  if (roundUp) {
    let i = result.length - 1;
    while (i >= 0 && result[i] === '9') {
      result[i] = '0';
      i -= 1;
    }
    if (i >= 0) result[i] = String(Number(result[i]) + 1);
    else result = ['1', ...result];
  }
  const joined = result.join('');
  const split = joined.length - decimals;
  const integer = joined.slice(0, split).replace(/^0+(?=\d)/, '') || '0';
  return { negative, integer, fraction: joined.slice(split) };
}

/**
 * Formats a decimal string with grouping, rounding half up to `maxDecimals` and trimming
 * trailing zeros down to `minDecimals`. '-' for text that is not a number.
 */
export function formatAmount(value: string | number, maxDecimals = 2, minDecimals = 0): string {
  const rounded = roundDecimal(value, maxDecimals);
  if (!rounded) return '-';
  let fraction = rounded.fraction.replace(/0+$/, '');
  if (fraction.length < minDecimals) fraction = rounded.fraction.slice(0, minDecimals);
  const isZero = !/[1-9]/.test(rounded.integer + rounded.fraction);
  const sign = rounded.negative && !isZero ? '-' : '';
  return `${sign}${groupThousands(rounded.integer)}${fraction ? `.${fraction}` : ''}`;
}

/** Fixed decimals without grouping, e.g. the spec's converted amount at 4 decimals. */
export function toFixedDecimal(value: string | number, decimals: number): string {
  const rounded = roundDecimal(value, decimals);
  if (!rounded) return '';
  const isZero = !/[1-9]/.test(rounded.integer + rounded.fraction);
  const sign = rounded.negative && !isZero ? '-' : '';
  return `${sign}${rounded.integer}${decimals > 0 ? `.${rounded.fraction}` : ''}`;
}

/** An order figure (AUD or tokens) as screens and e-mails show it: grouped, 2 decimals, "8,333.50". */
export const formatFigure = (value: string | number) => formatAmount(value, 2, 2);

/** Display decimals per currency; fiat codes and the token (2, its order figure) not listed use 2. */
const displayDecimals: Record<string, { min: number; max: number }> = {
  // ETH quotes have 8 decimals (exact-quote.ts): never shown rounded.
  ETH: { min: 0, max: 8 },
  USDC: { min: 2, max: 6 },
};

/** "1,250.00 AUD", "0.053 ETH", "12.50 USDC": amounts as the site, its e-mails and receipts show them. */
export function formatMoney(value: string | number | null | undefined, currency: string): string {
  if (value === null || value === undefined || value === '') return '-';
  const rule = displayDecimals[currency.toUpperCase()] ?? { min: 2, max: 2 };
  return `${formatAmount(value, rule.max, rule.min)} ${currency}`;
}

/** The token price, finer than a cent: "0.02 AUD", "0.0025 AUD". */
export const formatTokenPrice = (value: string | number) => `${formatAmount(value, 6)} AUD`;

/** True for a time zone the platform knows by its IANA name ("Australia/Sydney", "UTC"). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// Made on first use, one per zone: a page that shows no date does not pay for the locale's data.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const day = { day: '2-digit', month: 'short', year: 'numeric' } as const;
const time = { hour: '2-digit', minute: '2-digit' } as const;

function dateFormat(withTime: boolean, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${withTime ? 'time' : 'day'} ${timeZone ?? ''}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-AU', { ...day, ...(withTime ? time : {}), timeZone });
    dateFormats.set(key, format);
  }
  return format;
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * "05 Mar 2025" (Created On, Requested On, Received On), in `timeZone` (default: the
 * device's). '-' for a missing or bad date.
 */
export function formatDate(value: string | Date | null | undefined, timeZone?: string): string {
  const date = toDate(value);
  return date ? dateFormat(false, timeZone).format(date) : '-';
}

/** "05 Mar 2025, 02:30 pm", in `timeZone` (default: the device's). */
export function formatDateTime(value: string | Date | null | undefined, timeZone?: string): string {
  const date = toDate(value);
  return date ? dateFormat(true, timeZone).format(date) : '-';
}
