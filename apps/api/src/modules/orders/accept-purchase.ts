import { purchaseMessages, purchaseStatusLabel } from '@tmc/shared';
import type { Tx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { addToPresaleTotals } from '../presale/presale.repo.ts';
import {
  findPurchaseStatus,
  markPurchaseAccepted,
  type AcceptedPurchaseRow,
} from './accept-purchase.repo.ts';

/** A later step of an acceptance, run inside the same database transaction (a throw undoes the acceptance). */
export type PurchaseAcceptedHook = (tx: Tx, purchase: AcceptedPurchaseRow) => Promise<void>;

export interface AcceptPurchaseInput {
  purchaseId: string;
  /** The staff member who accepted it; absent when a verified crypto payment accepted it. */
  reviewedBy?: string;
}

export const purchaseAcceptanceMessages = {
  notFound: 'Presale request not found',
  notPending: (status: number) =>
    `Only a pending presale request can be accepted; this one is ${purchaseStatusLabel(status)}`,
  overHardCap: purchaseMessages.acceptOverHardCap,
} as const;

/** The acceptance was refused because it would take the amount raised past the hard cap. */
export const isOverHardCap = (err: unknown) =>
  err instanceof AppError && err.message === purchaseAcceptanceMessages.overHardCap;

/**
 * The one "purchase accepted" step: a verified crypto payment and a staff acceptance of a bank
 * purchase both go through it, so both count the same way. Created once with its hooks; the
 * affiliate ledger (tier 1 and 2 earnings) is meant to be one of `onAccepted`.
 */
export function createPurchaseAcceptance({
  onAccepted = [],
}: { onAccepted?: readonly PurchaseAcceptedHook[] } = {}) {
  /**
   * Call inside a transaction: Pending → Accepted, raised AUD and tokens sold grow, then the hooks
   * run. A 400 when it would pass the hard cap; the caller's transaction then undoes the status.
   */
  async function acceptPurchase(
    tx: Tx,
    { purchaseId, reviewedBy }: AcceptPurchaseInput,
  ): Promise<AcceptedPurchaseRow> {
    const purchase = await markPurchaseAccepted(tx, purchaseId, reviewedBy ?? null);
    if (!purchase) {
      const status = await findPurchaseStatus(tx, purchaseId);
      if (status === undefined) throw notFound(purchaseAcceptanceMessages.notFound);
      throw badRequest(purchaseAcceptanceMessages.notPending(status));
    }
    const counted = await addToPresaleTotals(tx, {
      aud: purchase.investmentAmount,
      tokens: purchase.tokenAmount,
    });
    if (!counted) throw badRequest(purchaseAcceptanceMessages.overHardCap);
    for (const hook of onAccepted) await hook(tx, purchase);
    return purchase;
  }

  return { acceptPurchase };
}

export type PurchaseAcceptance = ReturnType<typeof createPurchaseAcceptance>;
