import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { DECIMALS, PaymentMode, purchaseMessages } from '@tmc/shared';
import type { Db, Tx } from '../../db/client.ts';
import { queueMail } from '../../lib/mailer/mailer.ts';
import { nameToGreet } from '../../lib/mailer/templates.ts';
import type { QueuedMailDelivery } from '../../lib/mailer/queued-mail.ts';
import { fixed } from '../../lib/money.ts';
import { createRepeatingJob } from '../../lib/repeating-job.ts';
import { findUserById } from '../account/users.repo.ts';
import { findSettings } from '../presale/presale.repo.ts';
import { rollStages } from '../stages/stage-sales.ts';
import {
  ensureChainWatcher,
  releaseChainWatcherLease,
  takeChainWatcherLease,
} from '../transactions/payment-watcher.repo.ts';
import {
  endBankOrderPastWindow,
  endBankOrderUnconfirmed,
  endPendingPurchase,
  failLapsedQuote,
  lockLapsedQuote,
  findBankOrdersPastWindow,
  findBankOrdersUnconfirmed,
  findLapsedQuotes,
} from './order-lapse.repo.ts';
import { confirmationDueOf, type PurchaseRow } from './purchases.repo.ts';
import type { TransactionsService } from '../transactions/transactions.service.ts';

/** The lease row the lapse job shares with the payment watcher's table (its block is unused). */
const LEASE_NAME = 'order-lapse';
/** Orders ended per kind and run: a run stays short, the next one goes on. */
const BATCH = 100;

/** A bank order whose window closed without a receipt: ended, whether or not the job has run yet. */
export const isPastPaymentWindow = (
  p: Pick<PurchaseRow, 'paymentMode' | 'receiptKey' | 'paymentDueAt'>,
  now = new Date(),
) =>
  p.paymentMode === PaymentMode.Bank &&
  p.receiptKey === null &&
  p.paymentDueAt !== null &&
  p.paymentDueAt <= now;

export interface LapseResult {
  /** False when another copy of the API holds the lease: this one did nothing. */
  leader: boolean;
  bank: number;
  /** Bank orders with a receipt whose money staff did not confirm in time. */
  unconfirmed: number;
  crypto: number;
  /** Crypto orders partially paid when their quote ended: credited for the value received. */
  partiallyPaid: number;
  /** Stages closed (sold out, or at their end) and the stage opened, by the stage clock. */
  stagesClosed: number;
  stageOpened: boolean;
}

interface OrderLapseDeps {
  db: Db;
  /** The payment watcher runs: a crypto order ends only once it has read past the quote's end. */
  chainRead: boolean;
  mail: Pick<QueuedMailDelivery, 'deliverSoon'>;
  /** Credits an order partially paid when its quote ends (the transactions service's step). */
  partialPayments?: Pick<TransactionsService, 'creditPartialAtExpiry'>;
  log: FastifyBaseLogger;
}

/**
 * Ends unpaid orders: a bank order whose payment window closed without a receipt, one whose
 * receipt staff did not confirm within BANK_CONFIRMATION_DAYS, and a crypto order whose quote
 * expired more than the grace period ago, once the payment watcher has read the chain past that
 * (its transaction fails; its exact amount stays reserved until it expired). A crypto order
 * partially paid by then is credited for the value received instead. Each other becomes Not
 * Accepted and its buyer is e-mailed, in the transaction
 * that ends it, so the e-mail goes out once. Every change is a conditional update under the
 * row's lock, the same lock the credit step and staff decisions take: an order paid, given a
 * receipt or decided at the same moment is left alone. One copy of the API runs it at a time
 * (a lease row, as the payment watcher's); running it twice is harmless. It is also the stage
 * clock: a stage closes at its end or once sold out, and the next scheduled one opens.
 */
export function createOrderLapse({ db, chainRead, mail, partialPayments, log }: OrderLapseDeps) {
  const holder = randomUUID();
  const job = createRepeatingJob({
    run: runOnce,
    runAgainAtOnce: (result) =>
      result.bank === BATCH ||
      result.unconfirmed === BATCH ||
      result.crypto + result.partiallyPaid === BATCH,
    minLeaseSeconds: 120,
    releaseLease: () => releaseChainWatcherLease(db, LEASE_NAME, holder),
    failureMessage: 'ending unpaid orders failed; retrying later',
    releaseFailureMessage: 'could not release the order lapse lease',
    log,
  });

  async function tellBuyer(tx: Tx, purchase: PurchaseRow, endedAt: Date, receiptAt?: Date) {
    const buyer = await findUserById(tx, purchase.userId);
    if (!buyer) return;
    await queueMail(tx, buyer.email, {
      kind: 'orderLapsed',
      name: nameToGreet(buyer),
      reference: purchase.reference,
      paymentMode: purchase.paymentMode === PaymentMode.Bank ? 'bank' : 'crypto',
      investmentAmount: fixed(purchase.investmentAmount, DECIMALS.AUD),
      endedAt: endedAt.toISOString(),
      ...(receiptAt ? { receiptAt: receiptAt.toISOString() } : {}),
    });
  }

  const endBankOrder = (id: string) =>
    db.transaction(async (tx) => {
      const ended = await endBankOrderPastWindow(tx, id, purchaseMessages.bankOrderLapsed);
      if (!ended) return false;
      await tellBuyer(tx, ended, ended.paymentDueAt!);
      return true;
    });

  const endUnconfirmedBankOrder = (id: string) =>
    db.transaction(async (tx) => {
      const ended = await endBankOrderUnconfirmed(tx, id, purchaseMessages.bankOrderUnconfirmed);
      if (!ended) return false;
      await tellBuyer(tx, ended, confirmationDueOf(ended), ended.receiptAt ?? ended.createdAt);
      return true;
    });

  /** Ends a lapsed crypto order, or credits it when part of it was paid: what became of it. */
  const endCryptoOrder = (id: string, graceMinutes: number) =>
    // The transaction's row first, as the credit step locks it: never a deadlock between them.
    db.transaction(async (tx): Promise<'ended' | 'credited' | false> => {
      const lapsed = await lockLapsedQuote(tx, id, graceMinutes, chainRead);
      if (!lapsed) return false;
      // Partially paid: the value received is credited, not ended (BTCPay's "partially paid").
      if (lapsed.receivedBaseUnits !== null && partialPayments)
        if ((await partialPayments.creditPartialAtExpiry(tx, lapsed)) === 'credited')
          return 'credited';
      const failed = await failLapsedQuote(tx, id, graceMinutes, chainRead);
      if (!failed?.purchaseId) return false;
      const ended = await endPendingPurchase(
        tx,
        failed.purchaseId,
        purchaseMessages.cryptoOrderLapsed,
      );
      if (!ended) return false;
      await tellBuyer(tx, ended, failed.quoteExpiresAt!);
      return 'ended';
    });

  async function runOnce(): Promise<LapseResult> {
    const result: LapseResult = {
      leader: false,
      bank: 0,
      unconfirmed: 0,
      crypto: 0,
      partiallyPaid: 0,
      stagesClosed: 0,
      stageOpened: false,
    };
    const settings = await findSettings(db);
    if (!settings) return result;
    await ensureChainWatcher(db, LEASE_NAME, 0n);
    if (!(await takeChainWatcherLease(db, LEASE_NAME, holder, job.leaseSeconds()))) return result;
    result.leader = true;
    job.tookLease();

    for (const id of await findBankOrdersPastWindow(db, BATCH))
      if (await endBankOrder(id)) result.bank++;
    for (const id of await findBankOrdersUnconfirmed(db, BATCH))
      if (await endUnconfirmedBankOrder(id)) result.unconfirmed++;
    for (const id of await findLapsedQuotes(db, settings.quoteGraceMinutes, chainRead, BATCH)) {
      const outcome = await endCryptoOrder(id, settings.quoteGraceMinutes);
      if (outcome === 'ended') result.crypto++;
      if (outcome === 'credited') result.partiallyPaid++;
    }

    // After the lapses: tokens they gave back may keep a nearly sold-out stage open.
    const roll = await db.transaction((tx) => rollStages(tx, settings.minPurchaseAud));
    result.stagesClosed = roll.closed.length;
    result.stageOpened = roll.opened !== null;
    if (roll.closed.length || roll.opened) log.info(roll, 'presale stages changed');

    if (result.bank || result.unconfirmed || result.crypto || result.partiallyPaid) {
      mail.deliverSoon();
      log.info(
        {
          bank: result.bank,
          unconfirmed: result.unconfirmed,
          crypto: result.crypto,
          partiallyPaid: result.partiallyPaid,
        },
        'unpaid orders ended',
      );
    }
    return result;
  }

  return { runOnce, start: job.start, stop: job.stop };
}

export type OrderLapse = ReturnType<typeof createOrderLapse>;
