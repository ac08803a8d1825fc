/** Confirmations a payment needs at least on a real chain (production, or any CHAIN_RPC_URL but the dev chain's). */
export const REAL_CHAIN_MIN_CONFIRMATIONS = 12;

/** Limits of the order deadlines staff set in Settings. */
export const QUOTE_GRACE_MINUTES = { min: 0, max: 10_080 } as const;
export const BANK_PAYMENT_WINDOW_HOURS = { min: 1, max: 720 } as const;
/**
 * Minutes an ETH or USDC rate may be old and still price a crypto order. A day by default, as
 * rates are set by staff; with a rate feed, set it to a few of its intervals.
 */
export const RATE_MAX_AGE_MINUTES = { min: 1, max: 10_080, default: 1440 } as const;
/** The 503 of a crypto order whose rate is older than that. */
export const staleRatesMessage =
  'Exchange rates are out of date, please try again in a few minutes';

/** The answer to staff setting fewer confirmations than the chain's floor (API.md decision). */
export const minConfirmationsFloorMessage = (floor: number) =>
  `minConfirmations must be at least ${floor} on a real chain: with fewer, a reorganised block could pay an order`;
