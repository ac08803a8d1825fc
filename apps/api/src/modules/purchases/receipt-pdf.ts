import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import {
  formatDateTime,
  formatMoney,
  formatTokenPrice,
  PaymentMode,
  type OrderDelivery,
} from '@tmc/shared';
import { printable, wrap } from '../../lib/pdf-text.ts';

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
  /** Where this order's tokens are (null: delivery has not started). */
  delivery: OrderDelivery | null;
  /** The buyer's Delivery page, where published tokens are claimed. */
  deliveryUrl: string;
  /** Refunds of the order not declined: the figures above are what is left after them. */
  refunds?: { createdAt: Date; paidAt: Date | null; state: string; amount: string; coin: string }[];
}

/** The receipt's line on the order's tokens, once they are published or delivered. */
export function deliveredLine(facts: ReceiptFacts): string | null {
  const { delivery } = facts;
  const amount = `${facts.tokenAmount} ${facts.tokenSymbol}`;
  const epoch = delivery?.epoch == null ? '' : ` (epoch ${delivery.epoch})`;
  if (delivery?.state === 'claimed' && delivery.claimedTx && delivery.claimedAt)
    return `Delivered: ${amount} claimed on ${when(new Date(delivery.claimedAt), facts.timeZone)} in transaction ${delivery.claimedTx}${epoch}.`;
  if (delivery?.state === 'published')
    return `Ready to claim${delivery.publishedAt ? ` since ${when(new Date(delivery.publishedAt), facts.timeZone)}` : ''}${epoch}: claim your ${amount} at ${facts.deliveryUrl}.`;
  return null;
}

/** "27 Nov 2026, 09:15 am Australia/Sydney": the zone written out, so the day is never ambiguous. */
const when = (date: Date, timeZone: string) => `${formatDateTime(date, timeZone)} ${timeZone}`;

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
    ...(facts.refunds ?? []).map((r): [string, string] => [
      r.state === 'paid' ? 'Refunded' : `Refund (${r.state})`,
      `${formatMoney(r.amount, r.coin)}, ${when(r.paidAt ?? r.createdAt, facts.timeZone)}`,
    ]),
  ];
  for (const [label, value] of rows) {
    page.drawText(label, { x: left, y, size: 11, font: regular, color: muted });
    page.drawText(printable(value), { x: left + 150, y, size: 11, font: bold, color: ink });
    y -= 22;
  }

  y -= 14;
  page.drawText('Delivery', { x: left, y, size: 13, font: bold, color: ink });
  y -= 18;
  const delivered = deliveredLine(facts);
  const statement = wrap(
    printable(delivered ? `${delivered} ${facts.deliveryStatement}` : facts.deliveryStatement),
    width,
    (line) => regular.widthOfTextAtSize(line, 10),
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
