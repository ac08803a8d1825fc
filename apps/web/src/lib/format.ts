import { formatAmount } from '@tmc/shared';

export { formatAmount, toFixedDecimal } from '@tmc/shared';

// Made on first use: a page that shows no date does not pay for loading the locale's data.
let dateFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;
const day = { day: '2-digit', month: 'short', year: 'numeric' } as const;

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "05 Mar 2025" (Created On, Requested On, Received On). '-' for a missing or bad date. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  if (!date) return '-';
  dateFormat ??= new Intl.DateTimeFormat('en-AU', day);
  return dateFormat.format(date);
}

/** "05 Mar 2025, 02:30 pm". */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  if (!date) return '-';
  dateTimeFormat ??= new Intl.DateTimeFormat('en-AU', {
    ...day,
    hour: '2-digit',
    minute: '2-digit',
  });
  return dateTimeFormat.format(date);
}

/** Display decimals per currency; fiat codes and the token (2, its order figure) not listed use 2. */
const displayDecimals: Record<string, { min: number; max: number }> = {
  ETH: { min: 0, max: 6 },
  USDC: { min: 2, max: 6 },
};

/** "1,250.00 AUD", "0.053 ETH", "12.50 USDC". */
export function formatMoney(value: string | number | null | undefined, currency: string): string {
  if (value === null || value === undefined || value === '') return '-';
  const rule = displayDecimals[currency.toUpperCase()] ?? { min: 2, max: 2 };
  return `${formatAmount(value, rule.max, rule.min)} ${currency}`;
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
