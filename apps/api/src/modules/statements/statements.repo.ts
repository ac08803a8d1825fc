import { and, asc, eq, gte, lt, or, sql } from 'drizzle-orm';
import { PurchaseStatus } from '@tmc/shared';
import type { Db } from '../../db/client.ts';
import { purchases, refunds } from '../../db/schema/index.ts';

/** More lines than any buyer's year: a statement is one file, never paged. */
export const STATEMENT_ROW_LIMIT = 5000;

export interface StatementOrder {
  id: string;
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
  /** Its refunds not declined, each with what its approval took off the order. */
  refunds: StatementRefund[];
  /** Where its tokens went, as the order page's `delivery` says: the claim's transaction. */
  delivery?: { tx: string; at: Date } | null;
}

type RefundJson = Omit<StatementRefund, 'paidAt'> & { paidAt: string | null };

export interface StatementRefund {
  state: 'requested' | 'approved' | 'paid';
  coin: string;
  amount: string;
  audReduced: string | null;
  tokensReduced: string | null;
  paidAt: Date | null;
}

/**
 * The buyer's orders accepted in [from, until), those reverted in it and those with a refund paid
 * in it, each with all its refunds not declined (what they took off gives the order's first figures).
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
      id: purchases.id,
      reference: purchases.reference,
      status: purchases.status,
      acceptedAt: purchases.acceptedAt,
      reviewedAt: purchases.reviewedAt,
      userAmount: purchases.userAmount,
      userCurrency: purchases.userCurrency,
      investmentAmount: purchases.investmentAmount,
      tokenAmount: purchases.tokenAmount,
      tokenPriceAud: purchases.tokenPriceAud,
      refunds: sql<RefundJson[]>`(select coalesce(json_agg(json_build_object(
          'state', r.state, 'coin', r.coin, 'amount', r.amount::text,
          'audReduced', r.aud_reduced::text, 'tokensReduced', r.tokens_reduced::text,
          'paidAt', r.paid_at) order by r.created_at), '[]'::json)
        from ${refunds} r where r.purchase_id = ${purchases}.id and r.state <> 'declined')`,
    })
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, userId),
        sql`${purchases.acceptedAt} is not null`,
        or(
          inRange(purchases.acceptedAt),
          and(eq(purchases.status, PurchaseStatus.Reverted), inRange(purchases.reviewedAt)),
          sql`exists (select 1 from ${refunds} r where r.purchase_id = ${purchases}.id
            and r.state = 'paid' and r.paid_at >= ${range.from} and r.paid_at < ${range.until})`,
        ),
      ),
    )
    .orderBy(asc(purchases.acceptedAt), asc(purchases.reference))
    .limit(STATEMENT_ROW_LIMIT);
  return rows.map(({ reviewedAt, acceptedAt, refunds: refundRows, ...row }) => ({
    ...row,
    refunds: refundRows.map((r) => ({ ...r, paidAt: r.paidAt ? new Date(r.paidAt) : null })),
    acceptedAt: acceptedAt!,
    revertedAt: row.status === PurchaseStatus.Reverted ? reviewedAt : null,
  }));
}
