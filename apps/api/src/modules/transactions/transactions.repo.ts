import {
  and,
  count,
  desc,
  eq,
  gt,
  inArray,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { PaymentMode, PaymentStatus } from '@tmc/shared';
import type { Tx } from '../../db/client.ts';
import { listSize, readTotal } from '../../db/list-sizes.ts';
import { prepareFlat, preparedByShape } from '../../db/prepared.ts';
import { purchases, transactions, users } from '../../db/schema/index.ts';
import { transactionDtoColumns } from './transaction-dto.ts';
import { findPartTransfer } from './payment-parts.repo.ts';

export async function findTransaction(db: Tx, id: string) {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
  return row;
}

/** Holds the row until the surrounding transaction ends: one verification of it at a time. */
export async function lockTransaction(db: Tx, id: string) {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).for('update');
  return row;
}

/** Holds every transaction of a presale request (the credit step's lock, taken first). */
export async function lockPurchaseTransactions(db: Tx, purchaseId: string) {
  await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.purchaseId, purchaseId))
    .orderBy(transactions.id)
    .for('update');
}

/** The key of a transfer: its transaction and, for USDC, its log (ETH has none: -1). */
const isTransferOf = (txnHash: string, logIndex: number | null) =>
  and(
    eq(transactions.txnHash, txnHash),
    sql`coalesce(${transactions.logIndex}, -1) = ${logIndex ?? -1}`,
  );

/** The id of the order this transfer credited, or counts towards as a part payment, if any. */
export async function findCreditedTransfer(db: Tx, txnHash: string, logIndex: number | null) {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(isTransferOf(txnHash, logIndex))
    .limit(1);
  return row?.id ?? (await findPartTransfer(db, txnHash, logIndex));
}

const openCryptoOrder = and(
  eq(transactions.paymentStatus, PaymentStatus.Pending),
  eq(transactions.paymentMode, PaymentMode.Crypto),
)!;

/** The open order of `coin` whose exact amount is `baseUnits` (at most one: transactions_open_quote_key). */
export async function findOpenOrderByQuote(db: Tx, coin: string, baseUnits: bigint) {
  const [row] = await db
    .select()
    .from(transactions)
    .where(
      and(
        openCryptoOrder,
        eq(transactions.tokenSymbol, coin),
        eq(transactions.quoteBaseUnits, baseUnits.toString()),
      ),
    );
  return row;
}

/**
 * Open orders of `coin` quoted from `low` to `high` base units (transactions_open_quote_key), at
 * most `limit`: the orders a transfer near their amount may have been meant for.
 */
export async function findOpenOrdersQuotedNear(
  db: Tx,
  coin: string,
  low: bigint,
  high: bigint,
  limit: number,
) {
  return db
    .select()
    .from(transactions)
    .where(
      and(
        openCryptoOrder,
        eq(transactions.tokenSymbol, coin),
        sql`${transactions.quoteBaseUnits} between ${low.toString()} and ${high.toString()}`,
      ),
    )
    .limit(limit);
}

/** An account's open crypto orders of `coin`, oldest first (transactions_user_open_quote_idx). */
export async function findOpenOrdersOfUser(db: Tx, userId: string, coin: string) {
  return db
    .select()
    .from(transactions)
    .where(
      and(openCryptoOrder, eq(transactions.userId, userId), eq(transactions.tokenSymbol, coin)),
    )
    .orderBy(transactions.createdAt)
    .limit(2);
}

/** The newest crypto transaction of the presale request with this payment reference, with the request's status. */
export async function findCryptoOrderByReference(db: Tx, reference: string) {
  const [row] = await db
    .select({ transaction: transactions, purchaseStatus: purchases.status })
    .from(purchases)
    .innerJoin(transactions, eq(transactions.purchaseId, purchases.id))
    .where(
      and(eq(purchases.reference, reference), eq(transactions.paymentMode, PaymentMode.Crypto)),
    )
    .orderBy(desc(transactions.createdAt))
    .limit(1);
  return row;
}

/** A buyer's open crypto orders whose quote still holds. */
export async function countOpenCryptoOrders(db: Tx, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(transactions)
    .where(
      and(
        openCryptoOrder,
        eq(transactions.userId, userId),
        gt(transactions.quoteExpiresAt, sql`now()`),
      ),
    );
  return row?.n ?? 0;
}

/** The wallets open crypto orders were quoted to (a changed setting does not move an open order). */
export async function findOpenOrderWallets(db: Tx) {
  const rows = await db
    .selectDistinct({ wallet: transactions.walletAddress })
    .from(transactions)
    .where(openCryptoOrder);
  return rows.flatMap((r) => (r.wallet ? [r.wallet] : []));
}

/**
 * A credited crypto order gives its transfer up (staff move it to another order): Success →
 * Failed without the transfer, so the transfer can credit the other order. The audit keeps what
 * it was.
 */
export async function detachTransfer(db: Tx, id: string) {
  const [row] = await db
    .update(transactions)
    .set({
      paymentStatus: PaymentStatus.Failed,
      txnHash: null,
      logIndex: null,
      fromAddress: null,
      senderMatchesWallet: null,
      paidBaseUnits: null,
      blockNumber: null,
      verifiedAt: null,
      creditOverride: null,
    })
    .where(and(eq(transactions.id, id), eq(transactions.paymentStatus, PaymentStatus.Success)))
    .returning();
  return row;
}

export interface VerifiedPayment {
  txnHash: string;
  logIndex: number | null;
  fromAddress: string;
  senderMatchesWallet: boolean | null;
  paidBaseUnits: bigint;
  blockNumber: bigint;
  /** The token amount credited (less than ordered when the transfer was short). */
  tokenAmount: string;
  creditOverride: string | null;
}

/** Pending → Success with the proof; the unique index on the transfer refuses one already stored. */
export async function markTransactionPaid(db: Tx, id: string, payment: VerifiedPayment) {
  const [row] = await db
    .update(transactions)
    .set({
      paymentStatus: PaymentStatus.Success,
      txnHash: payment.txnHash,
      logIndex: payment.logIndex,
      tokenAmount: payment.tokenAmount,
      creditOverride: payment.creditOverride,
      fromAddress: payment.fromAddress,
      senderMatchesWallet: payment.senderMatchesWallet,
      paidBaseUnits: payment.paidBaseUnits.toString(),
      blockNumber: payment.blockNumber,
      verifiedAt: sql`now()`,
    })
    .where(and(eq(transactions.id, id), eq(transactions.paymentStatus, PaymentStatus.Pending)))
    .returning();
  return row;
}

/** Inserts a transaction; one made for an order names that order's stage. */
export async function insertTransaction(db: Tx, values: typeof transactions.$inferInsert) {
  const stageOf = (column: typeof purchases.stageId | typeof purchases.stageName) =>
    values.purchaseId
      ? sql`(select ${column} from ${purchases} where ${purchases.id} = ${values.purchaseId})`
      : null;
  const [row] = await db
    .insert(transactions)
    .values({
      ...values,
      stageId: stageOf(purchases.stageId),
      stageName: stageOf(purchases.stageName),
    })
    .returning();
  return row!;
}

export interface UserTransactionsQuery {
  limit: number;
  offset: number;
  /** 1 cheapest first, −1 dearest first; newest first when absent. */
  sortPrice?: 1 | -1;
  paymentStatus?: number;
  paymentMode?: number;
}

/** A value, or the placeholder a prepared statement fills in. */
type Param<T> = T | Placeholder;

const ofUser = (
  userId: Param<string>,
  q: { paymentStatus?: Param<number>; paymentMode?: Param<number> },
) =>
  and(
    eq(transactions.userId, userId),
    q.paymentStatus === undefined ? undefined : eq(transactions.paymentStatus, q.paymentStatus),
    q.paymentMode === undefined ? undefined : eq(transactions.paymentMode, q.paymentMode),
  );

/**
 * ORDER BY for sort[price] (1 cheapest first, −1 dearest first): the stored AUD value (so payments
 * in AUD, ETH and USDC compare by what they are worth; those without one last either way), then
 * newest. Each direction has an index in exactly this order (transactions_aud_value_*_idx).
 */
export function byAudValue(direction: 1 | -1): SQL[] {
  return [
    direction === 1
      ? sql`${transactions.audValue} asc nulls last`
      : sql`${transactions.audValue} desc nulls last`,
    desc(transactions.createdAt),
    desc(transactions.id),
  ];
}

/**
 * The total of a user's list: what the account's list size says, or a count of the rows a filter
 * keeps (an index scan of the user's rows).
 */
const totalOf = (
  db: Tx,
  userId: Param<string>,
  q: { paymentStatus?: Param<number>; paymentMode?: Param<number> },
) =>
  q.paymentStatus === undefined && q.paymentMode === undefined
    ? listSize('transactions', userId)
    : db.$count(transactions, ofUser(userId, q));

/** A page statement per shape of query (sorting, which filters). */
const userPage = preparedByShape(
  (q: Omit<UserTransactionsQuery, 'limit' | 'offset'>) =>
    `user_transactions_${q.sortPrice ?? 0}_${Number(q.paymentStatus !== undefined)}${Number(q.paymentMode !== undefined)}`,
  (db, name, q) => {
    const params = {
      paymentStatus: q.paymentStatus === undefined ? undefined : sql.placeholder('paymentStatus'),
      paymentMode: q.paymentMode === undefined ? undefined : sql.placeholder('paymentMode'),
    };
    const order =
      q.sortPrice === undefined
        ? [desc(transactions.createdAt), desc(transactions.id)]
        : byAudValue(q.sortPrice);
    const columns = {
      ...transactionDtoColumns,
      total: totalOf(db, sql.placeholder('userId'), params),
    };
    return prepareFlat(db, name, columns, (select) =>
      select
        .from(transactions)
        .where(ofUser(sql.placeholder('userId'), params))
        .orderBy(...order)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
    );
  },
);

/**
 * One page of a user's transactions and how many there are, in one prepared statement; newest
 * first follows transactions_user_created_idx, the id breaks ties. Only a page past the end
 * reads its total on its own.
 */
export async function pageUserTransactions(db: Tx, userId: string, q: UserTransactionsQuery) {
  const rows = await userPage(q)(db).execute({ userId, ...q });
  const total = rows[0]?.total ?? (q.offset > 0 ? await countUserTransactions(db, userId, q) : 0);
  return { rows, total };
}

export async function countUserTransactions(
  db: Tx,
  userId: string,
  q: Pick<UserTransactionsQuery, 'paymentStatus' | 'paymentMode'>,
) {
  return readTotal(db, totalOf(db, userId, q));
}

/** Crypto orders by id (and the one of `purchaseId`), with their request and buyer's e-mail, in one query. */
export async function findCryptoOrdersWithBuyers(
  db: Tx,
  purchaseId: string | null,
  ids: readonly string[],
) {
  if (ids.length === 0 && purchaseId === null) return [];
  return db
    .select({ transaction: transactions, purchase: purchases, email: users.email })
    .from(transactions)
    .innerJoin(purchases, eq(purchases.id, transactions.purchaseId))
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(
      and(
        eq(transactions.paymentMode, PaymentMode.Crypto),
        or(
          ids.length ? inArray(transactions.id, [...ids]) : undefined,
          purchaseId ? eq(transactions.purchaseId, purchaseId) : undefined,
        ),
      ),
    )
    .orderBy(transactions.createdAt)
    .limit(50);
}
