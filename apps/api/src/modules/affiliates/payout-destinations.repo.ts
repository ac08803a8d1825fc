import { eq, sql } from 'drizzle-orm';
import type { PayoutDestination } from '@tmc/shared';
import type { Tx } from '../../db/client.ts';
import { payoutDestinations } from '../../db/schema/index.ts';

export type PayoutDestinationRow = typeof payoutDestinations.$inferSelect;
type DestinationValues = Omit<typeof payoutDestinations.$inferInsert, 'createdAt' | 'updatedAt'>;

export async function findPayoutDestination(db: Tx, userId: string) {
  const [row] = await db
    .select()
    .from(payoutDestinations)
    .where(eq(payoutDestinations.userId, userId));
  return row;
}

/** One destination per affiliate: a new one replaces the old (the fields of the other kind are cleared). */
export async function savePayoutDestination(db: Tx, values: DestinationValues) {
  const [row] = await db
    .insert(payoutDestinations)
    .values(values)
    .onConflictDoUpdate({
      target: payoutDestinations.userId,
      set: {
        kind: values.kind,
        accountName: values.accountName ?? null,
        bsb: values.bsb ?? null,
        accountNumber: values.accountNumber ?? null,
        walletAddress: values.walletAddress ?? null,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

/** The API shape of a stored destination (null: none given yet). */
export function toPayoutDestinationDto(
  row:
    | Pick<
        PayoutDestinationRow,
        'kind' | 'accountName' | 'bsb' | 'accountNumber' | 'walletAddress' | 'updatedAt'
      >
    | null
    | undefined,
): PayoutDestination | null {
  if (!row) return null;
  const updatedAt = row.updatedAt.toISOString();
  if (row.kind === 'wallet' && row.walletAddress)
    return { kind: 'wallet', walletAddress: row.walletAddress, updatedAt };
  if (row.kind === 'bank' && row.accountName && row.bsb && row.accountNumber)
    return {
      kind: 'bank',
      currency: 'AUD',
      accountName: row.accountName,
      bsb: row.bsb,
      accountNumber: row.accountNumber,
      updatedAt,
    };
  return null;
}

/** A destination as e-mails write it: the account number masked to its last 3 digits. */
export const maskedDestination = (d: PayoutDestination) =>
  d.kind === 'wallet'
    ? `wallet ${d.walletAddress}`
    : `AUD bank account ${d.accountName}, BSB ${d.bsb}, account number ending ${d.accountNumber.slice(-3)}`;
