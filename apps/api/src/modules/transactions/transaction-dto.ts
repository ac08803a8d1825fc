import { z } from 'zod';
import { DECIMALS, type PaymentMode, type PaymentStatus, type Transaction } from '@tmc/shared';
import type { transactions } from '../../db/schema/index.ts';
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
});

/** ETH 18, USDC 6, AUD 2 (API.md); other fiat codes are shown like AUD. */
export const decimalsOf = (currency: string): number =>
  (DECIMALS as Record<string, number>)[currency] ?? DECIMALS.AUD;

export const toTransactionDto = (t: TransactionRow): Transaction => ({
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
});
