import { and, desc, eq, inArray, isNull, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  chainWatchers,
  distributionLeaves,
  distributorTotals,
  type DistributionHold,
  distributions,
  purchases,
  tokenClaims,
  users,
  walletProofs,
  type DistributionStatus,
} from '../../db/schema/index.ts';
import { PurchaseStatus } from '@tmc/shared';
import { prepared } from '../../db/prepared.ts';
import { proofBytes } from '../../lib/stored-proof.ts';

/**
 * The wallets each account holds now by its proof (Sign-In with Ethereum), lower-case, newest
 * first: a wallet moved to it from another account only once its cool-off has passed, as for
 * payments. The one place delivery reads proofs.
 */
export async function provenWalletsOf(
  db: Tx,
  userIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byUser = new Map<string, string[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: walletProofs.userId, address: walletProofs.address })
    .from(walletProofs)
    .where(
      and(
        // One array parameter: a draft asks for every buyer (100,000 would overflow a list).
        sql`${walletProofs.userId} = any(${sql.param([...userIds])}::uuid[])`,
        isNull(walletProofs.until),
        lte(walletProofs.countsFrom, sql`now()`),
      ),
    )
    .orderBy(desc(walletProofs.provenAt));
  for (const row of rows) {
    const list = byUser.get(row.userId) ?? [];
    list.push(row.address.toLowerCase());
    byUser.set(row.userId, list);
  }
  return byUser;
}

/** Every buyer with an accepted order: their TMC in total and the delivery wallet they chose. */
export async function acceptedAllocations(db: Tx) {
  return db
    .select({
      userId: users.id,
      email: users.email,
      deliveryWallet: users.deliveryWallet,
      tokens: sql<string>`sum(${purchases.tokenAmount})::text`,
    })
    .from(purchases)
    .innerJoin(users, eq(users.id, purchases.userId))
    .where(eq(purchases.status, PurchaseStatus.Accepted))
    .groupBy(users.id);
}

export async function setDeliveryWallet(db: Tx, userId: string, address: string) {
  await db.update(users).set({ deliveryWallet: address }).where(eq(users.id, userId));
}

/** The newest (by `newest`) distribution of this contract that matches `conditions`. */
async function newestOfContract(
  db: Tx,
  distributorAddress: string,
  conditions: SQL[],
  newest: AnyColumn = distributions.epoch,
) {
  const [row] = await db
    .select()
    .from(distributions)
    .where(and(eq(distributions.distributorAddress, distributorAddress), ...conditions))
    .orderBy(desc(newest))
    .limit(1);
  return row;
}

export const findLatestAccepted = (db: Tx, distributorAddress: string) =>
  newestOfContract(db, distributorAddress, [eq(distributions.status, 'accepted')]);

/** The draft or proposed distribution (there is at most one at a time). */
export const findOpenDistribution = (db: Tx, distributorAddress: string) =>
  newestOfContract(db, distributorAddress, [inArray(distributions.status, ['draft', 'proposed'])]);

export async function findDistribution(db: Tx, id: string) {
  const [row] = await db.select().from(distributions).where(eq(distributions.id, id));
  return row;
}

export const findDistributionByRoot = (
  db: Tx,
  distributorAddress: string,
  epoch: number,
  root: string,
) =>
  newestOfContract(
    db,
    distributorAddress,
    [eq(distributions.epoch, epoch), eq(distributions.root, root.toLowerCase())],
    distributions.createdAt,
  );

/**
 * The addresses whose cumulative amount differs between a distribution and the root it was built
 * on, by address: read from both sets of leaves when staff open it, not stored with each draft.
 */
export async function diffRowsOf(db: Tx, distribution: typeof distributions.$inferSelect) {
  const { rows } = await db.execute<{
    address: string;
    email: string | null;
    previous: string;
    next: string;
  }>(sql`
    with next as (
      select address, user_id, cumulative_base_units as amount from ${distributionLeaves}
      where distribution_id = ${distribution.id}),
    previous as (
      select l.address, l.user_id, l.cumulative_base_units as amount
      from ${distributionLeaves} l join ${distributions} d on d.id = l.distribution_id
      where d.distributor_address = ${distribution.distributorAddress}
        and d.epoch = ${distribution.diff.previousEpoch ?? -1}
        and d.status in ('accepted', 'superseded'))
    select coalesce(n.address, p.address) as address, u.email,
      coalesce(p.amount, 0)::text as previous, coalesce(n.amount, 0)::text as next
    from next n full join previous p on p.address = n.address
    left join ${users} u on u.id = coalesce(n.user_id, p.user_id)
    where coalesce(p.amount, 0) <> coalesce(n.amount, 0)
    order by 1`);
  return rows;
}

export async function listDistributions(db: Tx, distributorAddress: string) {
  return db
    .select()
    .from(distributions)
    .where(eq(distributions.distributorAddress, distributorAddress))
    .orderBy(desc(distributions.createdAt));
}

export async function leavesOf(db: Tx, distributionId: string) {
  return db
    .select()
    .from(distributionLeaves)
    .where(eq(distributionLeaves.distributionId, distributionId))
    .orderBy(distributionLeaves.address);
}

/** A distribution's leaves, each with whether its buyer asked for their claim to be sent. */
export async function leavesForPushOf(db: Tx, distributionId: string) {
  return db
    .select({
      address: distributionLeaves.address,
      cumulativeBaseUnits: distributionLeaves.cumulativeBaseUnits,
      proof: distributionLeaves.proof,
      asked: users.deliveryPush,
    })
    .from(distributionLeaves)
    .innerJoin(users, eq(users.id, distributionLeaves.userId))
    .where(eq(distributionLeaves.distributionId, distributionId))
    .orderBy(distributionLeaves.address);
}

export async function setDeliveryPush(db: Tx, userId: string, push: boolean) {
  await db.update(users).set({ deliveryPush: push }).where(eq(users.id, userId));
}

export type NewDistribution = typeof distributions.$inferInsert;
export type NewLeaf = typeof distributionLeaves.$inferInsert;

const LEAF_CHUNK = 5_000;
const CLAIM_CHUNK = 1_000;

/**
 * The distribution and its leaves; the leaves go in as arrays, a few thousand a statement, their
 * proofs as one run of bytes that each row takes its part of.
 */
export async function insertDistribution(db: Tx, row: NewDistribution, leaves: NewLeaf[]) {
  const [inserted] = await db.insert(distributions).values(row).returning();
  for (let i = 0; i < leaves.length; i += LEAF_CHUNK) {
    const chunk = leaves.slice(i, i + LEAF_CHUNK);
    const starts: number[] = [];
    let nodes = 0;
    for (const leaf of chunk) {
      starts.push(nodes * 32 + 1);
      nodes += leaf.proof.length;
    }
    await db.execute(sql`
      insert into ${distributionLeaves}
        (distribution_id, address, user_id, cumulative_base_units, proof)
      select ${inserted!.id}, t.address, t.user_id::uuid, t.cumulative::numeric,
        substring(${proofBytes(chunk.flatMap((l) => l.proof))}::bytea from t.start for t.length)
      from unnest(
        ${sql.param(chunk.map((l) => l.address))}::text[],
        ${sql.param(chunk.map((l) => l.userId))}::text[],
        ${sql.param(chunk.map((l) => l.cumulativeBaseUnits))}::text[],
        ${sql.param(starts)}::int[],
        ${sql.param(chunk.map((l) => l.proof.length * 32))}::int[]
      ) as t(address, user_id, cumulative, start, length)`);
  }
  return inserted!;
}

export async function setDistributionStatus(
  db: Tx,
  id: string,
  from: readonly DistributionStatus[],
  to: DistributionStatus,
  extra: Partial<typeof distributions.$inferInsert> = {},
) {
  const rows = await db
    .update(distributions)
    .set({ status: to, updatedAt: sql`now()`, ...extra })
    .where(and(eq(distributions.id, id), inArray(distributions.status, [...from])))
    .returning();
  return rows[0];
}

/** Accepted roots before `epoch` are superseded by it. */
export async function supersedeBefore(db: Tx, distributorAddress: string, epoch: number) {
  await db
    .update(distributions)
    .set({ status: 'superseded', updatedAt: sql`now()` })
    .where(
      and(
        eq(distributions.distributorAddress, distributorAddress),
        eq(distributions.status, 'accepted'),
        sql`${distributions.epoch} < ${epoch}`,
      ),
    );
}

/** Stores Claimed logs once each and adds the new ones to their distributor's total. */
export async function insertTokenClaims(db: Tx, rows: (typeof tokenClaims.$inferInsert)[]) {
  if (rows.length === 0) return 0;
  let stored = 0;
  for (let i = 0; i < rows.length; i += CLAIM_CHUNK) {
    const inserted = await db
      .insert(tokenClaims)
      .values(rows.slice(i, i + CLAIM_CHUNK))
      .onConflictDoNothing()
      .returning({
        distributorAddress: tokenClaims.distributorAddress,
        amount: tokenClaims.amountBaseUnits,
      });
    const byDistributor = new Map<string, { claimed: bigint; claims: number }>();
    for (const row of inserted) {
      const total = byDistributor.get(row.distributorAddress) ?? { claimed: 0n, claims: 0 };
      total.claimed += BigInt(row.amount);
      total.claims += 1;
      byDistributor.set(row.distributorAddress, total);
    }
    for (const [distributorAddress, total] of byDistributor)
      await db
        .insert(distributorTotals)
        .values({
          distributorAddress,
          claimedBaseUnits: total.claimed.toString(),
          claims: total.claims,
        })
        .onConflictDoUpdate({
          target: distributorTotals.distributorAddress,
          set: {
            claimedBaseUnits: sql`${distributorTotals.claimedBaseUnits} + excluded.claimed_base_units`,
            claims: sql`${distributorTotals.claims} + excluded.claims`,
            updatedAt: sql`now()`,
          },
        });
    stored += inserted.length;
  }
  return stored;
}

/** What the delivery figures of the System page need, from small tables only. */
export async function deliveryFigures(db: Tx, distributorAddress: string, cursorName: string) {
  const [row] = await db
    .execute<{
      claimed: string | null;
      published: string | null;
      holds: DistributionHold[] | null;
      next_block: string | null;
    }>(
      sql`
    select
      (select claimed_base_units::text from ${distributorTotals}
        where distributor_address = ${distributorAddress}) as claimed,
      (select total_base_units::text from ${distributions}
        where distributor_address = ${distributorAddress} and status = 'accepted'
        order by epoch desc limit 1) as published,
      (select holds from ${distributions}
        where distributor_address = ${distributorAddress} and status <> 'cancelled'
        order by created_at desc limit 1) as holds,
      (select next_block::text from ${chainWatchers} where name = ${cursorName}) as next_block
  `,
    )
    .then((r) => r.rows);
  return {
    claimed: BigInt(row?.claimed ?? 0),
    published: BigInt(row?.published ?? 0),
    holds: row?.holds ?? [],
    nextBlock: row?.next_block == null ? undefined : BigInt(row.next_block),
  };
}

export interface BuyerDeliveryLeaf {
  address: string;
  cumulative: string;
  /** The proof's nodes in hex, one after the other (`proofNodes` splits them). */
  proof: string;
  /** What the address has claimed on chain, as the reader stored it (confirmed logs). */
  claimed: string;
}

// One read for a buyer's delivery page: the account, its accepted TMC, its proven wallets, the
// accepted root and the buyer's leaves in it with what each address has claimed (the latest
// confirmed Claimed log of the address, found by token_claims_address_idx).
const buyerDelivery = prepared((db) =>
  db
    .select({
      deliveryWallet: users.deliveryWallet,
      push: users.deliveryPush,
      allocated: sql<string>`(select coalesce(sum(p.token_amount), 0)::text from ${purchases} p
        where p.user_id = ${users.id} and p.status = ${PurchaseStatus.Accepted})`,
      proven: sql<
        string[]
      >`(select coalesce(json_agg(lower(w.address) order by w.proven_at desc), '[]'::json)
        from ${walletProofs} w
        where w.user_id = ${users.id} and w.until is null and w.counts_from <= now())`,
      distributionId: sql<string | null>`d.id`,
      epoch: sql<number | null>`d.epoch`,
      root: sql<string | null>`d.root`,
      leaves: sql<BuyerDeliveryLeaf[]>`(select coalesce(json_agg(json_build_object(
          'address', l.address,
          'cumulative', l.cumulative_base_units::text,
          'proof', encode(l.proof, 'hex'),
          'claimed', coalesce((select c.cumulative_claimed_base_units::text from ${tokenClaims} c
            where c.address = l.address and c.distributor_address = ${sql.placeholder('distributor')}
            order by c.block_number desc, c.log_index desc limit 1), '0')
        ) order by l.address), '[]'::json)
        from ${distributionLeaves} l where l.distribution_id = d.id and l.user_id = ${users.id})`,
    })
    .from(users)
    .leftJoin(
      sql`lateral (select id, epoch, root from ${distributions}
        where distributor_address = ${sql.placeholder('distributor')} and status = 'accepted'
        order by epoch desc limit 1) d`,
      sql`true`,
    )
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('buyer_delivery'),
);

/** A buyer's delivery as the database knows it, in one query (no chain read). */
export async function findBuyerDelivery(db: Tx, userId: string, distributorAddress: string) {
  const [row] = await buyerDelivery(db).execute({ userId, distributor: distributorAddress });
  return row;
}
