import { sql } from 'drizzle-orm';
import { parseUnits } from 'viem';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';

const DECIMALS = { ETH: 18, USDC: 6 } as const;
const units = (amount: string, coin: 'ETH' | 'USDC') => parseUnits(amount, DECIMALS[coin]);

/**
 * Refunds in the books, per coin, with this file's own arithmetic: what the company wallet
 * received (credited to orders, or still listed) = value credited + value refunded (paid) + value
 * promised back (requested or approved) + value still listed. Each refund is taken from its
 * source, and no source gives back more than it brought: an order never below zero, a listed
 * transfer never below zero. Answers the figures per coin so a test can compare them with what it
 * sent.
 */
export async function checkRefundBooks(db: Db) {
  const { rows: credited } = await db.execute<{ id: string; coin: 'ETH' | 'USDC'; paid: string }>(
    sql`select purchase_id as id, token_symbol as coin, paid_base_units::text as paid
        from transactions where txn_hash is not null and paid_base_units is not null
          and token_symbol in ('ETH', 'USDC')`,
  );
  const { rows: listed } = await db.execute<{ id: string; coin: 'ETH' | 'USDC'; amount: string }>(
    sql`select id, coin, amount_base_units::text as amount from unmatched_payments
        where status <> 'assigned'`,
  );
  const { rows: refunds } = await db.execute<{
    purchase_id: string | null;
    unmatched_payment_id: string | null;
    coin: 'ETH' | 'USDC';
    amount: string;
    state: string;
  }>(
    sql`select purchase_id, unmatched_payment_id, coin, amount::text as amount, state
        from refunds where coin in ('ETH', 'USDC') and state <> 'declined'`,
  );
  const books: Record<
    'ETH' | 'USDC',
    { received: bigint; credited: bigint; refunded: bigint; promised: bigint; listed: bigint }
  > = {
    ETH: { received: 0n, credited: 0n, refunded: 0n, promised: 0n, listed: 0n },
    USDC: { received: 0n, credited: 0n, refunded: 0n, promised: 0n, listed: 0n },
  };
  const left = new Map<string, bigint>();
  for (const c of credited) {
    books[c.coin].received += BigInt(c.paid);
    left.set(`order:${c.id}`, (left.get(`order:${c.id}`) ?? 0n) + BigInt(c.paid));
  }
  for (const l of listed) {
    books[l.coin].received += BigInt(l.amount);
    left.set(`listed:${l.id}`, BigInt(l.amount));
  }
  for (const r of refunds) {
    const key = r.purchase_id ? `order:${r.purchase_id}` : `listed:${r.unmatched_payment_id}`;
    const value = units(r.amount, r.coin);
    left.set(key, (left.get(key) ?? 0n) - value);
    if (r.state === 'paid') books[r.coin].refunded += value;
    else books[r.coin].promised += value;
  }
  for (const [key, value] of left) {
    expect(value >= 0n, `${key} gives back more than it brought`).toBe(true);
    const coin =
      credited.find((c) => `order:${c.id}` === key)?.coin ??
      listed.find((l) => `listed:${l.id}` === key)!.coin;
    if (key.startsWith('order:')) books[coin].credited += value;
    else books[coin].listed += value;
  }
  for (const coin of ['ETH', 'USDC'] as const) {
    const b = books[coin];
    expect((b.credited + b.refunded + b.promised + b.listed).toString(), coin).toBe(
      b.received.toString(),
    );
  }
  return books;
}
