import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifyPaymentMessages as says } from '@tmc/shared';
import { settings } from '../src/db/schema/index.ts';
import { devAccount } from '../src/dev/dev-accounts.ts';
import {
  due,
  expectUntouched,
  insertCryptoOrder,
  readOrder,
  readSettings,
  unmatchedOf,
  useCryptoApp,
  claimsOf,
} from './crypto-helpers.ts';
import { money } from '../src/lib/money.ts';

const { devChain, db, client, tools, buyer, order, verify } = useCryptoApp();

const raised = async () => (await readSettings(db())).raisedAud;

describe('a payment counts only for the order it was made for', () => {
  it("another account with an order of the same nominal amount cannot claim it, with its own wallet or the victim's copied one; the buyer then can", async () => {
    const victim = await buyer({ wallet: 2 });
    const withOwnWallet = await buyer({ wallet: 3 });
    const withCopiedWallet = await buyer({ wallet: 4 });
    // update-wallet takes any address: the attacker registers the victim's.
    const copied = await client().post(
      '/v1/auth/update-wallet',
      { walletAddress: devAccount(2).address, password: withCopiedWallet.password },
      { token: withCopiedWallet.access },
    );
    expect(copied.statusCode).toBe(200);
    const theirs = await order(victim, 'ETH', '0.05');
    const attackers = [
      { who: withOwnWallet, order: await order(withOwnWallet, 'ETH', '0.05') },
      { who: withCopiedWallet, order: await order(withCopiedWallet, 'ETH', '0.05') },
    ];
    const payment = await tools().pay('ETH', due(theirs.transaction), { fromIndex: 2 });

    // The first attacker's call settles the transfer by its evidence: the victim's order is
    // credited there and then; the attackers' claims are only kept.
    const answers = [];
    for (const attacker of attackers) {
      const res = await verify(attacker.who, attacker.order.transaction.id, payment.hash);
      expect(res.statusCode).toBe(400);
      answers.push(res.json().message);
      const mine = await readOrder(db(), attacker.order.transaction.id);
      expect(mine.transaction).toMatchObject({ paymentStatus: 0, txnHash: null });
      expect(mine.purchase.status).toBe(0);
    }
    expect(answers).toEqual([says.otherOrder, says.hashUsed]);
    expect(await unmatchedOf(db(), payment.hash)).toEqual([]);
    expect((await readOrder(db(), theirs.transaction.id)).transaction).toMatchObject({
      paymentStatus: 1,
      txnHash: payment.hash,
      senderMatchesWallet: true,
    });
    expect(await claimsOf(db(), payment.hash)).toMatchObject(
      attackers.map((a) => ({ transactionId: a.order.transaction.id, senderProven: false })),
    );

    const res = await verify(victim, theirs.transaction.id, payment.hash);
    expect(res.statusCode, res.body).toBe(200);
    // Once credited, the hash is used: the attackers hear so.
    for (const attacker of attackers)
      expect(
        (await verify(attacker.who, attacker.order.transaction.id, payment.hash)).json().message,
      ).toBe(says.hashUsed);
  });
});

describe('quotes expire', () => {
  it('a payment mined after the quote expired is listed for staff as late and credits nothing', async () => {
    const b = await buyer();
    const { transaction, purchase } = await insertCryptoOrder(db(), {
      userId: b.user._id,
      coin: 'USDC',
      amount: '100',
      companyWallet: devChain().companyWallet,
      quoteExpiresAt: new Date(Date.now() - 1000),
    });
    const before = await raised();
    const payment = await tools().pay('USDC', due(transaction), { fromIndex: 3 });
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await verify(b, transaction.id, payment.hash);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(says.late);
    }
    await expectUntouched(db(), transaction.id, before);
    expect(await unmatchedOf(db(), payment.hash)).toMatchObject([
      { reason: 'late', status: 'open', purchaseId: purchase.id, coin: 'USDC' },
    ]);
  });
});

describe('the hard cap holds when a chain payment is credited', () => {
  it('a payment that would pass the cap is listed for staff and the order stays Pending', async () => {
    const b = await buyer();
    const { transaction, purchase } = await order(b, 'ETH', '0.05');
    const before = await readSettings(db());
    // A$250 more would pass the cap by a cent.
    const cap = money(before.raisedAud).plus('249.99').toFixed(2);
    await db().update(settings).set({ hardCapAud: cap });
    try {
      const payment = await tools().pay('ETH', due(transaction));
      const res = await verify(b, transaction.id, payment.hash);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(says.overHardCap);
      await expectUntouched(db(), transaction.id, before.raisedAud);
      expect(await unmatchedOf(db(), payment.hash)).toMatchObject([
        { reason: 'hardCap', status: 'open', purchaseId: purchase.id },
      ]);
      // Staff hold it now: a retry, even once the cap would allow it, does not credit it by itself.
      await db().update(settings).set({ hardCapAud: before.hardCapAud }).where(eq(settings.id, 1));
      const again = await verify(b, transaction.id, payment.hash);
      expect(again.json().message).toBe(says.overHardCap);
      await expectUntouched(db(), transaction.id, before.raisedAud);
    } finally {
      await db().update(settings).set({ hardCapAud: before.hardCapAud });
    }
  });
});
