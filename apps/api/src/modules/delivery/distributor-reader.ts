import type { FastifyBaseLogger } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { getAddress, parseEventLogs } from 'viem';
import type { Db, Tx } from '../../db/client.ts';
import type { tokenClaims } from '../../db/schema/index.ts';
import { chainWatchers, distributions } from '../../db/schema/index.ts';
import type { QueuedMailDelivery } from '../../lib/mailer/queued-mail.ts';
import type { ChainClient } from '../../lib/chain.ts';
import { metrics } from '../../lib/metrics.ts';
import { distributorAbi, type DeliveryDeployment } from '../../lib/distributor-abi.ts';
import {
  findDistributionByRoot,
  insertTokenClaims,
  setDistributionStatus,
  supersedeBefore,
} from './delivery.repo.ts';

/** The reader's cursor row in chain_watchers. */
export const distributorCursorName = (distributorKey: string) => `distributor:${distributorKey}`;

/** At most this many blocks a poll, as for payments. */
export const DISTRIBUTOR_BLOCKS_PER_POLL = 2_000n;

export interface DistributorReadResult {
  blocks?: { from: bigint; to: bigint };
  proposed: number;
  accepted: number;
  cancelled: number;
  claims: number;
  /** Blocks between the chain head and the last block read (the reader's lag). */
  lag: bigint;
}

interface ReaderDeps {
  db: Db;
  chain: ChainClient;
  deployment: DeliveryDeployment;
  /** Called in the transaction that marks a root accepted (the buyers' proof e-mails). */
  onAccepted?: (tx: Tx, distributionId: string) => Promise<void>;
  mail?: Pick<QueuedMailDelivery, 'deliverSoon'>;
  log: FastifyBaseLogger;
}

/**
 * Reads the distributor's events from its deploy block, once each is `minConfirmations` deep:
 * proposals, acceptances and cancellations set the distributions' states; Claimed logs are
 * stored keyed by (hash, log index). It runs under the payment watcher's lease (one reader at a
 * time); its cursor is a row of its own beside the watcher's.
 */
export function createDistributorReader({
  db,
  chain,
  deployment,
  onAccepted,
  mail,
  log,
}: ReaderDeps) {
  const distributor = getAddress(deployment.distributorAddress);
  const key = distributor.toLowerCase();
  const cursorName = distributorCursorName(key);

  async function read(head: bigint, minConfirmations: bigint): Promise<DistributorReadResult> {
    const result: DistributorReadResult = {
      proposed: 0,
      accepted: 0,
      cancelled: 0,
      claims: 0,
      lag: 0n,
    };
    await db
      .insert(chainWatchers)
      .values({ name: cursorName, nextBlock: deployment.startBlock })
      .onConflictDoNothing();
    const [cursor] = await db
      .select()
      .from(chainWatchers)
      .where(eq(chainWatchers.name, cursorName));
    const from = cursor!.nextBlock;
    const confirmed = head - minConfirmations + 1n;
    const last = from + DISTRIBUTOR_BLOCKS_PER_POLL - 1n;
    const to = confirmed < last ? confirmed : last;
    result.lag = head - (to >= from ? to : from - 1n);
    if (to < from) {
      metrics.distributorRead(result.lag, 0);
      return result;
    }

    const logs = await chain.publicClient.getLogs({
      address: distributor,
      fromBlock: from,
      toBlock: to,
    });
    const events = parseEventLogs({ abi: distributorAbi, logs, strict: true });
    const blockTimes = new Map<bigint, Date>();
    const timeOf = async (n: bigint) => {
      if (!blockTimes.has(n)) {
        const block = await chain.publicClient.getBlock({ blockNumber: n });
        blockTimes.set(n, new Date(Number(block.timestamp) * 1000));
      }
      return blockTimes.get(n)!;
    };
    const claims: (typeof tokenClaims.$inferInsert)[] = [];
    for (const event of events) {
      if (event.eventName === 'Claimed')
        claims.push({
          txHash: event.transactionHash.toLowerCase(),
          logIndex: event.logIndex,
          distributorAddress: key,
          blockNumber: event.blockNumber,
          address: event.args.account.toLowerCase(),
          amountBaseUnits: event.args.amount.toString(),
          cumulativeClaimedBaseUnits: event.args.cumulativeClaimed.toString(),
          epoch: Number(event.args.epoch),
          blockTime: await timeOf(event.blockNumber),
        });
    }

    await db.transaction(async (tx) => {
      for (const event of events) {
        if (event.eventName === 'RootProposed') {
          const row = await findDistributionByRoot(
            tx,
            key,
            Number(event.args.epoch),
            event.args.root,
          );
          const moved =
            row &&
            (await setDistributionStatus(tx, row.id, ['draft', 'cancelled'], 'proposed', {
              proposedTx: event.transactionHash.toLowerCase(),
            }));
          if (moved) result.proposed++;
          else if (!row)
            log.warn(
              { epoch: `${event.args.epoch}` },
              'a root this site did not build was proposed',
            );
        } else if (event.eventName === 'RootCancelled') {
          const rows = await tx
            .update(distributions)
            .set({ status: 'cancelled', updatedAt: sql`now()` })
            .where(
              and(
                eq(distributions.distributorAddress, key),
                eq(distributions.epoch, Number(event.args.epoch)),
                eq(distributions.status, 'proposed'),
              ),
            )
            .returning({ id: distributions.id });
          result.cancelled += rows.length;
        } else if (event.eventName === 'RootAccepted') {
          const row = await findDistributionByRoot(
            tx,
            key,
            Number(event.args.epoch),
            event.args.root,
          );
          if (!row) {
            log.warn(
              { epoch: `${event.args.epoch}` },
              'a root this site did not build was accepted',
            );
            continue;
          }
          const moved = await setDistributionStatus(
            tx,
            row.id,
            ['draft', 'proposed', 'cancelled'],
            'accepted',
            {
              acceptedTx: event.transactionHash.toLowerCase(),
              acceptedBlock: event.blockNumber,
            },
          );
          if (!moved) continue;
          await supersedeBefore(tx, key, moved.epoch);
          await onAccepted?.(tx, moved.id);
          result.accepted++;
        }
      }
      result.claims = await insertTokenClaims(tx, claims);
      await tx
        .update(chainWatchers)
        .set({
          nextBlock: sql`greatest(${chainWatchers.nextBlock}, ${to + 1n})`,
          headBlock: head,
          updatedAt: sql`now()`,
        })
        .where(eq(chainWatchers.name, cursorName));
    });
    result.blocks = { from, to };
    metrics.distributorRead(result.lag, result.claims);
    if (result.accepted) mail?.deliverSoon();
    return result;
  }

  return { read };
}

export type DistributorReader = ReturnType<typeof createDistributorReader>;
