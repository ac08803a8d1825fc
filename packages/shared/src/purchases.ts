import { z } from 'zod';
import {
  EMAIL_MAX,
  isEmailAddress,
  SIGNUP_PASSWORD_MIN,
  signupSchema,
  WALLET_PATTERN,
} from './auth.ts';
import { CRYPTO_CURRENCIES, DECIMALS } from './enums.ts';
import { messages } from './messages.ts';
import { EMAIL_PATTERN, OPTIONAL_UUID_PATTERN, POSITIVE_DECIMAL_PATTERN } from './documented.ts';

/**
 * Open bank orders (Pending, with or without a receipt, deadline not passed) one account may have
 * at a time: each freezes a price.
 */
export const MAX_OPEN_BANK_ORDERS = 5;

/**
 * Days staff have to confirm the money of a bank order after its receipt came: past them the
 * order ends (Not Accepted), as one whose receipt never came, so no price stays frozen for ever.
 */
export const BANK_CONFIRMATION_DAYS = 7;

/** Texts of the purchase checks that the spec does not give (API.md decisions). */
export const purchaseMessages = {
  tooManyOpenBankOrders: `You already have ${MAX_OPEN_BANK_ORDERS} open bank orders: wait until our team confirms the payment of one, or let an unpaid one's payment window end, before placing another`,
  /** Staff accepting a bank order that has no receipt (none came, or its window closed). */
  acceptWithoutReceipt:
    'This bank order has no receipt: it can only be accepted with an override reason',
  /** The remark an order that ended unpaid shows. */
  bankOrderLapsed: 'No receipt came within the payment window, so this order ended',
  cryptoOrderLapsed: 'No payment came before the quote expired, so this order ended',
  bankOrderUnconfirmed: `The payment was not confirmed within ${BANK_CONFIRMATION_DAYS} days of the receipt, so this order ended`,
  documentType: 'Document Type not provided',
  billingDocType: 'Billing Document Type not provided',
  remarkTooLong: 'User Remark must be at most 1000 characters long',
  unknownCurrency: 'This currency is not supported',
  amountTooLarge: 'The amount is too large',
  presaleEnded: 'The presale has ended',
  requestId: 'requestId must be a UUID',
  receiptAlreadyAttached: 'This presale request already has a receipt',
  notAwaitingReceipt: 'A receipt can only be added while the presale request is Pending',
  purchaseNotFound: 'Presale request not found',
  bankOrderOnly: 'Only a bank-transfer presale request takes a bank receipt',
  receiptNotReady: 'The PDF receipt is ready once the presale request is accepted',
  /** The receipt's `tz` query: the buyer's zone its dates are written in. */
  timeZone: 'tz must be an IANA time zone, e.g. Australia/Sydney',
  hardCapReached: 'This purchase would go over the presale hard cap',
  /** Staff acceptance (or a chain payment) that would take the amount raised past the hard cap. */
  acceptOverHardCap:
    'Accepting this request would take the amount raised past the presale hard cap',
} as const;

/** The server's answer below the minimum, e.g. 'The minimum purchase is A$50'. */
export const minimumPurchaseMessage = (minPurchaseAud: string) =>
  `The minimum purchase is A$${minPurchaseAud}`;

/* ------------------------------------------------------------------------------------------ */
/* Exact decimal arithmetic on strings, with BigInt fixed point: the same figures in the      */
/* browser and on the server, never a float.                                                   */
/* ------------------------------------------------------------------------------------------ */

const DECIMAL_TEXT = /^(\d+)(?:\.(\d+))?$/;

interface Fixed {
  digits: bigint;
  scale: bigint;
}

function parseDecimal(value: string | number): Fixed {
  const match = DECIMAL_TEXT.exec(String(value).trim());
  if (!match) throw new RangeError(`Not a non-negative decimal: ${String(value)}`);
  const fraction = match[2] ?? '';
  return { digits: BigInt(`${match[1]}${fraction}`), scale: 10n ** BigInt(fraction.length) };
}

/** `units / 10^decimals` as text, e.g. (8333333n, 4) → "833.3333". */
function formatUnits(units: bigint, decimals: number): string {
  if (decimals === 0) return units.toString();
  const text = units.toString().padStart(decimals + 1, '0');
  return `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}

/** `numerator / denominator` in units of 10^-decimals, rounded half up, down or up. */
function divide(
  numerator: bigint,
  denominator: bigint,
  decimals: number,
  rounding: 'half-up' | 'down' | 'up',
): string {
  if (denominator === 0n) throw new RangeError('Division by zero');
  const scaled = numerator * 10n ** BigInt(decimals);
  const units =
    rounding === 'down'
      ? scaled / denominator
      : rounding === 'up'
        ? (scaled + denominator - 1n) / denominator
        : (scaled * 2n + denominator) / (2n * denominator);
  return formatUnits(units, decimals);
}

/**
 * The AUD value of `amount` of a currency (spec section 5): amount / rate[code] × rate[AUD],
 * rates being units per 1 AUD. Rounded half up to `decimals` places (4 on screen).
 * Throws a RangeError for text that is not a non-negative decimal or a zero rate.
 */
export function convertToAud(
  amount: string | number,
  rateCode: string | number,
  rateAud: string | number = '1',
  decimals = 4,
): string {
  const a = parseDecimal(amount);
  const code = parseDecimal(rateCode);
  const aud = parseDecimal(rateAud);
  return divide(
    a.digits * aud.digits * code.scale,
    a.scale * aud.scale * code.digits,
    decimals,
    'half-up',
  );
}

/**
 * Tokens bought with `aud` at `priceAud` per token, rounded down to `decimals` places: the
 * buyer never gets a fraction more than paid for.
 */
export function tokensFor(aud: string | number, priceAud: string | number, decimals = 18): string {
  const a = parseDecimal(aud);
  const price = parseDecimal(priceAud);
  return divide(a.digits * price.scale, a.scale * price.digits, decimals, 'down');
}

/** Decimal places of an order's token amount: what the buyer is promised and gets. */
export const TOKEN_FIGURE_DECIMALS = 2;

/** The two figures of one order, as every screen, the stored order and the e-mails give them. */
export interface OrderFigures {
  /** The AUD value, rounded half up to the cent: "166.67". */
  aud: string;
  /** `aud` / token price, rounded down to {@link TOKEN_FIGURE_DECIMALS}: "8333.50". */
  tokens: string;
}

/**
 * The one rounding of an order: the spec's conversion (amount / rate × rateAud) rounded half up
 * to the cent, then the tokens that AUD figure buys at the frozen price, rounded down so the
 * buyer never gets more than paid for. 100 EUR at 0.6 EUR per AUD and A$0.02 a token gives
 * { aud: "166.67", tokens: "8333.50" }. Throws a RangeError for bad text or a zero rate or price.
 */
export function orderFigures(
  userAmount: string | number,
  rate: string | number,
  rateAud: string | number,
  tokenPriceAud: string | number,
): OrderFigures {
  const aud = orderAud(userAmount, rate, rateAud);
  return { aud, tokens: tokensFor(aud, tokenPriceAud, TOKEN_FIGURE_DECIMALS) };
}

/** The AUD figure of {@link orderFigures} alone, for a screen that has no token price yet. */
export function orderAud(
  userAmount: string | number,
  rate: string | number,
  rateAud: string | number,
): string {
  return convertToAud(userAmount, rate, rateAud, DECIMALS.AUD);
}

/**
 * The minimum purchase in the buyer's currency: `minPurchaseAud` × rate[code] / rate[AUD],
 * rounded up to `decimals` places, so that paying this amount is never under the minimum.
 * A$50 at 0.625 USD per AUD gives "31.25"; throws a RangeError for bad text or a zero AUD rate.
 */
export function minimumInCurrency(
  minPurchaseAud: string | number,
  rateCode: string | number,
  rateAud: string | number,
  decimals: number,
): string {
  const min = parseDecimal(minPurchaseAud);
  const code = parseDecimal(rateCode);
  const aud = parseDecimal(rateAud);
  return divide(
    min.digits * code.digits * aud.scale,
    min.scale * code.scale * aud.digits,
    decimals,
    'up',
  );
}

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b`. */
export function compareDecimals(a: string | number, b: string | number): -1 | 0 | 1 {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  const left = x.digits * y.scale;
  const right = y.digits * x.scale;
  return left < right ? -1 : left > right ? 1 : 0;
}

/* ------------------------------------------------------------------------------------------ */
/* Bank purchase payload (POST /v1/purchase/add and add-noUser), shared with the server.       */
/* ------------------------------------------------------------------------------------------ */

export const FILE_KINDS = ['image', 'pdf'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** The spec names file types by kind; a MIME type is taken too. */
export function fileKindOf(declared: string | null | undefined): FileKind | null {
  const value = (declared ?? '').trim().toLowerCase();
  if (value === 'pdf' || value === 'application/pdf') return 'pdf';
  if (value === 'image' || value.startsWith('image/')) return 'image';
  return null;
}

/**
 * A positive decimal, as text or a JSON number; answers the text. A number is read as JavaScript
 * writes it, so one under 1e-6 or from 1e21 (written with an exponent) is refused.
 */
const positiveAmount = (message: string) =>
  z
    .union(
      [
        z.string().meta({ pattern: POSITIVE_DECIMAL_PATTERN }),
        z.number().meta({ minimum: 0.000001, maximum: 1e21, exclusiveMaximum: true }),
      ],
      { error: message },
    )
    .transform((value) => String(value).trim())
    .refine(
      (value) => value.length <= 40 && DECIMAL_TEXT.test(value) && /[1-9]/.test(value),
      message,
    );

const fileKind = (message: string) =>
  z
    .string({ error: message })
    .transform((value) => fileKindOf(value) ?? value)
    .pipe(z.enum(FILE_KINDS, { error: message }));

/** Empty text, null and absent all mean "not given". */
const optional = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((value) => value || undefined)
    .pipe(schema.optional());

const fileLink = z.string().max(2048);

const walletField = optional(z.string().regex(WALLET_PATTERN, messages.walletFormat));

const fiatCode = z
  .string({ error: messages.fiatCurrency })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, messages.fiatCurrency)
  .refine(
    (code) => !(CRYPTO_CURRENCIES as readonly string[]).includes(code),
    messages.fiatCurrency,
  );

/** Each field on its own, for forms that check one field at a time. */
export const bankPurchaseFields = {
  investmentAmount: positiveAmount(messages.investmentAmount),
  currency: z.literal('AUD', { error: messages.bankCurrency }),
  userCurrency: fiatCode,
  userAmount: positiveAmount(messages.investmentAmount),
  receiptUrl: z
    .string({ error: messages.receipt })
    .trim()
    .min(1, { message: messages.receipt, abort: true })
    .max(2048),
  receiptType: fileKind(messages.receiptType),
  bankId: z.string({ error: messages.bank }).trim().min(1, messages.bank).max(64, messages.bank),
  wallet: walletField,
  documentUrl: optional(fileLink),
  documentUrlBack: optional(fileLink),
  documentType: optional(fileKind(purchaseMessages.documentType)),
  billingDoc: optional(fileLink),
  // The AML billing document is pdf only (spec section 5).
  billingDocType: optional(
    fileKind(purchaseMessages.billingDocType).refine((kind) => kind === 'pdf', messages.pdfOnly),
  ),
  userRemark: optional(z.string().max(1000, purchaseMessages.remarkTooLong)),
};

function requireTypes(
  body: {
    documentUrl?: string;
    documentUrlBack?: string;
    documentType?: string;
    billingDoc?: string;
    billingDocType?: string;
  },
  ctx: z.RefinementCtx,
) {
  if ((body.documentUrl || body.documentUrlBack) && !body.documentType) {
    ctx.addIssue({
      code: 'custom',
      path: ['documentType'],
      message: purchaseMessages.documentType,
    });
  }
  if (body.billingDoc && !body.billingDocType) {
    ctx.addIssue({
      code: 'custom',
      path: ['billingDocType'],
      message: purchaseMessages.billingDocType,
    });
  }
}

/**
 * POST /v1/purchase/add. `documentType` names the kind of both identity documents (front and
 * back); `billingDocType` must be pdf.
 */
export const bankPurchaseSchema = z.object(bankPurchaseFields).superRefine(requireTypes);

const PASSWORD_MAX = 128;
/** What a visitor adds on the guest checkout; `name` present means "Create new account". */
export const guestFields = {
  email: z
    .string({ error: messages.guestEmail })
    .trim()
    .toLowerCase()
    .min(1, { message: messages.guestEmail, abort: true })
    .max(EMAIL_MAX, { message: messages.email, abort: true })
    .refine(isEmailAddress, messages.email)
    .meta({ pattern: EMAIL_PATTERN }),
  password: z
    .string({ error: messages.guestPassword })
    .min(1, { message: messages.guestPassword, abort: true })
    .max(PASSWORD_MAX, messages.guestPassword),
  name: z
    .string({ error: messages.guestName })
    .trim()
    .min(1, messages.guestName)
    .max(100, messages.guestName)
    .optional(),
  referralCode: signupSchema.shape.referralCode,
};

/** A guest's new account gets the sign-up password rule; logging in takes whatever the account has. */
export function newAccountPassword(
  body: { name?: string; password: string },
  ctx: z.RefinementCtx,
) {
  const { name, password } = body;
  if (name !== undefined && password.length > 0 && password.length < SIGNUP_PASSWORD_MIN) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: messages.signupPassword });
  }
}

/** POST /v1/purchase/add-noUser. */
export const guestBankPurchaseSchema = z
  .object({ ...bankPurchaseFields, ...guestFields })
  .superRefine(requireTypes)
  .superRefine(newAccountPassword);

/* ------------------------------------------------------------------------------------------ */
/* Bank order first, receipt after (POST /v1/purchase/bank-order, bank-order-noUser and        */
/* /v1/purchase/:id/receipt): the buyer gets the reference before paying.                      */
/* ------------------------------------------------------------------------------------------ */

const { receiptUrl, receiptType, ...bankOrderFields } = bankPurchaseFields;

/** The buyer's key for one checkout: a retry with the same key answers the order already made. */
const requestIdField = z
  .string()
  .trim()
  .nullish()
  .transform((value) => value || undefined)
  .pipe(z.uuid(purchaseMessages.requestId).optional())
  .meta({ pattern: OPTIONAL_UUID_PATTERN });

/** POST /v1/purchase/bank-order: a bank purchase without its receipt, Pending (awaiting payment). */
export const bankOrderSchema = z
  .object({ ...bankOrderFields, requestId: requestIdField })
  .superRefine(requireTypes);

/** POST /v1/purchase/bank-order-noUser. */
export const guestBankOrderSchema = z
  .object({ ...bankOrderFields, requestId: requestIdField, ...guestFields })
  .superRefine(requireTypes)
  .superRefine(newAccountPassword);

/** POST /v1/purchase/:id/receipt: the receipt of an order made before its payment. */
export const receiptBodySchema = z.object({ receiptUrl, receiptType });

export type BankOrderInput = z.input<typeof bankOrderSchema>;
export type BankOrderBody = z.output<typeof bankOrderSchema>;
export type GuestBankOrderInput = z.input<typeof guestBankOrderSchema>;
export type ReceiptBody = z.output<typeof receiptBodySchema>;
export type ReceiptInput = z.input<typeof receiptBodySchema>;

export type BankPurchaseInput = z.input<typeof bankPurchaseSchema>;
export type BankPurchaseBody = z.output<typeof bankPurchaseSchema>;
export type GuestBankPurchaseInput = z.input<typeof guestBankPurchaseSchema>;
export type GuestBankPurchaseBody = z.output<typeof guestBankPurchaseSchema>;

/** The guest's choice in the checkout modal. */
export const GuestMode = { New: 'new', Login: 'login' } as const;
export type GuestMode = (typeof GuestMode)[keyof typeof GuestMode];

/**
 * How tokens reach a buyer, in one place: the settings' default delivery statement (the order
 * page, the PDF receipt and holdings show it) and clause 3 of the purchase terms use it as it is.
 */
export const DELIVERY_WALLET_STATEMENT =
  'Tokens are delivered on the blockchain to a wallet you proved is yours with Sign-In with Ethereum: with one proven wallet it is that one; with several, you choose one on the Delivery page. Once a distribution is published you claim them there (or with any wallet tool and your proof file), or our team sends them for you. Until then they wait, shown as allocated in your account.';

/** What buyers read about delivery until staff word it otherwise in the settings. */
export const DEFAULT_DELIVERY_STATEMENT = `Tokens are allocated to you once our team accepts your request. ${DELIVERY_WALLET_STATEMENT}`;

/** Longest delivery statement staff can save. */
export const DELIVERY_STATEMENT_MAX = 1000;

/** Where an order stands for the buyer: a Pending bank order without receipt is awaiting payment. */
/** A bank order awaiting payment whose window has closed: it takes no receipt any more. */
export function isPaymentWindowClosed(
  p: {
    status: number;
    paymentMode: number;
    receiptUrl: string | null;
    paymentDueAt: string | null;
  },
  now = new Date(),
) {
  return isAwaitingPayment(p) && p.paymentDueAt !== null && new Date(p.paymentDueAt) <= now;
}

export function isAwaitingPayment(p: {
  status: number;
  paymentMode: number;
  receiptUrl: string | null;
}) {
  return p.status === 0 && p.paymentMode === 0 && p.receiptUrl === null;
}
