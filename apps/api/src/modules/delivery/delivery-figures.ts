import { erc20Abi, getAddress, parseUnits } from 'viem';
import type { Tx } from '../../db/client.ts';
import type { DistributionHold } from '../../db/schema/index.ts';
import type { ChainClient } from '../../lib/chain.ts';
import type { DeliveryDeployment } from '../../lib/distributor-abi.ts';
import { deliveryFigures } from './delivery.repo.ts';
import { distributorCursorName } from './distributor-reader.ts';
import { tmc, TMC_DECIMALS } from './tmc-amount.ts';

/** A balance read is reused this long: scrapes and page refreshes do not each cost an RPC call. */
const BALANCE_FRESH_MS = 15_000;
const BALANCE_TIMEOUT_MS = 2_000;

export interface DeliveryFigures {
  /** TMC, decimal strings. */
  claimed: string;
  published: string;
  unclaimed: string;
  held: { reason: DistributionHold['reason']; buyers: number; tokens: string }[];
  /** What the distributor lacks to pay every unclaimed token of the accepted root; null when its balance could not be read. */
  fundingShortfall: string | null;
  /** Blocks between the head and the reader's next block (0 when caught up); null without a head. */
  readerLagBlocks: string | null;
}

const REASONS: DistributionHold['reason'][] = ['no_proven_wallet', 'no_delivery_wallet'];

/**
 * Token delivery as the System page and the metrics show it: claimed (the reader's maintained
 * total), published (the accepted root's total), unclaimed, the held buyers of the latest
 * distribution by reason, the funding shortfall and the reader's lag. Small tables and one
 * balance read at most every 15 s.
 */
export function createDeliveryFigures({
  chain,
  deployment,
}: {
  chain: Pick<ChainClient, 'publicClient'>;
  deployment: DeliveryDeployment;
}) {
  const key = deployment.distributorAddress.toLowerCase();
  let balance: { value: bigint | undefined; readAt: number } | undefined;
  let reading: Promise<bigint | undefined> | undefined;

  function readBalance() {
    if (balance && Date.now() - balance.readAt < BALANCE_FRESH_MS)
      return Promise.resolve(balance.value);
    reading ??= Promise.race([
      chain.publicClient.readContract({
        address: getAddress(deployment.tokenAddress),
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [getAddress(deployment.distributorAddress)],
      }),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('timed out')), BALANCE_TIMEOUT_MS).unref(),
      ),
    ])
      .then(
        (value) => value,
        () => undefined,
      )
      .then((value) => {
        balance = { value, readAt: Date.now() };
        return value;
      })
      .finally(() => (reading = undefined));
    return reading;
  }

  return async function read(db: Tx, head: bigint | undefined): Promise<DeliveryFigures> {
    const [row, held] = await Promise.all([
      deliveryFigures(db, key, distributorCursorName(key)),
      readBalance(),
    ]);
    const unclaimed = row.published > row.claimed ? row.published - row.claimed : 0n;
    const shortfall = held === undefined ? undefined : unclaimed > held ? unclaimed - held : 0n;
    const lag =
      head === undefined || row.nextBlock === undefined
        ? undefined
        : head + 1n > row.nextBlock
          ? head + 1n - row.nextBlock
          : 0n;
    return {
      claimed: tmc(row.claimed),
      published: tmc(row.published),
      unclaimed: tmc(unclaimed),
      held: REASONS.map((reason) => {
        const holds = row.holds.filter((h) => h.reason === reason);
        return {
          reason,
          buyers: holds.length,
          tokens: tmc(holds.reduce((sum, h) => sum + parseUnits(h.tokens, TMC_DECIMALS), 0n)),
        };
      }),
      fundingShortfall: shortfall === undefined ? null : tmc(shortfall),
      readerLagBlocks: lag === undefined ? null : `${lag}`,
    };
  };
}

export type ReadDeliveryFigures = ReturnType<typeof createDeliveryFigures>;
