import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatFigure, formatMoney, formatTokenPrice } from '@tmc/shared';
import { csvFile, csvQuote, csvText } from '../../lib/csv.ts';
import { printable } from '../../lib/pdf-text.ts';
import type { Statement } from './statement.ts';

const CSV_HEADER = [
  'date',
  'kind',
  'reference',
  'amount',
  'currency',
  'aud_value',
  'tokens',
  'token_price_aud',
  'delivery_tx',
  'delivery_date',
];

/** The statement as CSV: one line per row, then a Total line whose figures are their sums. */
export function statementCsv(statement: Statement): string {
  const rows = statement.rows.map((r) => [
    csvQuote(r.date),
    csvQuote(r.kind),
    csvText(r.reference),
    csvQuote(r.amount),
    csvText(r.currency),
    csvQuote(r.aud),
    csvQuote(r.tokens),
    csvQuote(r.price),
    csvQuote(r.deliveryTx ?? ''),
    csvQuote(r.deliveryDate ?? ''),
  ]);
  const { totals } = statement;
  const total = ['', 'Total', '', '', '', totals.netAud, totals.tokens, '', '', ''].map(csvQuote);
  return csvFile(CSV_HEADER, [...rows, total]);
}

const A4: [number, number] = [595.28, 841.89];
const LEFT = 40;
const COLUMNS: { title: string; x: number; right?: boolean }[] = [
  { title: 'Date', x: LEFT },
  { title: 'Kind', x: LEFT + 62 },
  { title: 'Reference', x: LEFT + 112 },
  { title: 'Paid', x: LEFT + 270, right: true },
  { title: 'AUD value', x: LEFT + 345, right: true },
  { title: 'Tokens', x: LEFT + 430, right: true },
  { title: 'Price (AUD)', x: LEFT + 515, right: true },
];

/** The statement as a PDF: who, which period, a line per row over as many A4 pages as needed, the totals. */
export async function statementPdf(
  statement: Statement,
  buyer: { name: string; email: string },
  seller: { name: string; address: string },
  tokenSymbol: string,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`TMC statement ${statement.period.code}`);
  doc.setCreator('TMC presale');
  doc.setProducer('TMC presale');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.07, 0.07, 0.12);
  const muted = rgb(0.35, 0.35, 0.45);

  let page: PDFPage = doc.addPage(A4);
  let y = 790;
  const text = (value: string, x: number, size: number, font: PDFFont, right = false) => {
    const shown = printable(value);
    const at = right ? x - font.widthOfTextAtSize(shown, size) : x;
    page.drawText(shown, { x: at, y, size, font, color: font === bold ? ink : muted });
  };
  const header = () => {
    for (const c of COLUMNS) text(c.title, c.x, 8, bold, c.right);
    y -= 14;
  };

  text('TMC statement', LEFT, 18, bold);
  y -= 20;
  text(
    `${statement.period.code}: ${statement.period.label} (${statement.timeZone})`,
    LEFT,
    10,
    bold,
  );
  y -= 14;
  text(`${buyer.name} <${buyer.email}>`, LEFT, 10, regular);
  y -= 14;
  text(`Sold by ${seller.name}, ${seller.address}`, LEFT, 9, regular);
  y -= 24;
  header();
  if (statement.rows.length === 0) {
    text('Nothing was bought or returned in this period.', LEFT, 9, regular);
    y -= 14;
  }
  for (const row of statement.rows) {
    if (y < 90) {
      page = doc.addPage(A4);
      y = 790;
      header();
    }
    const cells = [
      row.date,
      row.kind,
      row.reference,
      formatMoney(row.amount, row.currency),
      formatFigure(row.aud),
      formatFigure(row.tokens),
      formatTokenPrice(row.price).replace(' AUD', ''),
    ];
    cells.forEach((cell, i) => text(cell, COLUMNS[i]!.x, 8, regular, COLUMNS[i]!.right));
    y -= 12;
    if (row.deliveryTx) {
      text(`Delivered ${row.deliveryDate ?? ''} in ${row.deliveryTx}`, COLUMNS[1]!.x, 7, regular);
      y -= 11;
    }
  }
  y -= 10;
  const { totals } = statement;
  for (const [label, value] of [
    ['Paid (AUD)', formatFigure(totals.paidAud)],
    ['Refunded or reverted (AUD)', formatFigure(totals.returnedAud)],
    ['Net (AUD)', formatFigure(totals.netAud)],
    [`Tokens (${tokenSymbol})`, formatFigure(totals.tokens)],
  ] as const) {
    if (y < 60) {
      page = doc.addPage(A4);
      y = 790;
    }
    text(label, COLUMNS[3]!.x - 120, 9, bold);
    text(value, COLUMNS[4]!.x, 9, bold, true);
    y -= 14;
  }
  page.drawText(
    "AUD values are at each order's own price. TMC is a meme token, not a financial product.",
    {
      x: LEFT,
      y: 40,
      size: 8,
      font: regular,
      color: muted,
    },
  );
  return doc.save();
}
