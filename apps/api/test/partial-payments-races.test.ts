import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { paymentParts } from '../src/db/schema/index.ts';
import { devAccount } from '../src/dev/dev-accounts.ts';
import { createChainClient } from '../src/lib/chain.ts';
import { createQueuedMailDelivery } from '../src/lib/mailer/queued-mail.ts';
import { createPurchaseAcceptance } from '../src/modules/orders/accept-purchase.ts';
import {
  createTransactionsService,
  type Transfer,
} from '../src/modules/transactions/transactions.service.ts';
import { verifiedUser } from './auth-helpers.ts';
import { proveWallet, readOrder, unmatchedOf, useCryptoApp } from './crypto-helpers.ts';

/**
 * Two transfers to one partially paid order settled at the same moment, on PostgreSQL: the
 * order's row lock makes them add up one after the other, never both from the same total.
 */

const { devChain, app, db, mailer, box, order } = useCryptoApp({ postgres: true });

const WALLET = 5;

function service() {
  const { rpcUrl, chainId } = devChain();
  return createTransactionsService({
    db: db(),
    chain: createChainClient({ rpcUrl, chainId }),
    acceptance: createPurchaseAcceptance(),
    mail: createQueuedMailDelivery(mailer(), app().log),
    log: app().log,
  });
}

/** A confirmed transfer from the buyer's proven wallet, as the watcher hands it over. */
const transfer = (value: bigint): Transfer => ({
  coin: 'ETH',
  txnHash: `0x${randomBytes(32).toString('hex')}`,
  logIndex: null,
  from: devAccount(WALLET).address,
  to: devChain().companyWallet,
  value,
  blockNumber: 1n,
  blockTime: new Date(),
});

describe('racing part payments', () => {
  it('two transfers of 60% each at once: one is a part, the other completes the order, the excess is listed once', async () => {
    const b = await verifiedUser(app(), box());
    await proveWallet(db(), b.user._id, devAccount(WALLET).address, new Date(Date.now() - 60_000));
    const { transaction } = await order(b, 'ETH', '0.05');
    const quote = BigInt(transaction.quoteBaseUnits!);
    const part = (quote * 6n) / 10n;
    const [one, two] = [transfer(part), transfer(part)];
    const transactions = service();

    const outcomes = await Promise.all([
      transactions.settleTransfer(one),
      transactions.settleTransfer(two),
    ]);
    expect([...outcomes].sort()).toEqual(['credited', 'partial']);

    const { transaction: after, purchase } = await readOrder(db(), transaction.id);
    expect(after).toMatchObject({ paymentStatus: 1, paidBaseUnits: quote.toString() });
    expect(purchase.status).toBe(1);
    const parts = await db()
      .select()
      .from(paymentParts)
      .where(eq(paymentParts.transactionId, transaction.id));
    expect(parts).toHaveLength(1);
    // The part and the transfer that completed the order are the two transfers, each once.
    expect([parts[0]!.txnHash, after.txnHash].sort()).toEqual([one.txnHash, two.txnHash].sort());
    const completing = after.txnHash === one.txnHash ? one : two;
    expect(await unmatchedOf(db(), completing.txnHash)).toMatchObject([
      { reason: 'overpaid', part: 1, amountBaseUnits: (part * 2n - quote).toString() },
    ]);
  });

  it('the same transfer settled ten times at once counts once', async () => {
    const b = await verifiedUser(app(), box());
    await proveWallet(
      db(),
      b.user._id,
      devAccount(WALLET + 1).address,
      new Date(Date.now() - 60_000),
    );
    const { transaction } = await order(b, 'ETH', '0.05');
    const once = { ...transfer(parseEther('0.01')), from: devAccount(WALLET + 1).address };
    const transactions = service();

    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => transactions.settleTransfer(once)),
    );
    expect(outcomes.filter((o) => o === 'partial')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'known')).toHaveLength(9);
    expect((await readOrder(db(), transaction.id)).transaction).toMatchObject({
      paymentStatus: 0,
      receivedBaseUnits: parseEther('0.01').toString(),
    });
    expect(
      await db().select().from(paymentParts).where(eq(paymentParts.txnHash, once.txnHash)),
    ).toHaveLength(1);
  });
});
