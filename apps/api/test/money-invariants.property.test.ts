import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatUnits, parseUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissionFor, DECIMALS, type CryptoCurrency } from '@tmc/shared';
import type { Db } from '../src/db/client.ts';
import {
  affiliateEarnings,
  purchases,
  settings,
  transactions,
  unmatchedPayments,
} from '../src/db/schema/index.ts';
import { money } from '../src/lib/money.ts';
import { as, decide, insertBankPurchase, people, type Person } from './affiliates-helpers.ts';
import { useDevChain } from './chain-node.ts';
import { chainTools, readSettings } from './crypto-helpers.ts';
import { buildTestApp } from './test-app.ts';

/**
 * Random sequences of what buyers, the chain and staff do (orders, payments of the exact or a
 * wrong amount, verifications of any order with any payment, the watcher, acceptances,
 * rejections, reverts, payouts), on PostgreSQL. After every step the books must agree.
 */

const devChain = useDevChain();
let app: FastifyInstance;
let db: Db;
let admin: Person;
let person: ReturnType<typeof people>;
let tools: ReturnType<typeof chainTools>;
let introducer: Person;
let influencer: Person;
let affiliate: Person;

beforeAll(async () => {
  const { rpcUrl, chainId, companyWallet, usdcAddress } = devChain();
  const built = await buildTestApp({
    postgres: true,
    chain: { rpcUrl, chainId, companyWallet, usdcAddress },
  });
  ({ app, db } = built);
  person = people(db, built.config);
  admin = await person({ role: 'admin' });
  introducer = await person({ affiliate: true });
  influencer = await person({ influencer: true, referredBy: introducer });
  affiliate = await person({ affiliate: true });
  tools = chainTools(devChain());
});
afterAll(() => app.close());

interface Order {
  purchaseId: string;
  buyer: Person;
  crypto?: { transactionId: string; coin: CryptoCurrency; price: string };
}

const weighted = <T>(arbitrary: fc.Arbitrary<T>, weight: number) => ({ arbitrary, weight });
const op = fc.oneof(
  weighted(
    fc.record({ kind: fc.constant('cryptoOrder' as const), buyer: fc.nat(2), eth: fc.boolean() }),
    3,
  ),
  weighted(
    fc.record({
      kind: fc.constant('bankOrder' as const),
      buyer: fc.nat(2),
      aud: fc.constantFrom('100.00', '333.33', '480.57'),
    }),
    2,
  ),
  weighted(
    fc.record({
      kind: fc.constant('pay' as const),
      order: fc.nat(),
      how: fc.constantFrom('exact', 'exact', 'short', 'excess'),
    }),
    3,
  ),
  weighted(
    fc.record({
      kind: fc.constant('verify' as const),
      payment: fc.nat(),
      // Mostly by the order the payment was made for; otherwise any order claims it.
      order: fc.option(fc.nat(), { freq: 3 }),
    }),
    3,
  ),
  weighted(fc.record({ kind: fc.constant('watch' as const) }), 1),
  weighted(fc.record({ kind: fc.constant('accept' as const), order: fc.nat() }), 2),
  weighted(fc.record({ kind: fc.constant('reject' as const), order: fc.nat() }), 1),
  weighted(fc.record({ kind: fc.constant('revert' as const), order: fc.nat() }), 1),
  weighted(fc.record({ kind: fc.constant('payout' as const), tier: fc.constantFrom(1, 2) }), 1),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

const pick = <T>(list: T[], index: number) => (list.length ? list[index % list.length] : undefined);

const sum = (values: string[]) => values.reduce((total, v) => total.plus(v), money(0));

async function checkBooks() {
  const totals = await readSettings(db);
  const all = await db.select().from(purchases);
  const accepted = all.filter((p) => p.status === 1);
  // raised = Σ accepted orders; tokens sold = Σ their token amounts; never past the cap.
  expect(money(totals.raisedAud).eq(sum(accepted.map((p) => p.investmentAmount)))).toBe(true);
  expect(money(totals.tokensSold).eq(sum(accepted.map((p) => p.tokenAmount)))).toBe(true);
  expect(money(totals.raisedAud).lte(totals.hardCapAud)).toBe(true);

  // No payment credits two orders; a crypto order is credited only by its exact amount.
  const paid = await db
    .select()
    .from(transactions)
    .where(sql`${transactions.txnHash} is not null`);
  expect(new Set(paid.map((t) => t.txnHash)).size).toBe(paid.length);
  for (const t of paid) expect(t.paidBaseUnits).toBe(t.quoteBaseUnits);
  const listed = await db.select().from(unmatchedPayments);
  const paidHashes = new Set(paid.map((t) => t.txnHash));
  for (const u of listed) expect(paidHashes.has(u.txnHash)).toBe(false);
  for (const p of accepted.filter((p) => p.paymentMode === 1))
    expect(paid.filter((t) => t.purchaseId === p.id && t.paymentStatus === 1)).toHaveLength(1);

  // Commissions: 20% of each accepted sale, and 10% of the net to an influencer's introducer, to
  // the cent; nothing left standing for a sale that is not accepted (void, or clawed back).
  const earnings = await db.select().from(affiliateEarnings);
  for (const p of all) {
    const own = earnings.filter((e) => e.purchaseId === p.id && e.status !== 'void');
    const split = commissionFor(p.investmentAmount);
    for (const tier of [1, 2] as const) {
      const standing = sum(own.filter((e) => e.tier === tier).map((e) => e.affiliateEarning));
      const expected = p.status === 1 ? expectedCommission(p.userId, tier, split) : '0';
      expect(standing.toFixed(2), `${p.reference} tier ${tier}`).toBe(money(expected).toFixed(2));
    }
  }
}

/** Who earns on a buyer's sale: buyers 0 and 1 are referred (by the influencer and by a plain affiliate). */
const referrals = new Map<string, 'influencer' | 'affiliate' | 'none'>();
function expectedCommission(
  buyerId: string,
  tier: 1 | 2,
  split: ReturnType<typeof commissionFor>,
): string {
  const referral = referrals.get(buyerId) ?? 'none';
  if (referral === 'none') return '0';
  if (tier === 1) return split.tier1.amount;
  return referral === 'influencer' ? split.tier2.amount : '0';
}

async function run(ops: Op[]) {
  const buyers = [
    await person({ referredBy: influencer }),
    await person({ referredBy: affiliate }),
    await person(),
  ];
  referrals.set(buyers[0]!.id, 'influencer');
  referrals.set(buyers[1]!.id, 'affiliate');
  // Room for a few sales per run, so that the cap is met now and then.
  const { raisedAud } = await readSettings(db);
  await db
    .update(settings)
    .set({ hardCapAud: money(raisedAud).plus(400).toFixed(2) })
    .where(eq(settings.id, 1));
  const orders: Order[] = [];
  const payments: { hash: string; order: Order }[] = [];
  const staff = as(app, admin);

  // Each run starts with something to pay and to accept.
  const opening: Op[] = [
    { kind: 'cryptoOrder', buyer: 0, eth: true },
    { kind: 'cryptoOrder', buyer: 1, eth: false },
    { kind: 'bankOrder', buyer: 2, aud: '100.00' },
  ];
  for (const step of [...opening, ...ops]) {
    let answer: { statusCode: number; body: string } | undefined;
    switch (step.kind) {
      case 'cryptoOrder': {
        const buyer = buyers[step.buyer]!;
        answer = await as(app, buyer).post('/v1/purchase/add-crypto', {
          investmentAmount: step.eth ? '0.05' : '100',
          currency: step.eth ? 'ETH' : 'USDC',
        });
        if (answer.statusCode === 201) {
          const { purchase, transaction } = JSON.parse(answer.body).data;
          orders.push({
            purchaseId: purchase._id,
            buyer,
            crypto: {
              transactionId: transaction._id,
              coin: transaction.tokenSymbol,
              price: transaction.price,
            },
          });
        }
        break;
      }
      case 'bankOrder': {
        const buyer = buyers[step.buyer]!;
        const purchase = await insertBankPurchase(db, buyer, step.aud);
        orders.push({ purchaseId: purchase.id, buyer });
        break;
      }
      case 'pay': {
        const order = pick(
          orders.filter((o) => o.crypto),
          step.order,
        );
        if (!order?.crypto) break;
        const { coin, price } = order.crypto;
        const delta = step.how === 'exact' ? 0n : step.how === 'short' ? -1n : 1n;
        const amount = formatUnits(parseUnits(price, DECIMALS[coin]) + delta, DECIMALS[coin]);
        payments.push({ hash: (await tools.pay(coin, amount, { fromIndex: 3 })).hash, order });
        break;
      }
      case 'verify': {
        const payment = pick(payments, step.payment);
        const order =
          step.order === null
            ? payment?.order
            : pick(
                orders.filter((o) => o.crypto),
                step.order,
              );
        if (!order?.crypto || !payment) break;
        answer = await as(app, order.buyer).post(
          `/v1/transaction/verify-crypto-pay/${order.crypto.transactionId}`,
          { txnHash: payment.hash },
        );
        break;
      }
      case 'watch':
        await app.paymentWatcher.pollOnce();
        break;
      case 'accept':
      case 'reject':
      case 'revert': {
        const order = pick(orders, step.order);
        if (!order) break;
        const status = { accept: 1, reject: 2, revert: 4 }[step.kind];
        answer = await decide(app, admin, order.purchaseId, status);
        break;
      }
      case 'payout': {
        await db
          .update(affiliateEarnings)
          .set({ createdAt: sql`now() - make_interval(days => 40)` })
          .where(eq(affiliateEarnings.status, 'pending'));
        answer = await staff.post('/v1/admin/payouts', { tier: step.tier });
        const payout = answer.statusCode === 201 ? JSON.parse(answer.body).data : undefined;
        if (payout?.lines.length)
          answer = await staff.post(`/v1/admin/payouts/${payout._id}/paid`, { reference: 'batch' });
        break;
      }
    }
    // Every refusal is a clear 4xx, never a fault.
    if (answer) expect(answer.statusCode, `${step.kind}: ${answer.body}`).toBeLessThan(500);
    await checkBooks();
  }
}

describe('money invariants', () => {
  it('hold after every step of random sequences of orders, payments, verifications and staff decisions', async () => {
    await fc.assert(fc.asyncProperty(fc.array(op, { minLength: 6, maxLength: 16 }), run), {
      numRuns: 20,
    });
  }, 120_000);
});
