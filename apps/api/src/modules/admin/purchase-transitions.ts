import { PurchaseStatus, purchaseStatusLabel } from '@tmc/shared';

/** The review decisions API.md allows; everything else is a 400. */
const LEGAL: Record<number, readonly number[]> = {
  [PurchaseStatus.Pending]: [
    PurchaseStatus.Accepted,
    PurchaseStatus.Rejected,
    PurchaseStatus.NotAccepted,
  ],
  [PurchaseStatus.Accepted]: [PurchaseStatus.Reverted],
};

export const isLegalTransition = (from: number, to: number) => LEGAL[from]?.includes(to) ?? false;

export const illegalTransitionMessage = (from: number, to: number) =>
  `A request that is ${purchaseStatusLabel(from)} cannot be changed to ${purchaseStatusLabel(to)}`;
