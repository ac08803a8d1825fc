import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifyPaymentMessages as says } from '@tmc/shared';
import { purchases, transactions } from '../src/db/schema/index.ts';
import { createChainClient } from '../src/lib/chain.ts';
import { createQueuedMailDelivery } from '../src/lib/mailer/queued-mail.ts';
import { createPurchaseAcceptance } from '../src/modules/purchases/accept-purchase.ts';
import { createTransactionsService } from '../src/modules/transactions/transactions.service.ts';
import { verifiedUser } from './auth-helpers.ts';
import { readSettings, useCryptoApp, type Buyer } from './crypto-helpers.ts';

const { devChain, app, db, mailer, box, tools, order, verify } = useCryptoApp({ postgres: true });

const ethOrder = (b: Buyer) => order(b, 'ETH', '0.05');

describe('racing verifications', () => {
  it('20 verifications of one hash on one transaction at once: exactly one succeeds, counted once', async () => {
    const b = await verifiedUser(app(), box());
    const { transaction, purchase } = await ethOrder(b);
    const before = await readSettings(db());
    const payment = await tools().pay('ETH', '0.05');

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => verify(b, transaction.id, payment.hash)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(19);
    for (const refused of answers.filter((a) => a.statusCode === 400))
      expect([says.notPending, says.hashUsed]).toContain(refused.json().message);

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
    // One e-mail, for the one verification that won.
    await box().next(b.email, /payment is verified/);
    expect(
      (await box().unread(b.email)).filter((m) => /payment is verified/.test(m.subject)),
    ).toHaveLength(0);
  });

  it('two orders racing for one payment: exactly one wins, the other stays Pending', async () => {
    const first = await verifiedUser(app(), box());
    const second = await verifiedUser(app(), box());
    const orders = [await ethOrder(first), await ethOrder(second), await ethOrder(first)];
    const buyers = [first, second, first];
    const before = await readSettings(db());
    const payment = await tools().pay('ETH', '0.05');

    const answers = await Promise.all(
      orders.map((o, i) => verify(buyers[i]!, o.transaction.id, payment.hash)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
    for (const refused of answers.filter((a) => a.statusCode === 400))
      expect(refused.json().message).toBe(says.hashUsed);

    const rows = await db()
      .select()
      .from(transactions)
      .where(
        inArray(
          transactions.id,
          orders.map((o) => o.transaction.id),
        ),
      );
    expect(rows.filter((r) => r.paymentStatus === 1)).toHaveLength(1);
    expect(rows.filter((r) => r.paymentStatus === 0 && r.txnHash === null)).toHaveLength(2);
    const accepted = await db()
      .select()
      .from(purchases)
      .where(
        inArray(
          purchases.id,
          orders.map((o) => o.purchase.id),
        ),
      );
    expect(accepted.filter((p) => p.status === 1)).toHaveLength(1);
    const after = await readSettings(db());
    expect(Number(after.raisedAud) - Number(before.raisedAud)).toBe(250);
  });
});

describe('the unique index on the hash', () => {
  it('is the last word when the check inside the transaction cannot see the other, uncommitted, verification', async () => {
    // Acceptance is held open so that the second verification reads the hash as unused and then
    // meets the first one's row in the unique index (on PostgreSQL; PGlite runs them one by one).
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
    const payment = await tools().pay('ETH', '0.05');

    const outcomes = await Promise.allSettled([
      service.verifyCryptoPayment(b.user._id, one.transaction.id, payment.hash),
      firstInAcceptance.then(() =>
        service.verifyCryptoPayment(b.user._id, two.transaction.id, payment.hash),
      ),
    ]);
    await mail.settle();
    expect(outcomes[0].status).toBe('fulfilled');
    expect(outcomes[1]).toMatchObject({
      status: 'rejected',
      reason: { status: 400, message: says.hashUsed },
    });
    const rows = await db()
      .select()
      .from(transactions)
      .where(inArray(transactions.id, [one.transaction.id, two.transaction.id]));
    expect(rows.find((r) => r.id === two.transaction.id)).toMatchObject({
      paymentStatus: 0,
      txnHash: null,
    });
  });
});
