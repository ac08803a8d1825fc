import { z } from 'zod';
import { CRYPTO_CURRENCIES, DECIMALS, type CryptoCurrency } from './enums.ts';
import { messages } from './messages.ts';
import { anyCasePattern } from './documented.ts';
import { bankPurchaseFields, guestFields, newAccountPassword } from './purchases.ts';

/** Open crypto orders (Pending, quote not expired) one account may have at a time. */
export const MAX_OPEN_CRYPTO_ORDERS = 5;

/** Texts of the crypto order checks that the spec does not give (API.md decisions). */
export const cryptoPurchaseMessages = {
  tooManyDecimals: (coin: CryptoCurrency) =>
    `${coin} amounts have at most ${DECIMALS[coin]} decimals`,
  tooManyOpenOrders: `You already have ${MAX_OPEN_CRYPTO_ORDERS} open crypto orders: pay one or let its quote expire before placing another`,
  noExactAmount:
    'An exact amount for this order cannot be quoted right now; please change the amount slightly and try again',
} as const;

/**
 * What happens to a short payment (BTCPay's "partially paid"), said before payment on every
 * screen and in the order e-mail: evidence of less than the quote keeps the order open until the
 * quote expires, then credits the value received.
 */
export const SHORT_PAYMENT_RULE =
  'If less arrives from a wallet you proved on your Profile, the order stays open as partially paid until the quote expires: send the rest from that wallet before then, or you get tokens for the value received. Any other different amount, or a payment after that time, waits for our team.';

/** Said wherever a crypto order's exact amount is shown (buy screen, order page, verify dialog). */
export const EXACT_AMOUNT_NOTE = `Send the exact amount in one transfer. ${SHORT_PAYMENT_RULE}`;

/**
 * ETH sent by a contract (a Safe or another smart-contract wallet, or an exchange that withdraws
 * through one) reaches the wallet without a transaction of its own: staff find it and match it
 * by hand.
 */
export const ETH_SENDER_NOTE =
  'Send ETH from an ordinary account (a wallet app such as MetaMask, or a hardware wallet). ETH sent through a contract, such as a Safe or another smart-contract wallet, or an exchange withdrawal, is not credited automatically: our team handles it by hand, which takes longer.';

/** Empty text, null and absent all mean "not given". */
const notGiven = z
  .string()
  .trim()
  .nullish()
  .transform((value) => value || undefined);

/**
 * POST /v1/purchase/add-crypto. `investmentAmount` is the amount in ETH or USDC; the screenshot
 * is optional (API.md: the chain is the proof), but a screenshot needs its type.
 */
const cryptoPurchaseFields = {
  investmentAmount: bankPurchaseFields.investmentAmount,
  currency: z
    .string({ error: messages.cryptoCurrency })
    .trim()
    .toUpperCase()
    .pipe(z.enum(CRYPTO_CURRENCIES, { error: messages.cryptoCurrency }))
    .meta({ pattern: anyCasePattern(CRYPTO_CURRENCIES) }),
  receiptUrl: notGiven.pipe(z.string().max(2048).optional()),
  receiptType: notGiven.pipe(bankPurchaseFields.receiptType.optional()),
  userRemark: bankPurchaseFields.userRemark,
};

function checkCryptoOrder(
  body: {
    investmentAmount: string;
    currency: CryptoCurrency;
    receiptUrl?: string;
    receiptType?: string;
  },
  ctx: z.RefinementCtx,
) {
  const fraction = body.investmentAmount.split('.')[1] ?? '';
  // The quote is the exact amount in wei or USDC units: nothing may be lost to rounding.
  if (fraction.length > DECIMALS[body.currency]) {
    ctx.addIssue({
      code: 'custom',
      path: ['investmentAmount'],
      message: cryptoPurchaseMessages.tooManyDecimals(body.currency),
    });
  }
  if (body.receiptUrl && !body.receiptType) {
    ctx.addIssue({ code: 'custom', path: ['receiptType'], message: messages.receiptType });
  }
}

export const cryptoPurchaseSchema = z.object(cryptoPurchaseFields).superRefine(checkCryptoOrder);

/** POST /v1/purchase/add-crypto-noUser: `name` present means "Create new account". */
export const guestCryptoPurchaseSchema = z
  .object({ ...cryptoPurchaseFields, ...guestFields })
  .superRefine(checkCryptoOrder)
  .superRefine(newAccountPassword);

export type CryptoPurchaseInput = z.input<typeof cryptoPurchaseSchema>;
export type CryptoPurchaseBody = z.output<typeof cryptoPurchaseSchema>;
export type GuestCryptoPurchaseInput = z.input<typeof guestCryptoPurchaseSchema>;
export type GuestCryptoPurchaseBody = z.output<typeof guestCryptoPurchaseSchema>;
