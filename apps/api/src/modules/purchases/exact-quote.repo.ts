import { and, between, eq, gt, sql } from 'drizzle-orm';
import { parseUnits } from 'viem';
import { DECIMALS, PaymentMode, PaymentStatus, type CryptoCurrency } from '@tmc/shared';
import type { Tx } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';

/**
 * The quotes (base units) that orders of `coin` hold around `low` … `high`, 1% either side so
 * that the nominal amounts of orders quoted nearby come too: open orders (a range scan of the
 * partial unique index transactions_open_quote_key), and closed orders whose quote has not
 * expired yet (transactions_closed_quote_expiry_idx): a cancelled order keeps its quote until
 * then, so nobody can cancel and re-order until a quote of their choosing comes up.
 */
export async function findQuotesNear(db: Tx, coin: CryptoCurrency, low: bigint, high: bigint) {
  const range = between(
    transactions.quoteBaseUnits,
    ((low * 99n) / 100n).toString(),
    ((high * 101n) / 100n).toString(),
  );
  const columns = { units: transactions.quoteBaseUnits, nominal: transactions.userAmount };
  const ofCoin = and(
    eq(transactions.paymentMode, PaymentMode.Crypto),
    eq(transactions.tokenSymbol, coin),
  );
  const [open, reserved] = await Promise.all([
    db
      .select(columns)
      .from(transactions)
      .where(and(ofCoin, eq(transactions.paymentStatus, PaymentStatus.Pending), range)),
    db
      .select(columns)
      .from(transactions)
      .where(
        and(
          ofCoin,
          eq(transactions.paymentStatus, PaymentStatus.Failed),
          gt(transactions.quoteExpiresAt, sql`now()`),
          range,
        ),
      ),
  ]);
  return [...open, ...reserved].flatMap((r) =>
    r.units === null
      ? []
      : [
          {
            quote: BigInt(r.units),
            nominal: r.nominal === null ? null : parseUnits(r.nominal, DECIMALS[coin]),
          },
        ],
  );
}
