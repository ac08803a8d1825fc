import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAGE_NAME_MAX, STAGE_REMARK_MAX, stageMessages } from '@tmc/shared';
import { envelope, envelopeSchema } from '../../lib/envelope.ts';
import { idParams } from '../../lib/uuid.ts';
import { decimalField } from './admin-fields.ts';
import type { StagesService } from '../stages/stages.service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

const isoDate = (name: string) =>
  z.iso
    .datetime({ offset: true, error: `${name} must be an ISO date and time` })
    .transform((v) => new Date(v));

const stageFields = {
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(STAGE_NAME_MAX, `name must be at most ${STAGE_NAME_MAX} characters long`),
  priceAud: decimalField('priceAud', 18, { positive: true, integerDigits: 20 }).describe(
    'AUD per token; fixed once the stage opens',
  ),
  tokenCap: decimalField('tokenCap', 2, { positive: true, integerDigits: 30 }).describe(
    'Tokens this stage sells at most; fixed once the stage opens',
  ),
  startsAt: isoDate('startsAt').describe(
    'Opens at this time, or when the stage before it closes, whichever is later',
  ),
  endsAt: isoDate('endsAt')
    .nullable()
    .optional()
    .describe('Closes at this time if not sold out before; after startsAt; null: no end'),
};

const stageSchema = z.object({
  id: z.string(),
  name: z.string(),
  priceAud: z.string(),
  tokenCap: z.string(),
  sold: z.string(),
  reserved: z.string().describe('Tokens of open orders priced by this stage'),
  left: z.string().describe('cap − sold − reserved; 0 once closed'),
  unsold: z.string().describe("A closed stage's leftover and what its orders gave back later"),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  state: z.enum(['scheduled', 'active', 'closed']),
  closeReason: z.enum(['sold_out', 'time', 'staff']).nullable(),
  remark: z.string().nullable(),
  closedAt: z.string().nullable(),
  openOrders: z.number().int().describe("Pending orders that keep this stage's price"),
});

export const adminStagesRoutes: FastifyPluginAsyncZod<{ stages: StagesService }> = async (
  app,
  { stages },
) => {
  app.get(
    '/admin/stages',
    {
      schema: {
        tags,
        security,
        summary: 'The presale stages in selling order, with sold, reserved and left',
        response: { 200: envelopeSchema(z.array(stageSchema)) },
      },
    },
    async () => envelope(200, await stages.list()),
  );

  app.post(
    '/admin/stages',
    {
      schema: {
        tags,
        security,
        summary:
          'Add a scheduled stage; it opens at its start when no other stage is active (at once if that time has come)',
        body: z.object({ ...stageFields, endsAt: stageFields.endsAt.default(null) }),
        response: { 201: envelopeSchema(stageSchema) },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(envelope(201, await stages.create(req.user.id, req.body), 'Stage added')),
  );

  app.patch(
    '/admin/stages/:id',
    {
      schema: {
        tags,
        security,
        summary: `Edit a scheduled stage (only the fields sent change). An active or closed stage: 400 "${stageMessages.notEditable}"`,
        params: idParams,
        body: z
          .object(stageFields)
          .partial()
          .refine(
            (b) => Object.values(b).some((v) => v !== undefined),
            `Send at least one of ${Object.keys(stageFields).join(', ')}`,
          ),
        response: { 200: envelopeSchema(stageSchema) },
      },
    },
    async (req) =>
      envelope(200, await stages.update(req.user.id, req.params.id, req.body), 'Stage updated'),
  );

  app.post(
    '/admin/stages/:id/close',
    {
      schema: {
        tags,
        security,
        summary:
          'Close a scheduled or active stage now; its open orders keep its price and the next due stage opens',
        params: idParams,
        body: z.object({
          remark: z
            .string({ error: stageMessages.remarkRequired })
            .trim()
            .min(1, stageMessages.remarkRequired)
            .max(STAGE_REMARK_MAX, `remark must be at most ${STAGE_REMARK_MAX} characters long`),
        }),
        response: {
          200: envelopeSchema(
            z.object({
              stage: stageSchema,
              openOrders: z
                .number()
                .int()
                .describe("Open orders that keep the closed stage's price"),
            }),
          ),
        },
      },
    },
    async (req) => {
      const closed = await stages.close(req.user.id, req.params.id, req.body.remark);
      return envelope(
        200,
        closed,
        `Stage closed: ${closed.openOrders} open order${closed.openOrders === 1 ? '' : 's'} keep its price`,
      );
    },
  );
};
