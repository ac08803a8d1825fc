import { sql } from 'drizzle-orm';
import { PurchaseStatus, type OrderDelivery } from '@tmc/shared';
import type { Tx } from '../../db/client.ts';

/**
 * An order's delivery, in one query. A buyer's accepted orders, oldest accepted first, fill their
 * leaf in turn: the order is published once a root gives the buyer at least the tokens of it and
 * every earlier order, and claimed once the buyer's addresses have claimed as much (the Claimed
 * log that got there is its transaction). Held: the latest distribution held the buyer.
 */
export async function findOrderDelivery(
  db: Tx,
  distributorAddress: string,
  userId: string,
  purchaseId: string,
): Promise<OrderDelivery | null> {
  const { rows } = await db.execute<{
    status: number;
    first_epoch: number | null;
    published_at: string | null;
    claim_tx: string | null;
    claim_time: string | null;
    claim_epoch: number | null;
    held: boolean;
  }>(sql`
    with o as (
      select id, user_id, status, coalesce(reviewed_at, created_at) as at
      from purchases where id = ${purchaseId} and user_id = ${userId}),
    mark as (
      select coalesce(sum(p.token_amount), 0) * 1e18 as base
      from purchases p, o
      where p.user_id = o.user_id and p.status = ${PurchaseStatus.Accepted}
        and (coalesce(p.reviewed_at, p.created_at), p.id) <= (o.at, o.id)),
    published as (
      select d.id, d.epoch, d.mailed_at from distributions d, o, mark
      where d.distributor_address = ${distributorAddress}
        and d.status in ('accepted', 'superseded')
        and (select coalesce(sum(l.cumulative_base_units), 0) from distribution_leaves l
             where l.distribution_id = d.id and l.user_id = o.user_id) >= mark.base
      order by d.epoch limit 1),
    addresses as (
      select distinct l.address from distribution_leaves l, o, distributions d
      where l.user_id = o.user_id and l.distribution_id = d.id
        and d.distributor_address = ${distributorAddress}
        and d.status in ('accepted', 'superseded')),
    claims as (
      select c.tx_hash, c.block_time, c.epoch, c.block_number, c.log_index,
        sum(c.amount_base_units) over (order by c.block_number, c.log_index) as running
      from token_claims c
      where c.distributor_address = ${distributorAddress}
        and c.address in (select address from addresses)),
    claimed as (
      select c.* from claims c, mark where c.running >= mark.base and mark.base > 0
      order by c.block_number, c.log_index limit 1),
    latest as (
      select holds from distributions
      where distributor_address = ${distributorAddress} and status <> 'cancelled'
      order by created_at desc limit 1)
    select o.status,
      (select epoch from published) as first_epoch,
      (select mailed_at::text from published) as published_at,
      (select tx_hash from claimed) as claim_tx,
      (select block_time::text from claimed) as claim_time,
      (select epoch from claimed) as claim_epoch,
      exists (select 1 from latest, jsonb_array_elements(latest.holds) h
              where h->>'userId' = o.user_id::text) as held
    from o`);
  const row = rows[0];
  if (!row || Number(row.status) !== PurchaseStatus.Accepted) return null;
  const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());
  const publishedAt = iso(row.published_at);
  if (row.claim_tx !== null)
    return {
      state: 'claimed',
      epoch: row.claim_epoch,
      publishedAt,
      claimedTx: row.claim_tx,
      claimedAt: iso(row.claim_time),
    };
  if (row.first_epoch !== null)
    return {
      state: 'published',
      epoch: row.first_epoch,
      publishedAt,
      claimedTx: null,
      claimedAt: null,
    };
  return {
    state: row.held ? 'held' : 'pending',
    epoch: null,
    publishedAt: null,
    claimedTx: null,
    claimedAt: null,
  };
}
