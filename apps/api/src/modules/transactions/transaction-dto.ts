import { z } from 'zod';
import { DECIMALS, type PaymentMode, type PaymentStatus, type Transaction } from '@tmc/shared';
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
};

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
});
