import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, envelopeSchema } from '../../lib/envelope.ts';
import { fileAnswer, type OpenApiExtras } from '../../lib/openapi.ts';
import { idParams } from '../../lib/uuid.ts';
import {
  distributionDetailSchema,
  distributionSchema,
  pushBatchesSchema,
  safeBatchSchema,
} from './delivery-dto.ts';
import type { DeliveryService } from './delivery.service.ts';
import { sendAttachment } from '../../lib/attachment.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];
const one = envelopeSchema(distributionSchema);

/** A file of one distribution to download: 404 for an unknown one, 409 when its state has none. */
const download = <S extends object>(summary: string, schema: S, extras: OpenApiExtras = {}) => ({
  config: { openapi: { errors: [404, 409], ...extras } },
  schema: { tags, security, summary, params: idParams, ...schema },
});

/** Staff: build a root, download what the Safe sends, cancel a draft. Registered in the admin scope. */
export const deliveryAdminRoutes: FastifyPluginAsyncZod<{ delivery: DeliveryService }> = async (
  app,
  { delivery },
) => {
  app.post(
    '/admin/distributions',
    {
      config: { openapi: { errors: [400, 409] } },
      schema: {
        tags,
        security,
        summary:
          'Build a draft root from every accepted order (409 while a draft or a proposal exists, when the reader is behind the chain or a revert would take back claimed tokens; 400 when nothing changed)',
        response: { 201: one },
      },
    },
    async (req, reply) => reply.code(201).send(envelope(201, await delivery.build(req.user.id))),
  );

  app.get(
    '/admin/distributions',
    {
      config: { openapi: { errors: [409] } },
      schema: {
        tags,
        security,
        summary: 'Every distribution of the configured distributor, newest first',
        response: { 200: envelopeSchema(z.object({ results: z.array(distributionSchema) })) },
      },
    },
    async () => envelope(200, { results: await delivery.list() }),
  );

  app.get(
    '/admin/distributions/:id',
    {
      config: { openapi: { errors: [404, 409] } },
      schema: {
        tags,
        security,
        summary: 'One distribution, with a row of its diff for each address that changed',
        params: idParams,
        response: { 200: envelopeSchema(distributionDetailSchema) },
      },
    },
    async (req) => envelope(200, await delivery.get(req.params.id)),
  );

  app.get(
    '/admin/distributions/:id/leaves.csv',
    download(
      "The root's leaves, to rebuild it with @openzeppelin/merkle-tree",
      {},
      {
        answers: {
          200: fileAnswer('address,cumulative_base_units: one row per leaf, checksummed', [
            'text/csv',
          ]),
        },
      },
    ),
    async (req, reply) =>
      sendAttachment(reply, {
        type: 'text/csv; charset=utf-8',
        fileName: `leaves-${req.params.id}.csv`,
        body: await delivery.leavesCsv(req.params.id),
      }),
  );

  app.get(
    '/admin/distributions/:id/safe-tx.json',
    download(
      "A draft's Safe Transaction Builder batch: proposeRoot, then the token transfer of the shortfall, left out when nothing is short (409 unless it is a draft)",
      { response: { 200: safeBatchSchema } },
    ),
    async (req, reply) =>
      sendAttachment(reply, {
        type: 'application/json; charset=utf-8',
        fileName: `safe-tx-${req.params.id}.json`,
        body: await delivery.safeTx(req.params.id),
      }),
  );

  app.get(
    '/admin/distributions/:id/push-batches.json',
    download(
      "The accepted root's push batches, sized by a gas estimate; `after` resumes past an address (409 unless accepted)",
      {
        querystring: z.object({
          after: z
            .string()
            .regex(/^0x[0-9a-fA-F]{40}$/, 'after must be an address')
            .optional(),
        }),
        response: { 200: pushBatchesSchema },
      },
    ),
    async (req, reply) =>
      sendAttachment(reply, {
        type: 'application/json; charset=utf-8',
        fileName: `push-batches-${req.params.id}.json`,
        body: await delivery.pushBatches(req.params.id, req.query.after),
      }),
  );

  app.post(
    '/admin/distributions/:id/cancel',
    {
      config: { openapi: { errors: [400, 404, 409] } },
      schema: {
        tags,
        security,
        summary:
          'Cancel a draft (400 for an accepted or cancelled one; 409 for a proposed root, which the Safe cancels on chain)',
        params: idParams,
        response: { 200: one },
      },
    },
    async (req) => envelope(200, await delivery.cancel(req.params.id, req.user.id)),
  );
};
