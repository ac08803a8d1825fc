import { z } from 'zod';
import { formatUnits } from 'viem';
import { DECIMALS, PaymentStatus, type PaymentMode, type Transaction } from '@tmc/shared';
import { transactions } from '../../db/schema/index.ts';
import { fixed } from '../../lib/money.ts';

export type TransactionRow = typeof transactions.$inferSelect;

/** The Transaction object of API.md. */
export const transactionSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  price: z.string(),
  currency: z.string(),
  tokenSymbol: z.string(),
  tokenAmount: z.string(),
  userCurrency: z.string().nullable(),
  userAmount: z.string().nullable(),
  paymentStatus: z.number().int(),
  paymentMode: z.number().int(),
  txnHash: z.string().nullable(),
  walletAddress: z.string().nullable(),
  purchaseId: z.string().nullable(),
  quoteExpiresAt: z.string().nullable(),
  stageId: z
    .string()
    .nullable()
    .describe("Its order's presale stage; null without an order or before stages"),
  stageName: z.string().nullable(),
  received: z
    .string()
    .nullable()
    .describe(
      'Crypto: what the order received so far in tokenSymbol, transfers summed (partially paid), or what was credited once paid; null when nothing arrived',
    ),
  missing: z
    .string()
    .nullable()
    .describe(
      'Crypto: the quote less received when less arrived: while pending, what is still missing by quoteExpiresAt; once paid, the shortfall credited by value',
    ),
});

/** ETH 18, USDC 6, AUD 2 (API.md); other fiat codes are shown like AUD. */
export const decimalsOf = (currency: string): number =>
  (DECIMALS as Record<string, number>)[currency] ?? DECIMALS.AUD;

/** The columns the Transaction object is made of: a list reads only these. */
export const transactionDtoColumns = {
  id: transactions.id,
  createdAt: transactions.createdAt,
  price: transactions.price,
  currency: transactions.currency,
  tokenSymbol: transactions.tokenSymbol,
  tokenAmount: transactions.tokenAmount,
  userCurrency: transactions.userCurrency,
  userAmount: transactions.userAmount,
  paymentStatus: transactions.paymentStatus,
  paymentMode: transactions.paymentMode,
  txnHash: transactions.txnHash,
  walletAddress: transactions.walletAddress,
  purchaseId: transactions.purchaseId,
  quoteExpiresAt: transactions.quoteExpiresAt,
  stageId: transactions.stageId,
  stageName: transactions.stageName,
  quoteBaseUnits: transactions.quoteBaseUnits,
  receivedBaseUnits: transactions.receivedBaseUnits,
  paidBaseUnits: transactions.paidBaseUnits,
};

/**
 * What a crypto order received (its transfers summed while open, the credit once paid) and what
 * of its quote is missing: the one place these figures are made for every answer.
 */
export function receivedFigures(
  t: Pick<
    TransactionRow,
    'tokenSymbol' | 'paymentStatus' | 'quoteBaseUnits' | 'receivedBaseUnits' | 'paidBaseUnits'
  >,
): { received: string | null; missing: string | null } {
  const decimals = (DECIMALS as Record<string, number>)[t.tokenSymbol];
  const units = t.paymentStatus === PaymentStatus.Success ? t.paidBaseUnits : t.receivedBaseUnits;
  if (decimals === undefined || units === null || t.quoteBaseUnits === null)
    return { received: null, missing: null };
  const received = BigInt(units);
  const quote = BigInt(t.quoteBaseUnits);
  return {
    received: formatUnits(received, decimals),
    missing:
      received < quote && t.paymentStatus !== PaymentStatus.Failed
        ? formatUnits(quote - received, decimals)
        : null,
  };
}

export const toTransactionDto = (
  t: Pick<TransactionRow, keyof typeof transactionDtoColumns>,
): Transaction => ({
  _id: t.id,
  createdAt: t.createdAt.toISOString(),
  price: fixed(t.price, decimalsOf(t.currency)),
  currency: t.currency,
  tokenSymbol: t.tokenSymbol,
  tokenAmount: fixed(t.tokenAmount, DECIMALS.TOKEN),
  userCurrency: t.userCurrency,
  userAmount:
    t.userAmount === null || t.userCurrency === null
      ? null
      : fixed(t.userAmount, decimalsOf(t.userCurrency)),
  paymentStatus: t.paymentStatus as PaymentStatus,
  paymentMode: t.paymentMode as PaymentMode,
  txnHash: t.txnHash,
  walletAddress: t.walletAddress,
  purchaseId: t.purchaseId,
  quoteExpiresAt: t.quoteExpiresAt?.toISOString() ?? null,
  stageId: t.stageId,
  stageName: t.stageName,
  ...receivedFigures(t),
});
