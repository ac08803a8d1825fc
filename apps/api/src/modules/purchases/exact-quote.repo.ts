import { and, between, eq } from 'drizzle-orm';
import { PaymentMode, PaymentStatus } from '@tmc/shared';
import type { Tx } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';

/**
 * The exact amounts open orders of `coin` hold from `low` to `high` base units: a range scan of
 * the partial unique index transactions_open_quote_key.
 */
export async function findTakenQuotes(db: Tx, coin: string, low: bigint, high: bigint) {
  const rows = await db
    .select({ units: transactions.quoteBaseUnits })
    .from(transactions)
    .where(
      and(
        eq(transactions.paymentStatus, PaymentStatus.Pending),
        eq(transactions.paymentMode, PaymentMode.Crypto),
        eq(transactions.tokenSymbol, coin),
        between(transactions.quoteBaseUnits, low.toString(), high.toString()),
      ),
    );
  return rows.flatMap((r) => (r.units === null ? [] : [BigInt(r.units)]));
}
