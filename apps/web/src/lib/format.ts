export {
  formatAmount,
  formatDate,
  formatDateTime,
  formatMoney,
  formatTokenPrice,
  toFixedDecimal,
} from '@tmc/shared';

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
