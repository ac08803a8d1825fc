import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { lateOfferSchema } from '@tmc/shared';
import { envelope, envelopeSchema } from '../../lib/envelope.ts';
import { filterInt, pageSchema } from '../../lib/list-query.ts';
import { purchaseSchema } from '../purchases/purchase-dto.ts';
import { adminListQuery, boolParam, intParam, searchParam } from './admin-query.ts';
import { idParams } from '../../lib/uuid.ts';
import type { AdminPurchasesService } from './admin-purchases.service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

const person = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  walletAddress: z.string().nullable(),
  isInfluencer: z.boolean(),
});

export const reviewSchema = purchaseSchema.extend({
  user: z.object({
    _id: z.string(),
    email: z.string(),
    name: z.string(),
    walletAddress: z.string().nullable(),
    emailVerified: z.boolean(),
  }),
  affiliate: person.nullable(),
  introducer: person.nullable(),
  transaction: z
    .object({
      _id: z.string(),
      paymentStatus: z.number().int(),
      paymentMode: z.number().int(),
      price: z.string(),
      currency: z.string(),
      tokenSymbol: z.string(),
      txnHash: z.string().nullable(),
      fromAddress: z.string().nullable(),
      senderMatchesWallet: z.boolean().nullable(),
      walletAddress: z.string().nullable(),
      verifiedAt: z.string().nullable(),
      received: z
        .string()
        .nullable()
        .describe('Crypto: transfers summed while partially paid, what was credited once paid'),
      missing: z
        .string()
        .nullable()
        .describe(
          'Crypto: the quote less received (still missing while pending, the shortfall once paid)',
        ),
      creditOverride: z.string().nullable(),
    })
    .nullable(),
  reviewedBy: z.object({ _id: z.string(), email: z.string() }).nullable(),
  reviewedAt: z.string().nullable(),
  tokenPriceAud: z.string().describe('AUD per token, frozen when the order was placed'),
  pricedAt: z.string().describe('When the price was frozen: the time the order was placed'),
  currentTokenPriceAud: z.string().describe("AUD per token today (the presale's setting)"),
  confirmationDueAt: z
    .string()
    .nullable()
    .describe(
      'Pending bank orders with a receipt: staff must confirm the money by then (7 days after the receipt), or the order ends Not Accepted',
    ),
  lateOffer: lateOfferSchema
    .nullable()
    .describe('A late payment: the latest order at the price of the day offered for it'),
  fraudSignals: z.array(
    z.object({
      code: z.enum(['shared-wallet', 'same-signup-ip', 'same-mailbox']),
      message: z.string(),
    }),
  ),
});

const decisionBody = z.object({
  status: filterInt(1, 4)
    .transform((s) => s as 1 | 2 | 3 | 4)
    .meta({
      description: '1 accept, 2 reject, 3 not accepted, 4 revert (a number, or its digit as text)',
      anyOf: [
        { type: 'integer', minimum: 1, maximum: 4 },
        { type: 'string', pattern: '^\\s*[1-4]\\s*$' },
      ],
    }),
  remark: z
    .string()
    .trim()
    .max(1000, 'Remark must be at most 1000 characters long')
    .nullish()
    .transform((r) => r || null),
  overrideReason: z
    .string()
    .trim()
    .max(1000, 'Override reason must be at most 1000 characters long')
    .nullish()
    .transform((r) => r || null)
    .describe(
      'Accepting a bank order that has no receipt (none came, or its payment window closed): why; kept in the audit log',
    ),
});

export const adminPurchasesRoutes: FastifyPluginAsyncZod<{
  purchases: AdminPurchasesService;
}> = async (app, { purchases }) => {
  app.get(
    '/admin/purchases',
    {
      schema: {
        tags,
        security,
        summary:
          'Every presale request with buyer, payment, files and fraud signals (query status, email, paymentMode, receipt=true|false: with or without a receipt, late=true|false: late bank payments or not, reference)',
        querystring: adminListQuery({
          status: intParam('status', 0, 4).optional(),
          paymentMode: intParam('paymentMode', 0, 1).optional(),
          receipt: boolParam('receipt').optional(),
          late: boolParam('late').optional(),
          email: searchParam,
          reference: searchParam,
        }),
        response: { 200: envelopeSchema(pageSchema(reviewSchema)) },
      },
    },
    async (req) => envelope(200, await purchases.list(req.query)),
  );

  app.post(
    '/admin/purchases/:id/status',
    {
      schema: {
        tags,
        security,
        summary:
          'Review decision: 1 accept, 2 reject, 3 not accepted (from Pending), 4 revert (from Accepted)',
        params: idParams,
        body: decisionBody,
        response: { 200: envelopeSchema(reviewSchema) },
      },
      // 409: a revert of a buyer whose tokens the chain already paid out beyond what stays accepted.
      config: { openapi: { errors: [409] } },
    },
    async (req) =>
      envelope(
        200,
        await purchases.decide(req.user.id, req.params.id, req.body),
        'Presale request updated',
      ),
  );
};
