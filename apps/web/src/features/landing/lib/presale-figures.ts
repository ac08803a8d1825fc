import { formatAmount } from '../../../lib/format';

/** "A$1,250" or "A$0.05": Australian dollars with as many decimals as the amount needs. */
export function formatAud(value: string, maxDecimals = 2): string {
  const amount = formatAmount(value, maxDecimals, 0);
  return amount === '-' ? '—' : `A$${amount}`;
}

/** How much of the hard cap is raised, 0 to 100 (display only, so a float is fine). */
export function raisedPercent(raisedAud: string, hardCapAud: string): number {
  const raised = Number(raisedAud);
  const cap = Number(hardCapAud);
  if (!Number.isFinite(raised) || !Number.isFinite(cap) || cap <= 0 || raised <= 0) return 0;
  return Math.min(100, (raised / cap) * 100);
}

/** "37%", or "<1%" for a start that would otherwise read as nothing raised. */
export function formatPercent(percent: number): string {
  if (percent > 0 && percent < 1) return '<1%';
  return `${Math.floor(percent)}%`;
}
