import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { paymentClaims, purchases, transactions, users } from '../../db/schema/index.ts';

export type NewPaymentClaim = typeof paymentClaims.$inferInsert;

/** Keeps a claim once per transfer and order; a repeated claim changes nothing. */
export async function recordClaim(db: Tx, values: NewPaymentClaim) {
  await db.insert(paymentClaims).values(values).onConflictDoNothing();
}

const transferKey = sql`${paymentClaims.txnHash} || ':' || coalesce(${paymentClaims.logIndex}, -1)`;
export const claimKey = (txnHash: string, logIndex: number | null) =>
  `${txnHash}:${logIndex ?? -1}`;

/**
 * Claim counts, whether any is flagged and the references of the orders claimed (sorted), for a
 * page of transfers, in one query.
 */
export async function summariseClaims(
  db: Tx,
  transfers: readonly { txnHash: string; logIndex: number | null }[],
) {
  const summary = new Map<string, { count: number; unproven: number; references: string[] }>();
  if (transfers.length === 0) return summary;
  const hashes = [...new Set(transfers.map((t) => t.txnHash))];
  const rows = await db
    .select({
      key: sql<string>`${transferKey}`,
      count: sql<number>`count(*)::int`,
      unproven: sql<number>`count(*) filter (where not ${paymentClaims.senderProven})::int`,
      references: sql<
        string[]
      >`coalesce(array_agg(distinct ${purchases.reference} order by ${purchases.reference}) filter (where ${purchases.reference} is not null), '{}')`,
    })
    .from(paymentClaims)
    .innerJoin(transactions, eq(transactions.id, paymentClaims.transactionId))
    .leftJoin(purchases, eq(purchases.id, transactions.purchaseId))
    .where(sql`${paymentClaims.txnHash} in ${hashes}`)
    .groupBy(transferKey);
  for (const r of rows)
    summary.set(r.key, { count: r.count, unproven: r.unproven, references: r.references });
  return summary;
}

/** Every claim of one transfer, oldest first, with the claimed order and account. */
export async function listClaimsOf(db: Tx, txnHash: string, logIndex: number | null) {
  return db
    .select({
      claim: paymentClaims,
      reference: purchases.reference,
      email: users.email,
      transaction: transactions,
    })
    .from(paymentClaims)
    .innerJoin(transactions, eq(transactions.id, paymentClaims.transactionId))
    .innerJoin(users, eq(users.id, paymentClaims.userId))
    .leftJoin(purchases, eq(purchases.id, transactions.purchaseId))
    .where(
      and(
        eq(paymentClaims.txnHash, txnHash),
        sql`coalesce(${paymentClaims.logIndex}, -1) = ${logIndex ?? -1}`,
      ),
    )
    .orderBy(asc(paymentClaims.createdAt), asc(paymentClaims.id));
}
