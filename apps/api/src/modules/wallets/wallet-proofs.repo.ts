import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { transactions, walletNonces, walletProofs } from '../../db/schema/index.ts';

/** A move of an address to another account counts as evidence of its payments only after this. */
export const MOVED_WALLET_COOL_OFF_HOURS = 24;

const holdingAt = (address: string, at: Date) =>
  and(
    eq(walletProofs.address, address.toLowerCase()),
    // Block times are whole seconds, so a proof within the block's own second counts.
    lte(sql`date_trunc('second', ${walletProofs.countsFrom})`, at),
    or(isNull(walletProofs.until), gt(walletProofs.until, at)),
  );

/**
 * The account whose proof of `address` counts as evidence at `at` (a block's time): it held the
 * address then, and its holding counted by then (a moved address only after the cool-off).
 */
export async function findProofBefore(db: Tx, address: string, at: Date) {
  const [row] = await db.select().from(walletProofs).where(holdingAt(address, at)).limit(1);
  return row;
}

/** The wallets the accounts hold now, newest first. */
export async function listProofsOf(db: Tx, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(walletProofs)
    .where(and(sql`${walletProofs.userId} in ${userIds}`, isNull(walletProofs.until)))
    .orderBy(desc(walletProofs.provenAt));
}

export type WalletProofRow = typeof walletProofs.$inferSelect;

/**
 * Makes the address the account's from now on. The same account proving it again keeps its
 * holding as it was (its first time); a proof by another account ends that account's holding and
 * starts a new one that counts as evidence after the cool-off. Answers the holding, whether it
 * is new and, on a move, the one it ended. Proofs of one address wait for each other (a lock on
 * the address), so two at once cannot both start a holding.
 */
export async function saveProof(
  db: Tx,
  userId: string,
  address: string,
): Promise<{ proof: WalletProofRow; isNew: boolean; previous?: WalletProofRow }> {
  const lower = address.toLowerCase();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`wallet:${lower}`}, 0))`);
    const [current] = await tx
      .select()
      .from(walletProofs)
      .where(and(eq(walletProofs.address, lower), isNull(walletProofs.until)))
      .for('update');
    if (current?.userId === userId) return { proof: current, isNew: false };
    let previous: WalletProofRow | undefined;
    if (current)
      [previous] = await tx
        .update(walletProofs)
        .set({ until: sql`now()` })
        .where(eq(walletProofs.id, current.id))
        .returning();
    const [proof] = await tx
      .insert(walletProofs)
      .values({
        address: lower,
        userId,
        countsFrom: current
          ? sql`now() + make_interval(hours => ${MOVED_WALLET_COOL_OFF_HOURS})`
          : sql`now()`,
      })
      .returning();
    return { proof: proof!, isNew: true, previous };
  });
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
