import { and, asc, eq, gte, lt, or, sql } from 'drizzle-orm';
import { PurchaseStatus } from '@tmc/shared';
import type { Db } from '../../db/client.ts';
import { purchases } from '../../db/schema/index.ts';

/** More lines than any buyer's year: a statement is one file, never paged. */
export const STATEMENT_ROW_LIMIT = 5000;

export interface StatementOrder {
  reference: string;
  status: number;
  acceptedAt: Date;
  /** When it was reverted (its last review), for a Reverted order. */
  revertedAt: Date | null;
  userAmount: string;
  userCurrency: string;
  investmentAmount: string;
  tokenAmount: string;
  tokenPriceAud: string;
}

/**
 * The buyer's orders accepted in [from, until), and those reverted in it: each a sale on its
 * acceptance day, and a revert on the day staff reverted it.
 */
export async function findStatementOrders(
  db: Db,
  userId: string,
  range: { from: Date; until: Date },
): Promise<StatementOrder[]> {
  const inRange = (column: typeof purchases.acceptedAt | typeof purchases.reviewedAt) =>
    and(gte(column, range.from), lt(column, range.until));
  const rows = await db
    .select({
      reference: purchases.reference,
      status: purchases.status,
      acceptedAt: purchases.acceptedAt,
      reviewedAt: purchases.reviewedAt,
      userAmount: purchases.userAmount,
      userCurrency: purchases.userCurrency,
      investmentAmount: purchases.investmentAmount,
      tokenAmount: purchases.tokenAmount,
      tokenPriceAud: purchases.tokenPriceAud,
    })
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, userId),
        sql`${purchases.acceptedAt} is not null`,
        or(
          inRange(purchases.acceptedAt),
          and(eq(purchases.status, PurchaseStatus.Reverted), inRange(purchases.reviewedAt)),
        ),
      ),
    )
    .orderBy(asc(purchases.acceptedAt), asc(purchases.reference))
    .limit(STATEMENT_ROW_LIMIT);
  return rows.map(({ reviewedAt, acceptedAt, ...row }) => ({
    ...row,
    acceptedAt: acceptedAt!,
    revertedAt: row.status === PurchaseStatus.Reverted ? reviewedAt : null,
  }));
}
