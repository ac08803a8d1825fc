import { randomInt } from 'node:crypto';
import { formatUnits } from 'viem';
import { cryptoPurchaseMessages, DECIMALS, type CryptoCurrency } from '@tmc/shared';
import type { Tx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { isUniqueViolation } from '../account/users.repo.ts';
import { insertTransaction } from '../transactions/transactions.repo.ts';
import { findTakenQuotes } from './exact-quote.repo.ts';

/**
 * A quote's smallest step in base units: 0.000001 of the coin, so every quote has at most six
 * decimals and can be typed into an exchange's or wallet's send form (most take 6 to 8).
 */
export const QUOTE_STEP: Record<CryptoCurrency, bigint> = {
  ETH: 10n ** BigInt(DECIMALS.ETH - 6),
  USDC: 10n ** BigInt(DECIMALS.USDC - 6),
};
const QUOTE_ATTEMPTS = 8;
/** At most this many tags per order (0.1% of a large order would allow far more). */
const TAG_STEPS_MAX = 999_999n;

/**
 * The quotes an order of `nominal` base units may get: the nominal amount rounded up to the
 * coin's step (`base`), plus a tag of 1 to `maxTag` steps, so that a quote is never the bare
 * amount and never more than 0.1% above the nominal amount.
 */
export function quoteRange(coin: CryptoCurrency, nominal: bigint) {
  const step = QUOTE_STEP[coin];
  const base = ((nominal + step - 1n) / step) * step;
  const ceiling = nominal + nominal / 1000n;
  const room = ceiling > base ? (ceiling - base) / step : 0n;
  const maxTag = room < TAG_STEPS_MAX ? room : TAG_STEPS_MAX;
  return { step, base, maxTag };
}

/** A tag from 1 to `max` that is not in `taken`, or undefined when every one is. */
export function freeQuoteTag(max: bigint, taken: ReadonlySet<bigint>): bigint | undefined {
  const free = Number(max) - taken.size;
  if (free <= 0) return undefined;
  // A wide range with few taken: a random draw finds a free tag at once.
  if (free > 1000) {
    for (let i = 0; i < 32; i++) {
      const tag = BigInt(randomInt(1, Number(max) + 1));
      if (!taken.has(tag)) return tag;
    }
  }
  // The n-th free tag, counted from 1, for a random n: uniform among the free ones.
  let n = randomInt(1, free + 1);
  for (let tag = 1n; tag <= max; tag++) {
    if (taken.has(tag)) continue;
    if (--n === 0) return tag;
  }
  return undefined;
}

export type QuotedTransactionValues = Omit<
  Parameters<typeof insertTransaction>[1],
  'price' | 'quoteBaseUnits' | 'currency' | 'tokenSymbol'
>;

/**
 * Inserts a crypto order's Pending transaction quoting the nominal amount plus a tag that no
 * other open order of the coin has: it picks among the tags the open orders leave free, and the
 * partial unique index transactions_open_quote_key decides a race. A savepoint per try: a clash
 * is retried with a new tag and the transaction lives on.
 */
export async function insertQuotedTransaction(
  tx: Tx,
  values: QuotedTransactionValues,
  quote: { coin: CryptoCurrency; nominal: bigint },
) {
  const { step, base, maxTag } = quoteRange(quote.coin, quote.nominal);
  for (let attempt = 1; ; attempt++) {
    const taken = await findTakenQuotes(tx, quote.coin, base + step, base + maxTag * step);
    const tag = freeQuoteTag(maxTag, new Set(taken.map((units) => (units - base) / step)));
    if (tag === undefined) throw badRequest(cryptoPurchaseMessages.noExactAmount);
    const exact = base + tag * step;
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
