import { DECIMALS, stageMessages, type AdminStage, type StageClosed } from '@tmc/shared';
import type { Db, Tx } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { fixed, plain } from '../../lib/money.ts';
import { isUuid } from '../../lib/uuid.ts';
import { leftText } from './stage-sales.ts';
import {
  closeStage,
  countOpenOrders,
  findActiveStage,
  insertStage,
  listStages,
  lockStage,
  openNextStage,
  updateScheduledStage,
  type NewStage,
  type StageRow,
} from './stages.repo.ts';

export const toAdminStageDto = (s: StageRow, openOrders: number): AdminStage => ({
  id: s.id,
  name: s.name,
  priceAud: plain(s.priceAud),
  tokenCap: fixed(s.tokenCap, DECIMALS.AUD),
  sold: fixed(s.sold, DECIMALS.AUD),
  reserved: fixed(s.reserved, DECIMALS.AUD),
  left: leftText(s),
  unsold: fixed(s.unsold, DECIMALS.AUD),
  startsAt: s.startsAt.toISOString(),
  endsAt: s.endsAt?.toISOString() ?? null,
  state: s.state,
  closeReason: s.closeReason,
  remark: s.remark,
  closedAt: s.closedAt?.toISOString() ?? null,
  openOrders,
});

const checkDates = (startsAt: Date, endsAt: Date | null | undefined) => {
  if (endsAt && endsAt <= startsAt)
    throw badRequest(stageMessages.endBeforeStart, { endsAt: stageMessages.endBeforeStart });
};

/** The staff console's Stages: list, add and edit scheduled stages, close one now. All audited. */
export function createStagesService({ db }: { db: Db }) {
  const held = async (tx: Tx, id: string) => {
    const stage = isUuid(id) ? await lockStage(tx, id) : undefined;
    if (!stage) throw notFound(stageMessages.notFound);
    return stage;
  };

  return {
    async list(): Promise<AdminStage[]> {
      const rows = await listStages(db);
      return rows.map((r) => toAdminStageDto(r.stage, r.openOrders));
    },

    /** A new scheduled stage; when none is active and its start has come, it opens at once. */
    create: (actorId: string, body: NewStage) =>
      db.transaction(async (tx) => {
        checkDates(body.startsAt, body.endsAt);
        const created = await insertStage(tx, body);
        await recordAudit(tx, {
          actorId,
          action: 'stage.create',
          entity: 'stage',
          entityId: created.id,
          after: toAdminStageDto(created, 0),
        });
        const opened = await openIfNoneActive(tx);
        return toAdminStageDto(opened?.id === created.id ? opened : created, 0);
      }),

    /** Scheduled stages only: an active or closed stage's price and cap never change (400). */
    update: (actorId: string, id: string, change: Partial<NewStage>) =>
      db.transaction(async (tx) => {
        const before = await held(tx, id);
        if (before.state !== 'scheduled') throw badRequest(stageMessages.notEditable);
        checkDates(
          change.startsAt ?? before.startsAt,
          change.endsAt === undefined ? before.endsAt : change.endsAt,
        );
        const after = (await updateScheduledStage(tx, id, change))!;
        await recordAudit(tx, {
          actorId,
          action: 'stage.update',
          entity: 'stage',
          entityId: id,
          before: toAdminStageDto(before, 0),
          after: toAdminStageDto(after, 0),
        });
        const opened = await openIfNoneActive(tx);
        return toAdminStageDto(opened?.id === id ? opened : after, 0);
      }),

    /**
     * Closes a scheduled or active stage now, with the staff member's remark; its open orders
     * keep its price, and the next scheduled stage whose start has come opens.
     */
    close: (actorId: string, id: string, remark: string): Promise<StageClosed> =>
      db.transaction(async (tx) => {
        const before = await held(tx, id);
        if (before.state === 'closed') throw badRequest(stageMessages.alreadyClosed);
        const after = (await closeStage(tx, id, 'staff', remark))!;
        const openOrders = await countOpenOrders(tx, id);
        await recordAudit(tx, {
          actorId,
          action: 'stage.close',
          entity: 'stage',
          entityId: id,
          before: toAdminStageDto(before, openOrders),
          after: toAdminStageDto(after, openOrders),
        });
        if (before.state === 'active') await openNextStage(tx);
        return { stage: toAdminStageDto(after, openOrders), openOrders };
      }),
  };
}

/** Opens the next due stage when none sells (the stage clock would do it at its next run). */
async function openIfNoneActive(tx: Tx) {
  return (await findActiveStage(tx)) ? undefined : openNextStage(tx);
}

export type StagesService = ReturnType<typeof createStagesService>;
