import { csvFile, csvQuote, csvText } from '../../lib/csv.ts';

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

export function payoutCsv(lines: PayoutCsvLine[]): string {
  return csvFile(
    ['affiliate', 'email', 'wallet', 'payout_destination', 'amount_aud'],
    lines.map((l) => [
      csvText(l.name),
      csvText(l.email),
      csvText(l.walletAddress ?? ''),
      csvText(l.destination),
      csvQuote(l.amount),
    ]),
  );
}
