import { z } from 'zod';
import {
  DECIMALS,
  PaymentMode as Mode,
  PurchaseStatus as Status,
  type PaymentMode,
  type Purchase,
  type PurchaseStatus,
} from '@tmc/shared';
import { fixed, plain } from '../../lib/money.ts';
import { purchases } from '../../db/schema/index.ts';

/** The Purchase object of API.md (presale request). */
export const purchaseSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  status: z.number().int(),
  investmentAmount: z.string(),
  tokenAmount: z.string(),
  currency: z.string(),
  userAmount: z.string(),
  userCurrency: z.string(),
  paymentMode: z.number().int(),
  reference: z.string(),
  wallet: z.string().nullable(),
  receiptUrl: z.string().nullable(),
  receiptType: z.string().nullable(),
  documentUrl: z.string().nullable(),
  documentUrlBack: z.string().nullable(),
  documentType: z.string().nullable(),
  billingDoc: z.string().nullable(),
  billingDocType: z.string().nullable(),
  userRemark: z.string().nullable(),
  remark: z.string().nullable(),
  bank: z.object({ bankName: z.string() }).nullable(),
  paidAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  paymentDueAt: z
    .string()
    .nullable()
    .describe('Bank orders: attach the receipt before this, else the order ends (Not Accepted)'),
  stageId: z
    .string()
    .nullable()
    .describe('The presale stage that priced it; null on orders placed before stages'),
  stageName: z.string().nullable(),
  tokenPriceAud: z.string().describe('AUD per token: the price this order keeps'),
  lateReceiptAt: z
    .string()
    .nullable()
    .describe('Bank orders: when a receipt came after the order had ended (a late payment)'),
});

/** Fiat amounts show 2 decimals like AUD; ETH 18 and USDC 6 (API.md). */
const decimalsOf = (currency: string) =>
  (DECIMALS as Record<string, number>)[currency] ?? DECIMALS.AUD;

/** The columns the Purchase object is made of: a list reads only these. */
export const purchaseDtoColumns = {
  id: purchases.id,
  createdAt: purchases.createdAt,
  status: purchases.status,
  investmentAmount: purchases.investmentAmount,
  tokenAmount: purchases.tokenAmount,
  userAmount: purchases.userAmount,
  userCurrency: purchases.userCurrency,
  paymentMode: purchases.paymentMode,
  reference: purchases.reference,
  wallet: purchases.wallet,
  receiptKey: purchases.receiptKey,
  receiptType: purchases.receiptType,
  receiptAt: purchases.receiptAt,
  documentKey: purchases.documentKey,
  documentBackKey: purchases.documentBackKey,
  documentType: purchases.documentType,
  billingDocKey: purchases.billingDocKey,
  billingDocType: purchases.billingDocType,
  userRemark: purchases.userRemark,
  remark: purchases.remark,
  reviewedAt: purchases.reviewedAt,
  paymentDueAt: purchases.paymentDueAt,
  stageId: purchases.stageId,
  stageName: purchases.stageName,
  tokenPriceAud: purchases.tokenPriceAud,
  lateReceiptAt: purchases.lateReceiptAt,
};

type PurchaseRow = typeof purchases.$inferSelect;
export type PurchaseDtoRow = Pick<PurchaseRow, keyof typeof purchaseDtoColumns>;

/**
 * Files are private: each link is a short-lived signed GET URL made for this answer. Most rows of
 * a list have no file, and those make no promise at all.
 */
export async function toPurchaseDto(
  p: PurchaseDtoRow,
  bankName: string | null,
  downloadUrl: (key: string | null) => Promise<string | null>,
): Promise<Purchase> {
  const anyFile = p.receiptKey ?? p.documentKey ?? p.documentBackKey ?? p.billingDocKey;
  const [receiptUrl, documentUrl, documentUrlBack, billingDoc] =
    anyFile === null
      ? [null, null, null, null]
      : await Promise.all([
          downloadUrl(p.receiptKey),
          downloadUrl(p.documentKey),
          downloadUrl(p.documentBackKey),
          downloadUrl(p.billingDocKey),
        ]);
  return {
    _id: p.id,
    createdAt: p.createdAt.toISOString(),
    status: p.status as PurchaseStatus,
    investmentAmount: fixed(p.investmentAmount, DECIMALS.AUD),
    tokenAmount: fixed(p.tokenAmount, DECIMALS.TOKEN),
    currency: 'AUD',
    userAmount: fixed(p.userAmount, decimalsOf(p.userCurrency)),
    userCurrency: p.userCurrency,
    paymentMode: p.paymentMode as PaymentMode,
    reference: p.reference,
    wallet: p.wallet,
    receiptUrl,
    receiptType: p.receiptType,
    documentUrl,
    documentUrlBack,
    documentType: p.documentType,
    billingDoc,
    billingDocType: p.billingDocType,
    userRemark: p.userRemark,
    remark: p.remark,
    bank: bankName === null ? null : { bankName },
    paidAt: paidAt(p)?.toISOString() ?? null,
    reviewedAt: p.reviewedAt?.toISOString() ?? null,
    paymentDueAt: p.paymentMode === Mode.Bank ? (p.paymentDueAt?.toISOString() ?? null) : null,
    stageId: p.stageId,
    stageName: p.stageName,
    tokenPriceAud: plain(p.tokenPriceAud),
    lateReceiptAt: p.lateReceiptAt?.toISOString() ?? null,
  };
}

/** Bank: when the receipt came. Crypto: a verified payment accepts the order at once. */
function paidAt(p: PurchaseDtoRow): Date | null {
  if (p.paymentMode === Mode.Bank) return p.receiptAt;
  const paid = p.status === Status.Accepted || p.status === Status.Reverted;
  return paid ? p.reviewedAt : null;
}
