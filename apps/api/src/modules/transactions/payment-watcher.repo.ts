import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { chainWatchers } from '../../db/schema/index.ts';

/** The payment watcher's row (its lease, cursor and the chain head it read last). */
export const WATCHER_NAME = 'payments';

/** Creates the watcher's row on its first start; a row that exists keeps its place. */
export async function ensureChainWatcher(db: Tx, name: string, firstBlock: bigint) {
  await db.insert(chainWatchers).values({ name, nextBlock: firstBlock }).onConflictDoNothing();
}

/**
 * Takes the lease when it is free or expired, or renews it when `holder` has it; answers the row
 * (with the block to read next) only to the holder. One statement, so two copies never both win.
 */
export async function takeChainWatcherLease(
  db: Tx,
  name: string,
  holder: string,
  leaseSeconds: number,
) {
  const [row] = await db
    .update(chainWatchers)
    .set({
      holder,
      leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(chainWatchers.name, name),
        or(
          eq(chainWatchers.holder, holder),
          isNull(chainWatchers.leaseUntil),
          lt(chainWatchers.leaseUntil, sql`now()`),
        ),
      ),
    )
    .returning();
  return row;
}

/**
 * Moves the cursor past the blocks read, only while `holder` still has the lease; never
 * backwards. `readThrough`: every payment mined in a block stamped before it has been read.
 */
export async function advanceChainWatcher(
  db: Tx,
  name: string,
  holder: string,
  nextBlock: bigint,
  readThrough?: Date,
) {
  const rows = await db
    .update(chainWatchers)
    .set({
      nextBlock: sql`greatest(${chainWatchers.nextBlock}, ${nextBlock})`,
      ...(readThrough && {
        readThroughTime: sql`greatest(${chainWatchers.readThroughTime}, ${readThrough.toISOString()}::timestamptz)`,
      }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(chainWatchers.name, name), eq(chainWatchers.holder, holder)))
    .returning({ name: chainWatchers.name });
  return rows.length > 0;
}

/** The chain head a poll read (lower again after a reorg), only while `holder` still has the lease. */
export async function recordChainHead(db: Tx, name: string, holder: string, head: bigint) {
  await db
    .update(chainWatchers)
    .set({ headBlock: head })
    .where(and(eq(chainWatchers.name, name), eq(chainWatchers.holder, holder)));
}

/** Lets another copy take over at once (on a clean stop). */
export async function releaseChainWatcherLease(db: Tx, name: string, holder: string) {
  await db
    .update(chainWatchers)
    .set({ leaseUntil: null, updatedAt: sql`now()` })
    .where(and(eq(chainWatchers.name, name), eq(chainWatchers.holder, holder)));
}

/** A poll by the lease's holder finished without an error (the System page and metrics read it). */
export async function markChainWatcherSucceeded(db: Tx, name: string, holder: string) {
  await db
    .update(chainWatchers)
    .set({ lastSuccessAt: sql`now()` })
    .where(and(eq(chainWatchers.name, name), eq(chainWatchers.holder, holder)));
}
