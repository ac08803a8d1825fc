import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { formatDateTime, formatMoney, formatTokenPrice, PaymentMode } from '@tmc/shared';

export interface ReceiptFacts {
  reference: string;
  /** Who sells the tokens (SELLER_NAME, SELLER_ADDRESS). */
  seller: { name: string; address: string };
  /** IANA zone the dates are written in, and named after them ("UTC" when the buyer's is unknown). */
  timeZone: string;
  buyerName: string;
  buyerEmail: string;
  createdAt: Date;
  acceptedAt: Date | null;
  paymentMode: number;
  /** AUD, 2 decimals. */
  investmentAud: string;
  userAmount: string;
  userCurrency: string;
  tokenAmount: string;
  tokenSymbol: string;
  tokenPriceAud: string;
  /** The presale stage that priced the order (null on orders placed before stages). */
  stageName: string | null;
  wallet: string | null;
  deliveryStatement: string;
}

// The standard PDF fonts only carry WinAnsi: anything else (a name in another script) prints as
// '?'. Intl writes some spaces as Unicode ones (before "am"/"pm"): those stay spaces.
const printable = (text: string) =>
  text.replace(/[\u2000-\u200a\u202f\u205f]/g, ' ').replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

/** "27 Nov 2026, 09:15 am Australia/Sydney": the zone written out, so the day is never ambiguous. */
const when = (date: Date, timeZone: string) => `${formatDateTime(date, timeZone)} ${timeZone}`;

/** Splits `text` into lines no wider than `width` points. */
function wrap(text: string, width: number, measure: (line: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && measure(next) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** The buyer's receipt of an accepted presale request, one A4 page. */
export async function renderReceiptPdf(facts: ReceiptFacts): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`TMC presale receipt ${facts.reference}`);
  doc.setSubject(`Presale request ${facts.reference}`);
  doc.setCreator('TMC presale');
  doc.setProducer('TMC presale');
  doc.setCreationDate(facts.acceptedAt ?? facts.createdAt);

  const page = doc.addPage([595.28, 841.89]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.07, 0.07, 0.12);
  const muted = rgb(0.35, 0.35, 0.45);
  const left = 56;
  const width = 595.28 - left * 2;
  let y = 780;

  page.drawText('TMC', { x: left, y, size: 30, font: bold, color: rgb(0.35, 0.5, 0) });
  page.drawText('Presale receipt', { x: left + 80, y: y + 6, size: 18, font: bold, color: ink });
  y -= 26;
  page.drawText(printable(facts.seller.name), { x: left, y, size: 11, font: bold, color: ink });
  y -= 14;
  for (const line of wrap(printable(facts.seller.address), width, (text) =>
    regular.widthOfTextAtSize(text, 10),
  )) {
    page.drawText(line, { x: left, y, size: 10, font: regular, color: muted });
    y -= 13;
  }
  y -= 22;

  const rows: [string, string][] = [
    ['Payment reference', facts.reference],
    ['Buyer', `${facts.buyerName} <${facts.buyerEmail}>`],
    ['Requested on', when(facts.createdAt, facts.timeZone)],
    ['Accepted on', facts.acceptedAt ? when(facts.acceptedAt, facts.timeZone) : '-'],
    ['Paid by', facts.paymentMode === PaymentMode.Crypto ? 'Crypto wallet' : 'Bank transfer'],
    ['Amount (AUD)', formatMoney(facts.investmentAud, 'AUD')],
    ...(facts.userCurrency !== 'AUD'
      ? [
          [`Amount (${facts.userCurrency})`, formatMoney(facts.userAmount, facts.userCurrency)] as [
            string,
            string,
          ],
        ]
      : []),
    ['Token price paid', formatTokenPrice(facts.tokenPriceAud)],
    ...(facts.stageName ? [['Presale stage', facts.stageName] as [string, string]] : []),
    ['Tokens allocated', formatMoney(facts.tokenAmount, facts.tokenSymbol)],
    ['Delivery wallet', facts.wallet ?? 'None saved yet: add one in your profile'],
  ];
  for (const [label, value] of rows) {
    page.drawText(label, { x: left, y, size: 11, font: regular, color: muted });
    page.drawText(printable(value), { x: left + 150, y, size: 11, font: bold, color: ink });
    y -= 22;
  }

  y -= 14;
  page.drawText('Delivery', { x: left, y, size: 13, font: bold, color: ink });
  y -= 18;
  const statement = wrap(printable(facts.deliveryStatement), width, (line) =>
    regular.widthOfTextAtSize(line, 10),
  );
  for (const line of statement) {
    page.drawText(line, { x: left, y, size: 10, font: regular, color: ink });
    y -= 14;
  }

  page.drawText(
    'TMC is a meme token, not a financial product. Keep this receipt for your records.',
    { x: left, y: 56, size: 9, font: regular, color: muted },
  );
  return doc.save();
}
