/** One affiliate's line of a payout file. */
export interface PayoutCsvLine {
  name: string;
  email: string;
  walletAddress: string | null;
  /** Where to pay, as {@link destinationText} writes it. */
  destination: string;
  /** AUD, 2 places. */
  amount: string;
}

/**
 * RFC 4180 quoting, and a leading apostrophe on text a spreadsheet would run as a formula
 * (a name like "=HYPERLINK(…)" is data, not a command).
 */
export function csvText(value: string): string {
  return csvQuote(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
}

const csvQuote = (value: string) =>
  /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

export function payoutCsv(lines: PayoutCsvLine[]): string {
  const header = 'affiliate,email,wallet,payout_destination,amount_aud';
  const rows = lines.map((l) =>
    [
      csvText(l.name),
      csvText(l.email),
      csvText(l.walletAddress ?? ''),
      csvText(l.destination),
      csvQuote(l.amount),
    ].join(','),
  );
  return [header, ...rows].join('\r\n') + '\r\n';
}
