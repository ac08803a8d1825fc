import fc from 'fast-check';
import { formatEther, parseEther } from 'viem';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { freeQuoteIn } from '../src/modules/purchases/exact-quote.ts';
import { as, type Person } from './affiliates-helpers.ts';
import { insertCryptoOrder, readOrder } from './crypto-helpers.ts';
import { useChainApp, type ChainApp } from './app-helpers.ts';

/**
 * Quotes nobody types by mistake, and enough of them for launch day (issue 36): the oracle here
 * is written from the rule, not from the product's helpers.
 */

/** The 8 decimals of an ETH amount in wei, as a string (the amount must have no more). */
function eightDecimals(wei: bigint) {
  expect(wei % 10n ** 10n, `${formatEther(wei)} has more than 8 decimals`).toBe(0n);
  return (wei / 10n ** 10n).toString();
}

/** What a person or a wallet could send for a quote: it must never be another quote. */
function isRoundOrCheckFails(steps: string) {
  const digits = [...steps].map(Number);
  const last = digits.at(-1)!;
  const beforeLast = digits.at(-2)!;
  const sum = digits.slice(0, -1).reduce((a, b) => a + b, 0);
  return last === 0 || beforeLast === 0 || sum % 10 !== last;
}

const digitsApart = (a: string, b: string) => {
  const width = Math.max(a.length, b.length);
  const [x, y] = [a.padStart(width, '0'), b.padStart(width, '0')];
  return [...x].filter((d, i) => d !== y[i]).length;
};

describe('quote shape', () => {
  it('every quote has 8 decimals, ends in two non-zero digits with the check digit, and stays within 1% of the nominal amount', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 10n ** 15n, max: 10n ** 22n }),
        fc.constantFrom(10n, 20n, 50n, 100n),
        (nominal, bps) => {
          const quote = freeQuoteIn('ETH', nominal + 1n, nominal + (nominal * bps) / 10_000n, {
            taken: new Set(),
            nominals: [],
          });
          if (quote === undefined) return;
          expect(isRoundOrCheckFails(eightDecimals(quote))).toBe(false);
          expect(quote > nominal).toBe(true);
          expect(quote <= nominal + nominal / 100n).toBe(true);
        },
      ),
      { seed: 36, numRuns: 300 },
    );
  });

  it('a quote is never one digit from an open order’s nominal amount', () => {
    const nominal = parseEther('0.05');
    // A nominal amount one digit from many quote-shaped amounts of the window.
    const odd = parseEther('0.05002131');
    for (let i = 0; i < 200; i++) {
      const quote = freeQuoteIn('ETH', nominal + 1n, nominal + nominal / 1000n, {
        taken: new Set(),
        nominals: [odd],
      })!;
      expect(digitsApart(eightDecimals(quote), eightDecimals(odd))).toBeGreaterThan(1);
    }
  });
});

describe('launch day: 1,000 open orders of one amount', () => {
  let app: FastifyInstance, db: Db, person: ChainApp['person'], tools: ChainApp['tools'];
  let buyer: Person;

  const devChain = useChainApp(async (t) => {
    ({ app, db, person, tools } = t);
    buyer = await person();
  });

  it('each gets a quote, none round or one digit from another, and each exact payment credits its own order', async () => {
    const orders = [];
    for (let i = 0; i < 1000; i++)
      orders.push(
        await insertCryptoOrder(db, {
          userId: buyer.id,
          coin: 'ETH',
          amount: '0.05',
          companyWallet: devChain().companyWallet,
        }),
      );
    const quotes = orders.map((o) => BigInt(o.transaction.quoteBaseUnits!));
    const shapes = quotes.map(eightDecimals);
    expect(new Set(shapes).size).toBe(1000);
    expect(shapes.filter(isRoundOrCheckFails)).toEqual([]);
    for (let i = 0; i < shapes.length; i++)
      for (let j = i + 1; j < shapes.length; j++)
        if (digitsApart(shapes[i]!, shapes[j]!) < 2)
          expect.fail(`${shapes[i]} and ${shapes[j]} are one digit apart`);
    // 1,000 open orders of 0.05 ETH fit within 0.5% above it.
    expect(quotes.every((q) => q > parseEther('0.05') && q <= parseEther('0.05025'))).toBe(true);

    // The next order of the amount, by another buyer, still gets a quote.
    const next = await as(app, await person()).post('/v1/purchase/add-crypto', {
      investmentAmount: '0.05',
      currency: 'ETH',
    });
    expect(next.statusCode, next.body).toBe(201);

    // Every exact amount, from a wallet nobody proved, mined in a few blocks.
    const wallet = tools.walletOf(3);
    await tools.testClient.setAutomine(false);
    try {
      for (const [i, quote] of quotes.entries()) {
        await wallet.sendTransaction({ to: devChain().companyWallet, value: quote });
        if (i % 400 === 399) await tools.mine(1);
      }
      await tools.mine(1);
    } finally {
      await tools.testClient.setAutomine(true);
    }
    for (let i = 0; i < 20; i++) if (!(await app.paymentWatcher.pollOnce()).blocks) break;

    const settled = await Promise.all(orders.map((o) => readOrder(db, o.transaction.id)));
    expect(settled.filter((o) => o.transaction.paymentStatus !== 1)).toEqual([]);
    expect(
      settled.filter((o) => o.transaction.paidBaseUnits !== o.transaction.quoteBaseUnits),
    ).toEqual([]);
  }, 600_000);
});
