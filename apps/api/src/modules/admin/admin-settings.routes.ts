import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BANK_PAYMENT_WINDOW_HOURS,
  RATE_MAX_AGE_MINUTES,
  DELIVERY_STATEMENT_MAX,
  QUOTE_GRACE_MINUTES,
} from '@tmc/shared';
import { envelope, envelopeSchema } from '../../lib/envelope.ts';
import { decimalField, walletField } from './admin-fields.ts';
import type { AdminSettingsService } from './admin-settings.service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

const wholeNumber = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be from ${min} to ${max}`)
    .max(max, `${name} must be from ${min} to ${max}`);

const settingsChange = z
  .object({
    tokenName: z
      .string()
      .trim()
      .min(1, 'tokenName is required')
      .max(40, 'tokenName must be at most 40 characters long'),
    tokenSymbol: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{1,12}$/, 'tokenSymbol must be 1 to 12 letters or digits')
      // Any case: it is stored upper-cased.
      .meta({ pattern: '^\\s*[A-Za-z0-9]{1,12}\\s*$' }),
    tokenPriceAud: decimalField('tokenPriceAud', 18, {
      positive: true,
      integerDigits: 20,
    }).describe(
      'Follows the active stage: once stages exist, another price answers 400 (add a stage instead)',
    ),
    minPurchaseAud: decimalField('minPurchaseAud', 2),
    hardCapAud: decimalField('hardCapAud', 2, { positive: true }),
    endsAt: z.iso
      .datetime({ offset: true, error: 'endsAt must be an ISO date and time' })
      .nullable()
      .transform((v) => (v === null ? null : new Date(v))),
    companyWallet: walletField,
    swapWallet: walletField,
    minConfirmations: wholeNumber('minConfirmations', 1, 1000),
    quoteTtlMinutes: wholeNumber('quoteTtlMinutes', 5, 1440),
    quoteGraceMinutes: wholeNumber(
      'quoteGraceMinutes',
      QUOTE_GRACE_MINUTES.min,
      QUOTE_GRACE_MINUTES.max,
    ).describe('Minutes an expired crypto quote keeps its order before the order ends'),
    bankPaymentWindowHours: wholeNumber(
      'bankPaymentWindowHours',
      BANK_PAYMENT_WINDOW_HOURS.min,
      BANK_PAYMENT_WINDOW_HOURS.max,
    ).describe('Hours a new bank order has for its receipt before it ends'),
    rateMaxAgeMinutes: wholeNumber(
      'rateMaxAgeMinutes',
      RATE_MAX_AGE_MINUTES.min,
      RATE_MAX_AGE_MINUTES.max,
    ).describe(
      'Minutes an ETH or USDC rate may be old and still price a crypto order (older: 503)',
    ),
    holdDays: wholeNumber('holdDays', 0, 365),
    kycLimitAud: decimalField('kycLimitAud', 2).describe(
      'AUD one account may buy over a rolling 12 months without a verified identity',
    ),
    kycVerifiedLimitAud: decimalField('kycVerifiedLimitAud', 2, { positive: true })
      .nullable()
      .describe(
        'The same with a staff-verified identity; null: no limit. Below kycLimitAud answers 400',
      ),
    whitePaperUrl: z
      .string()
      .trim()
      .max(2048)
      .refine(
        isWhitePaperUrl,
        'whitePaperUrl must be an absolute https URL or a path of this site',
      ),
    // Empty text goes back to the default statement.
    deliveryStatement: z
      .string({ error: 'deliveryStatement must be text' })
      .trim()
      .max(
        DELIVERY_STATEMENT_MAX,
        `deliveryStatement must be at most ${DELIVERY_STATEMENT_MAX} characters long`,
      )
      .nullable()
      .transform((v) => v || null),
  })
  .partial()
  .strict();

const settingsSchema = z.object({
  tokenName: z.string(),
  tokenSymbol: z.string(),
  tokenPriceAud: z.string(),
  minPurchaseAud: z.string(),
  hardCapAud: z.string(),
  endsAt: z.string().nullable(),
  companyWallet: z.string(),
  swapWallet: z.string(),
  usdcAddress: z.string(),
  chainId: z.number().int(),
  minConfirmations: z.number().int(),
  quoteTtlMinutes: z.number().int(),
  quoteGraceMinutes: z.number().int(),
  bankPaymentWindowHours: z.number().int(),
  rateMaxAgeMinutes: z.number().int(),
  holdDays: z.number().int(),
  kycLimitAud: z.string(),
  kycVerifiedLimitAud: z.string().nullable(),
  whitePaperUrl: z.string(),
  deliveryStatement: z.string(),
  raisedAud: z.string(),
  tokensSold: z.string(),
  updatedAt: z.string(),
});

const ratesTableSchema = z.object({
  base: z.literal('AUD'),
  rates: z.array(z.object({ code: z.string(), rate: z.string(), updatedAt: z.string() })),
});

const ratesBody = z.object({
  rates: z
    .record(
      z.string().regex(/^[A-Z]{3,5}$/, 'Currency codes are 3 to 5 capital letters'),
      decimalField('rate', 18, { positive: true, integerDigits: 20 }),
      { error: 'rates must be an object of currency code to rate' },
    )
    .refine((rates) => Object.keys(rates).length > 0, 'rates must name at least one currency')
    .refine((rates) => Object.keys(rates).length <= 200, 'At most 200 rates at a time'),
});

/**
 * An absolute https URL (no credentials), or a path of this site: never `//host` or a slash and
 * a backslash, which browsers read as another host.
 */
function isWhitePaperUrl(value: string) {
  if (/^\/(?![/\\])\S*$/.test(value)) return true;
  try {
    const url = new URL(value);
    return (
      url.protocol === 'https:' &&
      url.hostname !== '' &&
      !url.username &&
      !url.password &&
      !/\s/.test(value)
    );
  } catch {
    return false;
  }
}

export const adminSettingsRoutes: FastifyPluginAsyncZod<{
  settings: AdminSettingsService;
}> = async (app, { settings }) => {
  app.get(
    '/admin/settings',
    {
      schema: {
        tags,
        security,
        summary: 'Presale settings and running totals',
        response: { 200: envelopeSchema(settingsSchema) },
      },
    },
    async () => envelope(200, await settings.get()),
  );

  app.put(
    '/admin/settings',
    {
      schema: {
        tags,
        security,
        summary: 'Change presale settings (only the fields sent change)',
        body: settingsChange,
        response: { 200: envelopeSchema(settingsSchema) },
      },
    },
    async (req) => envelope(200, await settings.update(req.user.id, req.body), 'Settings saved'),
  );

  app.get(
    '/admin/currency-rates',
    {
      schema: {
        tags,
        security,
        summary: 'Currency rates (units per 1 AUD) with when each was set',
        response: { 200: envelopeSchema(ratesTableSchema) },
      },
    },
    async () => envelope(200, await settings.rates()),
  );

  app.put(
    '/admin/currency-rates',
    {
      schema: {
        tags,
        security,
        summary: 'Set currency rates, units per 1 AUD (codes not sent stay as they are)',
        body: ratesBody,
        response: { 200: envelopeSchema(ratesTableSchema) },
      },
    },
    async (req) =>
      envelope(200, await settings.setRates(req.user.id, req.body.rates), 'Rates saved'),
  );
};
