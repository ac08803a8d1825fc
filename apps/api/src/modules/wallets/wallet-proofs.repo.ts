import { and, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { transactions, walletNonces, walletProofs } from '../../db/schema/index.ts';

/**
 * The account that proved `address` no later than `at` (block times are whole seconds, so the
 * proof's second counts), if any.
 */
export async function findProofBefore(db: Tx, address: string, at: Date) {
  const [row] = await db
    .select()
    .from(walletProofs)
    .where(
      and(
        eq(walletProofs.address, address.toLowerCase()),
        lte(sql`date_trunc('second', ${walletProofs.provenAt})`, at),
      ),
    );
  return row;
}

/** The account that holds the proof of `address` now, if any. */
export async function findProof(db: Tx, address: string) {
  const [row] = await db
    .select()
    .from(walletProofs)
    .where(eq(walletProofs.address, address.toLowerCase()));
  return row;
}

/** The wallets an account proved, newest first. */
export async function listProofsOf(db: Tx, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(walletProofs)
    .where(sql`${walletProofs.userId} in ${userIds}`)
    .orderBy(desc(walletProofs.provenAt));
}

/** The address is this account's from now on (one account at a time: the primary key). */
export async function saveProof(db: Tx, userId: string, address: string) {
  const [row] = await db
    .insert(walletProofs)
    .values({ address: address.toLowerCase(), userId })
    .onConflictDoUpdate({
      target: walletProofs.address,
      set: { userId, provenAt: sql`now()` },
    })
    .returning();
  return row!;
}

export async function insertNonce(db: Tx, userId: string, nonce: string, expiresAt: Date) {
  await db.insert(walletNonces).values({ nonce, userId, expiresAt });
}

/** Spends the account's nonce if it is unused and unexpired: true once, false ever after. */
export async function spendNonce(db: Tx, userId: string, nonce: string) {
  const rows = await db
    .update(walletNonces)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(walletNonces.nonce, nonce),
        eq(walletNonces.userId, userId),
        isNull(walletNonces.usedAt),
        gt(walletNonces.expiresAt, sql`now()`),
      ),
    )
    .returning({ nonce: walletNonces.nonce });
  return rows.length === 1;
}

/** Wallets the account's credited payments came from, newest first (at most 20). */
export async function listSenderWallets(db: Tx, userId: string) {
  const rows = await db
    .selectDistinct({ address: transactions.fromAddress, at: transactions.verifiedAt })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), sql`${transactions.fromAddress} is not null`))
    .orderBy(desc(transactions.verifiedAt))
    .limit(20);
  return rows.flatMap((r) => (r.address ? [r.address] : []));
}
