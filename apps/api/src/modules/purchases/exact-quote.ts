import { randomInt } from 'node:crypto';
import { formatUnits } from 'viem';
import { cryptoPurchaseMessages, DECIMALS, type CryptoCurrency } from '@tmc/shared';
import type { Tx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { isUniqueViolation } from '../account/users.repo.ts';
import { insertTransaction } from '../transactions/transactions.repo.ts';

const TAG_DIGITS_MAX = 999_999n;
const QUOTE_ATTEMPTS = 8;

/**
 * The largest tag an order of `nominal` base units may carry: at most 0.1% of it, and within
 * the lowest six digits of wei or USDC units.
 */
export function maxQuoteTag(nominal: bigint): bigint {
  const cap = nominal / 1000n;
  return cap < TAG_DIGITS_MAX ? cap : TAG_DIGITS_MAX;
}

/** A tag from 1 to `max`: never 0, so a payment of the bare nominal amount matches no order. */
export const randomQuoteTag = (max: bigint) => BigInt(randomInt(1, Number(max) + 1));

export type QuotedTransactionValues = Omit<
  Parameters<typeof insertTransaction>[1],
  'price' | 'quoteBaseUnits' | 'currency' | 'tokenSymbol'
>;

/**
 * Inserts a crypto order's Pending transaction quoting the nominal amount plus a tag that no
 * other open order of the coin has (the partial unique index transactions_open_quote_key
 * decides). A savepoint per try: a clash is retried with a new tag and the transaction lives on.
 */
export async function insertQuotedTransaction(
  tx: Tx,
  values: QuotedTransactionValues,
  quote: { coin: CryptoCurrency; nominal: bigint; newTag?: (max: bigint) => bigint },
) {
  const max = maxQuoteTag(quote.nominal);
  if (max < 1n) throw badRequest(cryptoPurchaseMessages.noExactAmount);
  const newTag = quote.newTag ?? randomQuoteTag;
  for (let attempt = 1; ; attempt++) {
    const exact = quote.nominal + newTag(max);
    try {
      return await tx.transaction((savepoint) =>
        insertTransaction(savepoint, {
          ...values,
          currency: quote.coin,
          tokenSymbol: quote.coin,
          price: formatUnits(exact, DECIMALS[quote.coin]),
          quoteBaseUnits: exact.toString(),
        }),
      );
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (attempt >= QUOTE_ATTEMPTS) throw badRequest(cryptoPurchaseMessages.noExactAmount);
    }
  }
}
