import { formatFigure } from './format.ts';

export const StageState = { Scheduled: 'scheduled', Active: 'active', Closed: 'closed' } as const;
export type StageState = (typeof StageState)[keyof typeof StageState];

/** Why a stage closed: what was left fell below the minimum purchase, its end time, or staff. */
export const StageCloseReason = { SoldOut: 'sold_out', Time: 'time', Staff: 'staff' } as const;
export type StageCloseReason = (typeof StageCloseReason)[keyof typeof StageCloseReason];

export const STAGE_NAME_MAX = 100;
export const STAGE_REMARK_MAX = 500;

export const stageMessages = {
  /** 409: no stage is active (before the first opens, between two, after the last). */
  notSelling: 'The presale is not selling right now',
  /** 409: the stage changed between pricing the order and reserving its tokens. */
  priceChanged:
    'The price changed while your order was being placed: check the new price and order again',
  /** 409: an order larger than what is left; never names a later stage's price. */
  onlyLeft: (left: string, symbol: string) =>
    `Only ${formatFigure(left)} ${symbol} are left at this stage's price: order up to ${formatFigure(left)}.`,
  notFound: 'Stage not found',
  /** 400: PATCH of an active or closed stage. */
  notEditable:
    "Only a scheduled stage can be edited: an active or closed stage's price and cap never change",
  alreadyClosed: 'This stage is closed already',
  endBeforeStart: 'endsAt must be after startsAt',
  remarkRequired: 'remark is required',
  /** 400: PUT /v1/admin/settings with another token price. */
  priceBySettings:
    'The token price is set by the presale stages: add a stage at the new price in Stages',
} as const;

/** `data` items of GET /v1/admin/stages. Token figures have 2 decimals, prices up to 18. */
export interface AdminStage {
  id: string;
  name: string;
  priceAud: string;
  tokenCap: string;
  sold: string;
  reserved: string;
  /** cap − sold − reserved while active or scheduled; 0 once closed. */
  left: string;
  /** A closed stage's leftover and what its orders gave back after it closed. */
  unsold: string;
  startsAt: string;
  endsAt: string | null;
  state: StageState;
  closeReason: StageCloseReason | null;
  remark: string | null;
  closedAt: string | null;
  /** Pending orders priced by this stage: each keeps its price whatever happens to the stage. */
  openOrders: number;
}

/** `data` of POST /v1/admin/stages/:id/close. */
export interface StageClosed {
  stage: AdminStage;
  /** Open orders that keep the closed stage's price. */
  openOrders: number;
}
