import { formatUnits, parseUnits } from 'viem';
import { describe, expect, it } from 'vitest';
import { verifyPaymentMessages as says } from '@tmc/shared';
import { devAccount } from '../src/dev/dev-accounts.ts';
import { verifiedUser } from './auth-helpers.ts';
import {
  due,
  expectUntouched,
  readOrder,
  readSettings,
  unmatchedOf,
  useCryptoApp,
  type Buyer,
  claimsOf,
} from './crypto-helpers.ts';
import { money } from '../src/lib/money.ts';

const { app, db, box, tools, order, verify } = useCryptoApp();

const usdcOrder = (b: Buyer, amount = '130') => order(b, 'USDC', amount);

const raised = async () => (await readSettings(db())).raisedAud;

describe('POST /v1/transaction/verify-crypto-pay/:transactionId with USDC', () => {
  it('accepts a transfer of the configured USDC to the company wallet', async () => {
    const b = await verifiedUser(app(), box());
    const { transaction } = await usdcOrder(b, '130');
    const before = await readSettings(db());
    const exact = due(transaction);
    const payment = await tools().pay('USDC', exact, { fromIndex: 3 });
    const res = await verify(b, transaction.id, payment.hash);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.transaction).toMatchObject({
      paymentStatus: 1,
      tokenSymbol: 'USDC',
      txnHash: payment.hash,
    });
    // The wire carries all 6 decimals: equal in value to the quote.
    expect(parseUnits(res.json().data.transaction.price, 6)).toBe(parseUnits(exact, 6));
    const after = await readOrder(db(), transaction.id);
    expect(after.transaction).toMatchObject({
      paymentStatus: 1,
      fromAddress: devAccount(3).address,
      paidBaseUnits: parseUnits(exact, 6).toString(),
      blockNumber: payment.blockNumber,
    });
    expect(after.purchase.status).toBe(1);
    // 130 USDC at 0.65 per AUD is A$200, 10,000 tokens at A$0.02 (the tag buys nothing).
    const totals = await readSettings(db());
    expect(money(totals.raisedAud).minus(before.raisedAud).toFixed(2)).toBe('200.00');
    expect(money(totals.tokensSold).minus(before.tokensSold).toFixed(2)).toBe('10000.00');
    expect((await box().next(b.email, /payment is verified/)).text).toContain(`${exact} USDC`);
  });

  it('refuses a transfer one unit short of the exact amount and lists it for staff, with its log', async () => {
    const b = await verifiedUser(app(), box());
    const { transaction, purchase } = await usdcOrder(b, '130');
    const before = await raised();
    const short = formatUnits(parseUnits(due(transaction), 6) - 1n, 6);
    const payment = await tools().pay('USDC', short, { fromIndex: 3 });
    const res = await verify(b, transaction.id, payment.hash);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(says.short(short, due(transaction), 'USDC'));
    await expectUntouched(db(), transaction.id, before);
    expect(await unmatchedOf(db(), payment.hash)).toMatchObject([
      {
        coin: 'USDC',
        logIndex: expect.any(Number),
        reason: 'unknown',
        purchaseId: null,
        fromAddress: devAccount(3).address,
        amountBaseUnits: parseUnits(short, 6).toString(),
      },
    ]);
    expect(await claimsOf(db(), payment.hash)).toMatchObject([
      { transactionId: transaction.id, senderProven: false, logIndex: expect.any(Number) },
    ]);
    expect(purchase.status).toBe(0);
  });

  it('lists each transfer of a batch that pays no order on its own, by its log', async () => {
    const payment = await tools().payBatch(['12.345678', '23.456789'], { fromIndex: 3 });
    for (let i = 0; i < 5; i++) if (!(await app().paymentWatcher.pollOnce()).blocks) break;
    const listed = await unmatchedOf(db(), payment.hash);
    expect(listed.map((r) => r.amountBaseUnits).sort()).toEqual(['12345678', '23456789']);
    expect(new Set(listed.map((r) => r.logIndex)).size).toBe(2);
  });

  it('refuses USDC sent to another address', async () => {
    const b = await verifiedUser(app(), box());
    const { transaction } = await usdcOrder(b);
    const before = await raised();
    const payment = await tools().pay('USDC', due(transaction), {
      to: devAccount(8).address,
      fromIndex: 3,
    });
    const res = await verify(b, transaction.id, payment.hash);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(says.noUsdcToCompanyWallet);
    await expectUntouched(db(), transaction.id, before);
  });

  it('refuses a token that only looks like USDC (another contract emitting Transfer to the company wallet)', async () => {
    const b = await verifiedUser(app(), box());
    const { transaction } = await usdcOrder(b);
    const before = await raised();
    const fake = await tools().deployOtherToken(7);
    const payment = await tools().pay('USDC', due(transaction), {
      fromIndex: 7,
      usdcAddress: fake,
    });
    const res = await verify(b, transaction.id, payment.hash);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(says.noUsdcToCompanyWallet);
    await expectUntouched(db(), transaction.id, before);
  });

  it('refuses ETH for a USDC order', async () => {
    const b = await verifiedUser(app(), box());
    const { transaction } = await usdcOrder(b);
    const before = await raised();
    const payment = await tools().pay('ETH', '1');
    const res = await verify(b, transaction.id, payment.hash);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(says.noUsdcToCompanyWallet);
    await expectUntouched(db(), transaction.id, before);
  });

  it('refuses a USDC transfer that reverted (more than the sender holds)', async () => {
    const b = await verifiedUser(app(), box());
    const { transaction } = await usdcOrder(b);
    const before = await raised();
    const hash = await tools().sendReverting({ kind: 'usdcOverBalance', fromIndex: 4 });
    expect((await tools().publicClient.getTransactionReceipt({ hash })).status).toBe('reverted');
    const res = await verify(b, transaction.id, hash);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(says.reverted);
    await expectUntouched(db(), transaction.id, before);
  });
});
