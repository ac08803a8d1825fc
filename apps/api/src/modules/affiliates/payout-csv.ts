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
 * A character a spreadsheet reads as the start of a formula, at the start of the text or after
 * anything a spreadsheet may split on (comma, semicolon, tab, pipe, line break): "Bob;=1+2" is
 * two cells in a spreadsheet that splits on ";", the second a formula.
 */
const FORMULA_AFTER_DELIMITER = /(^|[,;\t|\r\n])(\s*)([=+\-@])/g;

/** Every field quoted (RFC 4180), and formulas defused with an apostrophe wherever they start. */
export function csvText(value: string): string {
  const defused = value.replace(FORMULA_AFTER_DELIMITER, "$1$2'$3");
  return csvQuote(/^[\t\r]/.test(defused) ? `'${defused}` : defused);
}

const csvQuote = (value: string) => `"${value.replace(/"/g, '""')}"`;

export function payoutCsv(lines: PayoutCsvLine[]): string {
  const header = ['affiliate', 'email', 'wallet', 'payout_destination', 'amount_aud']
    .map(csvQuote)
    .join(',');
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
