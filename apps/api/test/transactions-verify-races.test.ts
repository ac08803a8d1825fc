import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifyPaymentMessages as says } from '@tmc/shared';
import {
  paymentParts,
  purchases,
  transactions,
  unmatchedPayments,
} from '../src/db/schema/index.ts';
import { createChainClient } from '../src/lib/chain.ts';
import { createQueuedMailDelivery } from '../src/lib/mailer/queued-mail.ts';
import { createPurchaseAcceptance } from '../src/modules/orders/accept-purchase.ts';
import { createTransactionsService } from '../src/modules/transactions/transactions.service.ts';
import { verifiedUser } from './auth-helpers.ts';
import { due, readSettings, useCryptoApp, type Buyer } from './crypto-helpers.ts';

const { devChain, app, db, mailer, box, tools, order, verify } = useCryptoApp({ postgres: true });

const ethOrder = (b: Buyer) => order(b, 'ETH', '0.05');

describe('racing verifications', () => {
  it('20 verifications of one hash on one transaction at once: all answer the one result, counted once', async () => {
    const b = await verifiedUser(app(), box());
    const { transaction, purchase } = await ethOrder(b);
    const before = await readSettings(db());
    const payment = await tools().pay('ETH', due(transaction));

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => verify(b, transaction.id, payment.hash)),
    );
    // A retry of the hash that credited the order is not an error: every answer is that result.
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    for (const answer of answers) expect(answer.json()).toEqual(answers[0]!.json());

    const rows = await db()
      .select()
      .from(transactions)
      .where(eq(transactions.txnHash, payment.hash));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: transaction.id, paymentStatus: 1 });
    expect(
      (await db().select().from(purchases).where(eq(purchases.id, purchase.id)))[0]!.status,
    ).toBe(1);
    const after = await readSettings(db());
    expect(Number(after.raisedAud) - Number(before.raisedAud)).toBe(250);
    // One e-mail, for the one verification that credited it.
    await box().next(b.email, /payment is verified/);
    expect(
      (await box().unread(b.email)).filter((m) => /payment is verified/.test(m.subject)),
    ).toHaveLength(0);
  });

  it('three orders of one nominal amount racing for one payment: only the order of its exact amount gets it', async () => {
    const first = await verifiedUser(app(), box());
    const second = await verifiedUser(app(), box());
    const orders = [await ethOrder(first), await ethOrder(second), await ethOrder(first)];
    const buyers = [first, second, first];
    const before = await readSettings(db());
    const payment = await tools().pay('ETH', due(orders[1]!.transaction));

    const answers = await Promise.all(
      orders.map((o, i) => verify(buyers[i]!, o.transaction.id, payment.hash)),
    );
    // The payment is the second buyer's; the first cannot claim it for either of their orders.
    expect(answers.map((a) => a.statusCode)).toEqual([400, 200, 400]);
    for (const refused of [answers[0]!, answers[2]!])
      expect([says.otherOrder, says.hashUsed]).toContain(refused.json().message);

    const rows = await db()
      .select()
      .from(transactions)
      .where(
        inArray(
          transactions.id,
          orders.map((o) => o.transaction.id),
        ),
      );
    expect(rows.filter((r) => r.paymentStatus === 1).map((r) => r.id)).toEqual([
      orders[1]!.transaction.id,
    ]);
    expect(await db().select().from(unmatchedPayments)).toEqual([]);
    const after = await readSettings(db());
    expect(Number(after.raisedAud) - Number(before.raisedAud)).toBe(250);
  });
});

describe('one transfer, two orders at once', () => {
  it.each([
    ['be credited', -1n],
    ['count as a part', 1n],
  ])(
    'the second waits for the first, uncommitted, and is refused where it would %s',
    async (_, quoteShift) => {
      // Acceptance is held open while the second credit starts (on PostgreSQL). The credit step is
      // shared by verification, the watcher and staff. The second order's quote is just below the
      // transfer (it would be credited) or just above it (it would count as a part: another table,
      // so no unique index of the first would stop it).
      let entered!: () => void;
      const firstInAcceptance = new Promise<void>((r) => (entered = r));
      const slowAcceptance = createPurchaseAcceptance({
        onAccepted: [
          () => {
            entered();
            return new Promise((r) => setTimeout(r, 300));
          },
        ],
      });
      const { rpcUrl, chainId } = devChain();
      const mail = createQueuedMailDelivery(mailer(), app().log);
      const service = createTransactionsService({
        db: db(),
        chain: createChainClient({ rpcUrl, chainId }),
        acceptance: slowAcceptance,
        mail,
        log: app().log,
      });
      const b = await verifiedUser(app(), box());
      const [one, two] = [await ethOrder(b), await ethOrder(b)];
      await db()
        .update(transactions)
        .set({ quoteBaseUnits: (BigInt(one.transaction.quoteBaseUnits!) + quoteShift).toString() })
        .where(eq(transactions.id, two.transaction.id));
      const payment = await tools().pay('ETH', due(one.transaction));
      const proof = {
        coin: 'ETH' as const,
        txnHash: payment.hash,
        logIndex: null,
        from: payment.from,
        to: devChain().companyWallet,
        value: BigInt(one.transaction.quoteBaseUnits!),
        blockNumber: payment.blockNumber,
        blockTime: new Date(),
      };

      const outcomes = await Promise.allSettled([
        db().transaction((tx) => service.creditOrder(tx, one.transaction.id, proof)),
        firstInAcceptance.then(() =>
          db().transaction((tx) => service.creditOrder(tx, two.transaction.id, proof)),
        ),
      ]);
      await mail.settle();
      expect(outcomes[0]).toMatchObject({ status: 'fulfilled', value: { credited: true } });
      expect(outcomes[1]).toMatchObject({
        status: 'rejected',
        reason: { status: 400, message: says.hashUsed },
      });
      expect(
        await db().select().from(paymentParts).where(eq(paymentParts.txnHash, payment.hash)),
      ).toEqual([]);
      const rows = await db()
        .select()
        .from(transactions)
        .where(inArray(transactions.id, [one.transaction.id, two.transaction.id]));
      expect(rows.find((r) => r.id === two.transaction.id)).toMatchObject({
        paymentStatus: 0,
        txnHash: null,
      });
    },
  );
});
