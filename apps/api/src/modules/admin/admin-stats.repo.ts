import { eq, sql } from 'drizzle-orm';
import { PaymentMode, PaymentStatus, PurchaseStatus } from '@tmc/shared';
import type { Tx } from '../../db/client.ts';
import {
  affiliateEarnings,
  purchases,
  settings,
  transactions,
  users,
} from '../../db/schema/index.ts';
import { isApproved } from '../affiliates/earnings.repo.ts';

const startOfUtcDay = sql`(date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')`;

/** The dashboard's figures in one row. */
export async function presaleStats(db: Tx) {
  const commission = (condition: ReturnType<typeof sql>) =>
    sql<string>`(select coalesce(sum(${affiliateEarnings.affiliateEarning}), 0)::text from ${affiliateEarnings} where ${affiliateEarnings.kind} = 'commission' and ${condition})`;
  const [row] = await db
    .select({
      raisedAud: settings.raisedAud,
      hardCapAud: settings.hardCapAud,
      tokensSold: settings.tokensSold,
      tokenSymbol: settings.tokenSymbol,
      // What the review queue opens on: Pending bank requests whose receipt is in.
      pendingReviews: sql<number>`(select count(*) from ${purchases} where ${purchases.status} = ${PurchaseStatus.Pending} and ${purchases.paymentMode} = ${PaymentMode.Bank} and ${purchases.receiptKey} is not null)::int`,
      awaitingBankPayment: sql<number>`(select count(*) from ${purchases} where ${purchases.status} = ${PurchaseStatus.Pending} and ${purchases.paymentMode} = ${PaymentMode.Bank} and ${purchases.receiptKey} is null)::int`,
      awaitingCryptoPayment: sql<number>`(select count(*) from ${purchases} where ${purchases.status} = ${PurchaseStatus.Pending} and ${purchases.paymentMode} = ${PaymentMode.Crypto})::int`,
      verifiedCryptoToday: sql<number>`(select count(*) from ${transactions} where ${transactions.paymentMode} = ${PaymentMode.Crypto} and ${transactions.paymentStatus} = ${PaymentStatus.Success} and ${transactions.verifiedAt} >= ${startOfUtcDay})::int`,
      users: sql<number>`(select count(*) from ${users})::int`,
      affiliates: sql<number>`(select count(*) from ${users} where ${users.isAffiliated})::int`,
      influencers: sql<number>`(select count(*) from ${users} where ${users.isInfluencer})::int`,
      pendingCommission: commission(
        sql`${affiliateEarnings.status} = 'pending' and not ${isApproved}`,
      ),
      approvedCommission: commission(isApproved),
      paidCommission: commission(sql`${affiliateEarnings.status} = 'paid'`),
    })
    .from(settings)
    .where(eq(settings.id, 1));
  return row;
}

export const purchaseCountsByStatus = (db: Tx) =>
  db
    .select({ status: purchases.status, count: sql<number>`count(*)::int` })
    .from(purchases)
    .groupBy(purchases.status);
