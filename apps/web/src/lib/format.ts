const dateFormat = new Intl.DateTimeFormat('en-AU', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-AU', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "05 Mar 2025" (Created On, Requested On, Received On). '-' for a missing or bad date. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  return date ? dateFormat.format(date) : '-';
}

/** "05 Mar 2025, 02:30 pm". */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  return date ? dateTimeFormat.format(date) : '-';
}

/** Display decimals per currency; fiat codes not listed use 2. */
const displayDecimals: Record<string, { min: number; max: number }> = {
  ETH: { min: 0, max: 6 },
  USDC: { min: 2, max: 6 },
  TMC: { min: 0, max: 2 },
};

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

/** "1,250.00 AUD", "0.053 ETH", "12.50 USDC". */
export function formatMoney(value: string | number | null | undefined, currency: string): string {
  if (value === null || value === undefined || value === '') return '-';
  const rule = displayDecimals[currency.toUpperCase()] ?? { min: 2, max: 2 };
  return `${formatAmount(value, rule.max, rule.min)} ${currency}`;
}

/** Fixed decimals without grouping, e.g. the spec's converted amount at 4 decimals. */
export function toFixedDecimal(value: string | number, decimals: number): string {
  const rounded = roundDecimal(value, decimals);
  if (!rounded) return '';
  const isZero = !/[1-9]/.test(rounded.integer + rounded.fraction);
  const sign = rounded.negative && !isZero ? '-' : '';
  return `${sign}${rounded.integer}${decimals > 0 ? `.${rounded.fraction}` : ''}`;
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
