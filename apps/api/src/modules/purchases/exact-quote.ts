import { randomInt } from 'node:crypto';
import { formatUnits } from 'viem';
import { cryptoPurchaseMessages, DECIMALS, type CryptoCurrency } from '@tmc/shared';
import type { Tx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { isUniqueViolation } from '../account/users.repo.ts';
import { insertTransaction } from '../transactions/transactions.repo.ts';
import { findQuotesNear } from './exact-quote.repo.ts';

/**
 * A quote's decimals: ETH 8 (what exchanges' withdrawal forms take), USDC all 6 of the token.
 * The last two are never 0, so a quote is never an amount a person types or a wallet shows cut
 * short (ETH to 6 decimals, USDC to 4); the last is a check digit (the sum of all the others,
 * mod 10), so a quote with one digit mistyped is never another quote.
 */
export const QUOTE_DECIMALS: Record<CryptoCurrency, number> = { ETH: 8, USDC: 6 };
const QUOTE_STEP: Record<CryptoCurrency, bigint> = {
  ETH: 10n ** BigInt(DECIMALS.ETH - QUOTE_DECIMALS.ETH),
  USDC: 10n ** BigInt(DECIMALS.USDC - QUOTE_DECIMALS.USDC),
};
/**
 * How far above the nominal amount a quote may go, in basis points: the first window with a free
 * quote is used, so only a rush of orders of one amount (some 400 open orders of 0.05 ETH fill
 * the first) pays a wider tag.
 */
export const QUOTE_WINDOWS_BPS = [10n, 20n, 50n, 100n] as const;
const QUOTE_ATTEMPTS = 8;
/** A window with fewer prefixes than this is listed in full; a wider one is drawn from at random. */
const ENUMERATE_UP_TO = 100_000n;
const RANDOM_DRAWS = 64;

const digitSum = (n: bigint) => {
  let sum = 0n;
  for (let rest = n; rest > 0n; rest /= 10n) sum += rest % 10n;
  return sum;
};

/** The quote (in steps) that the prefix `prefix` makes, or undefined when no quote ends it. */
export function quoteOfPrefix(prefix: bigint): bigint | undefined {
  if (prefix % 10n === 0n) return undefined;
  const check = digitSum(prefix) % 10n;
  return check === 0n ? undefined : prefix * 10n + check;
}

/** How many decimal digits two amounts in base units differ in (0: equal). */
export function digitsApart(a: bigint, b: bigint) {
  let apart = 0;
  for (let x = a, y = b; x > 0n || y > 0n; x /= 10n, y /= 10n) if (x % 10n !== y % 10n) apart++;
  return apart;
}

/** The base units from just above `nominal` to `bps` basis points above it. */
export function quoteWindow(nominal: bigint, bps: bigint) {
  return { low: nominal + 1n, high: nominal + (nominal * bps) / 10_000n };
}

interface Exclusions {
  /** Quotes held by open orders, and by closed ones until their quote would have expired. */
  taken: ReadonlySet<bigint>;
  /** Nominal amounts of open orders: a quote one digit from one could be typed for it. */
  nominals: readonly bigint[];
}

const isFree = (units: bigint, { taken, nominals }: Exclusions) =>
  !taken.has(units) && nominals.every((n) => digitsApart(units, n) > 1);

/**
 * A free quote in base units within `[low, high]`, drawn at random among the free ones, or
 * undefined when none is left.
 */
export function freeQuoteIn(
  coin: CryptoCurrency,
  low: bigint,
  high: bigint,
  exclusions: Exclusions,
): bigint | undefined {
  const step = QUOTE_STEP[coin];
  const firstPrefix = (low + step - 1n) / step / 10n;
  const lastPrefix = high / step / 10n;
  if (lastPrefix < firstPrefix) return undefined;
  const unitsOf = (prefix: bigint) => {
    const steps = quoteOfPrefix(prefix);
    if (steps === undefined) return undefined;
    const units = steps * step;
    return units >= low && units <= high && isFree(units, exclusions) ? units : undefined;
  };
  const span = lastPrefix - firstPrefix + 1n;
  if (span > ENUMERATE_UP_TO) {
    for (let i = 0; i < RANDOM_DRAWS; i++) {
      const units = unitsOf(firstPrefix + (BigInt(randomInt(0, 2 ** 47)) % span));
      if (units !== undefined) return units;
    }
    return undefined;
  }
  const free: bigint[] = [];
  for (let prefix = firstPrefix; prefix <= lastPrefix; prefix++) {
    const units = unitsOf(prefix);
    if (units !== undefined) free.push(units);
  }
  return free.length ? free[randomInt(0, free.length)] : undefined;
}

export type QuotedTransactionValues = Omit<
  Parameters<typeof insertTransaction>[1],
  'price' | 'quoteBaseUnits' | 'currency' | 'tokenSymbol'
>;

/**
 * Inserts a crypto order's Pending transaction quoting an exact amount no other order holds: the
 * first window above the nominal amount with a free quote, a quote drawn at random in it. The
 * partial unique index transactions_open_quote_key decides a race between open orders; a
 * savepoint per try, so a clash is retried and the transaction lives on.
 */
export async function insertQuotedTransaction(
  tx: Tx,
  values: QuotedTransactionValues,
  quote: { coin: CryptoCurrency; nominal: bigint },
) {
  const widest = quoteWindow(quote.nominal, QUOTE_WINDOWS_BPS.at(-1)!);
  for (let attempt = 1; ; attempt++) {
    const near = await findQuotesNear(tx, quote.coin, widest.low, widest.high);
    const exclusions: Exclusions = {
      taken: new Set(near.map((r) => r.quote)),
      nominals: [
        ...new Set([
          ...near.flatMap((r) => (r.nominal === null ? [] : [r.nominal])),
          quote.nominal,
        ]),
      ],
    };
    let exact: bigint | undefined;
    for (const bps of QUOTE_WINDOWS_BPS) {
      const { low, high } = quoteWindow(quote.nominal, bps);
      exact = freeQuoteIn(quote.coin, low, high, exclusions);
      if (exact !== undefined) break;
    }
    if (exact === undefined) throw badRequest(cryptoPurchaseMessages.noExactAmount);
    try {
      return await tx.transaction((savepoint) =>
        insertTransaction(savepoint, {
          ...values,
          currency: quote.coin,
          tokenSymbol: quote.coin,
          price: formatUnits(exact, DECIMALS[quote.coin]),
          quoteBaseUnits: exact.toString(),
        }),
      );
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (attempt >= QUOTE_ATTEMPTS) throw badRequest(cryptoPurchaseMessages.noExactAmount);
    }
  }
}

/**
 * Why a transfer of `value` looks meant for an order quoted `quote` for `nominal` (all in base
 * units) although it is not its exact amount, or null: what a person or a wallet makes of a
 * quote (its amount before the tag, the quote cut or rounded short, one digit mistyped).
 */
export function nearMissOf(coin: CryptoCurrency, value: bigint, quote: bigint, nominal: bigint) {
  if (value === quote) return 'The exact amount of this order';
  if (value === nominal) return "This order's amount before its tag";
  for (let decimals = QUOTE_DECIMALS[coin] - 1; decimals >= 0; decimals--) {
    const unit = 10n ** BigInt(DECIMALS[coin] - decimals);
    if (value === (quote / unit) * unit) return `This order's amount cut to ${decimals} decimals`;
    if (value === ((quote + unit / 2n) / unit) * unit)
      return `This order's amount rounded to ${decimals} decimals`;
  }
  if (digitsApart(value, quote) === 1) return "One digit away from this order's amount";
  return null;
}
