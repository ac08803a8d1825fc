/**
 * A character a spreadsheet reads as the start of a formula, at the start of the text or after
 * anything a spreadsheet may split on (comma, semicolon, tab, pipe, line break): "Bob;=1+2" is
 * two cells in a spreadsheet that splits on ";", the second a formula.
 */
const FORMULA_AFTER_DELIMITER = /(^|[,;\t|\r\n])(\s*)([=+\-@])/g;

/** A field quoted as RFC 4180 writes it, for text the site wrote itself (headers, amounts). */
export const csvQuote = (value: string) => `"${value.replace(/"/g, '""')}"`;

/** Every field quoted (RFC 4180), and formulas defused with an apostrophe wherever they start. */
export function csvText(value: string): string {
  const defused = value.replace(FORMULA_AFTER_DELIMITER, "$1$2'$3");
  return csvQuote(/^[\t\r]/.test(defused) ? `'${defused}` : defused);
}

/** A whole file: the header, then one line per row, CRLF line ends. */
export const csvFile = (header: string[], rows: string[][]) =>
  [header.map(csvQuote), ...rows].map((cells) => cells.join(',')).join('\r\n') + '\r\n';
