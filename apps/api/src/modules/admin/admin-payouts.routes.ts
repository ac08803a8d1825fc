import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { payoutDestinationMessages } from '@tmc/shared';
import { z } from 'zod';
import { envelope, envelopeSchema } from '../../lib/envelope.ts';
import { fileAnswer } from '../../lib/openapi.ts';
import { pageSchema } from '../../lib/list-query.ts';
import type { PayoutsService } from '../affiliates/payouts.service.ts';
import { payoutDestinationDtoSchema } from '../affiliates/affiliates.routes.ts';
import { adminListQuery, tierParam } from './admin-query.ts';
import { idParams } from '../../lib/uuid.ts';
import { sendAttachment } from '../../lib/attachment.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

const lineSchema = z.object({
  affiliate: z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    walletAddress: z.string().nullable(),
  }),
  destination: payoutDestinationDtoSchema
    .nullable()
    .describe(
      "In a batch: the destination copied when it was made; in a preview: the affiliate's current one",
    ),
  held: z.boolean(),
  heldReason: z
    .enum(['no-destination', 'destination-changed'])
    .nullable()
    .describe('Why the line is held: no destination yet, or one changed in the last 3 days'),
  heldUntil: z
    .string()
    .nullable()
    .describe('A line held for a changed destination joins a batch made after this time'),
  earnings: z.string(),
  adjustments: z.string(),
  amount: z.string(),
  earningsCount: z.number().int(),
});

const payoutSchema = z.object({
  _id: z.string(),
  tier: z.union([z.literal(1), z.literal(2)]),
  periodStart: z.string(),
  periodEnd: z.string(),
  total: z.string(),
  currency: z.literal('AUD'),
  status: z.enum(['created', 'paid']),
  reference: z.string().nullable(),
  affiliates: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});

const payoutDetailSchema = payoutSchema.extend({ lines: z.array(lineSchema) });

const previewSchema = z.object({
  tier: z.union([z.literal(1), z.literal(2)]),
  periodStart: z.string(),
  periodEnd: z.string(),
  approvedBy: z.string(),
  holdDays: z.number().int(),
  existingPayout: payoutDetailSchema.nullable(),
  lines: z.array(lineSchema),
  held: z.array(lineSchema),
  carriedForward: z.array(lineSchema),
  total: z.string(),
  currency: z.literal('AUD'),
});

const tierBody = z.object({
  tier: z
    .union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')], {
      error: 'tier must be 1 or 2',
    })
    .transform((t) => (Number(t) === 2 ? (2 as const) : (1 as const))),
});

export const adminPayoutsRoutes: FastifyPluginAsyncZod<{ payouts: PayoutsService }> = async (
  app,
  { payouts },
) => {
  app.get(
    '/admin/payouts/preview',
    {
      schema: {
        tags,
        security,
        summary:
          'The batch due for a tier (1 weekly, 2 fortnightly): approved earnings by the cut-off less adjustments',
        querystring: z.object({ tier: tierParam.optional().transform((tier) => tier ?? 1) }),
        response: { 200: envelopeSchema(previewSchema) },
      },
    },
    async (req) => envelope(200, await payouts.preview(req.query.tier)),
  );

  app.get(
    '/admin/payouts',
    {
      schema: {
        tags,
        security,
        summary: 'Payout batches, latest period first (query tier, status)',
        querystring: adminListQuery({
          tier: tierParam.optional(),
          status: z
            .enum(['created', 'paid'], { error: 'status must be created or paid' })
            .optional(),
        }),
        response: { 200: envelopeSchema(pageSchema(payoutSchema)) },
      },
    },
    async (req) => envelope(200, await payouts.list(req.query)),
  );

  app.post(
    '/admin/payouts',
    {
      schema: {
        tags,
        security,
        summary:
          'Create the batch of the last complete period (201); if that period has one, it is answered (200)',
        body: tierBody,
        response: {
          200: envelopeSchema(payoutDetailSchema),
          201: envelopeSchema(payoutDetailSchema),
        },
      },
    },
    async (req, reply) => {
      const { payout, created } = await payouts.create(req.user.id, req.body.tier);
      const code = created ? 201 : 200;
      return reply
        .code(code)
        .send(
          envelope(
            code,
            payout,
            created ? 'Payout batch created' : 'This period already has a batch',
          ),
        );
    },
  );

  const csvSchema = {
    tags,
    security,
    summary: 'The batch as CSV: affiliate, email, wallet, amount_aud',
    params: idParams,
  };
  const csvAnswer = fileAnswer('The batch, one line per affiliate', ['text/csv']);
  const sendCsv = async (req: { params: { id: string } }, reply: FastifyReply) => {
    const { fileName, body } = await payouts.csv(req.params.id);
    return sendAttachment(reply, { type: 'text/csv; charset=utf-8', fileName, body });
  };
  app.get(
    '/admin/payouts/:id/csv',
    { schema: csvSchema, config: { openapi: { answers: { 200: csvAnswer } } } },
    sendCsv,
  );
  // The first path of the CSV, kept working; the document shows only the one above (this one
  // would overlap /admin/payouts/{id} for tools that match paths).
  app.get('/admin/payouts/:id.csv', { schema: { ...csvSchema, hide: true } }, sendCsv);

  app.get(
    '/admin/payouts/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One batch with its lines per affiliate',
        params: idParams,
        response: { 200: envelopeSchema(payoutDetailSchema) },
      },
    },
    async (req) => envelope(200, await payouts.get(req.params.id)),
  );

  app.post(
    '/admin/payouts/:id/paid',
    {
      schema: {
        tags,
        security,
        summary:
          'Mark a batch paid with the transfer reference and the total transferred; its earnings become paid and affiliates are e-mailed',
        description:
          'Refused (400) when `expectedTotal` differs from the batch total (a revert took a line out since the file was made), when the batch is already paid or has held lines.',
        params: idParams,
        body: z.object({
          reference: z
            .string({ error: 'reference is required' })
            .trim()
            .min(1, 'reference is required')
            .max(200, 'reference must be at most 200 characters long'),
          expectedTotal: z
            .string({ error: payoutDestinationMessages.expectedTotal })
            .trim()
            .regex(/^\d{1,18}(\.\d{1,2})?$/, payoutDestinationMessages.expectedTotal)
            .describe('The total transferred, AUD (up to 2 decimals); must equal the batch total'),
        }),
        response: { 200: envelopeSchema(payoutDetailSchema) },
      },
    },
    async (req) =>
      envelope(
        200,
        await payouts.markPaid(
          req.user.id,
          req.params.id,
          req.body.reference,
          req.body.expectedTotal,
        ),
        'Payout marked paid',
      ),
  );
};
