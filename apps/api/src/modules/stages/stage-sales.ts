import { Decimal } from 'decimal.js';
import { DECIMALS, stageMessages } from '@tmc/shared';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { fixed, money } from '../../lib/money.ts';
import {
  closeMissedStages,
  closeStage,
  lockActiveStage,
  openNextStage,
  type StageRow,
} from './stages.repo.ts';

type StageFigures = Pick<StageRow, 'tokenCap' | 'sold' | 'reserved' | 'state'>;

/** Tokens a stage still has to sell: none once closed, never below none. */
export function tokensLeft(stage: StageFigures) {
  if (stage.state === 'closed') return money(0);
  return Decimal.max(money(stage.tokenCap).minus(stage.sold).minus(stage.reserved), 0);
}

/** What is left as buyers and staff read it: 2 decimals, rounded down so that all of it can be ordered. */
export const leftText = (stage: StageFigures) =>
  fixed(tokensLeft(stage).toDecimalPlaces(DECIMALS.AUD, Decimal.ROUND_DOWN), DECIMALS.AUD);

/** Below the smallest order at its price (minimum purchase in AUD ÷ price): nobody can buy the rest. */
export function isSoldOut(
  stage: StageFigures & Pick<StageRow, 'priceAud'>,
  minPurchaseAud: string,
) {
  const left = tokensLeft(stage);
  return left.lte(0) || left.lt(money(minPurchaseAud).div(stage.priceAud));
}

export const notSelling = () => new AppError(409, stageMessages.notSelling);

/**
 * Holds the active stage for the order `tokens` that `stageId` priced, inside the order's
 * transaction, and answers 409 when it cannot take them: no stage selling, another stage selling
 * now, or fewer tokens left. The order's insert then reserves them (trigger purchases_stage_tokens)
 * under this lock, so two orders never both take the last tokens.
 */
export async function holdStageFor(
  tx: Tx,
  order: { stageId: string; tokenAmount: string },
  tokenSymbol: string,
) {
  const stage = await lockActiveStage(tx);
  if (!stage) throw notSelling();
  if (stage.id !== order.stageId) throw new AppError(409, stageMessages.priceChanged);
  if (money(order.tokenAmount).gt(tokensLeft(stage))) {
    const message = stageMessages.onlyLeft(leftText(stage), tokenSymbol);
    throw new AppError(409, message, { investmentAmount: message });
  }
  return stage;
}

/**
 * After an order took `tokens` from `stage` (held): when what is left is below the minimum
 * purchase, the stage closes as sold out and the next scheduled one opens, in the same
 * transaction.
 */
export async function closeIfSoldOut(
  tx: Tx,
  stage: StageRow,
  tokens: string,
  minPurchaseAud: string,
) {
  const after = { ...stage, reserved: money(stage.reserved).plus(tokens).toFixed() };
  if (!isSoldOut(after, minPurchaseAud)) return;
  await closeStage(tx, stage.id, 'sold_out', null);
  await openNextStage(tx);
}

export interface StageRoll {
  closed: { id: string; reason: 'sold_out' | 'time' }[];
  opened: string | null;
}

/**
 * The stage clock, run by the lapse job (one copy at a time): the active stage closes at its end
 * time or once what is left is below the minimum purchase (orders given back may have raised it
 * again: then it stays open), and the next scheduled stage whose start has come opens.
 */
export async function rollStages(
  tx: Tx,
  minPurchaseAud: string,
  now = new Date(),
): Promise<StageRoll> {
  const result: StageRoll = { closed: [], opened: null };
  const active = await lockActiveStage(tx);
  if (active) {
    const reason =
      active.endsAt && active.endsAt <= now
        ? ('time' as const)
        : isSoldOut(active, minPurchaseAud)
          ? ('sold_out' as const)
          : undefined;
    if (!reason) return result;
    await closeStage(tx, active.id, reason, null);
    result.closed.push({ id: active.id, reason });
  }
  for (const missed of await closeMissedStages(tx))
    result.closed.push({ id: missed.id, reason: 'time' });
  const opened = await openNextStage(tx);
  result.opened = opened?.id ?? null;
  return result;
}
