import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, envelopeSchema } from '../../lib/envelope.ts';
import { pageSchema } from '../../lib/list-query.ts';
import { adminListQuery, boolParam } from './admin-query.ts';
import { idParams } from '../../lib/uuid.ts';
import type { AdminBanksService } from './admin-banks.service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

const requiredText = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(max, `${name} must be at most ${max} characters long`);

/** Absent: unchanged; empty or null: cleared. */
const optionalText = (name: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${name} must be at most ${max} characters long`)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

const currencyCode = z
  .string({ error: 'Invalid currency code' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3,5}$/, 'Invalid currency code');

const bankFields = {
  currency: currencyCode,
  bankName: requiredText('bankName', 200),
  accountHolder: requiredText('accountHolder', 200),
  BIC: z
    .string({ error: 'BIC is required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/, 'BIC must be 8 or 11 letters and digits'),
  RoutingNumber: optionalText('RoutingNumber', 64),
  accountNumber: optionalText('accountNumber', 64),
  active: z.boolean({ error: 'active must be true or false' }).optional(),
};

export const adminBankSchema = z.object({
  _id: z.string(),
  bankName: z.string(),
  accountHolder: z.string(),
  BIC: z.string(),
  RoutingNumber: z.string().nullable(),
  accountNumber: z.string().nullable(),
  currency: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
});

export const adminBanksRoutes: FastifyPluginAsyncZod<{ banks: AdminBanksService }> = async (
  app,
  { banks },
) => {
  app.get(
    '/admin/banks',
    {
      schema: {
        tags,
        security,
        summary: 'Bank accounts, active or not (query currency, active)',
        querystring: adminListQuery({
          currency: currencyCode.optional(),
          active: boolParam('active').optional(),
        }),
        response: { 200: envelopeSchema(pageSchema(adminBankSchema)) },
      },
    },
    async (req) => envelope(200, await banks.list(req.query)),
  );

  app.post(
    '/admin/banks',
    {
      schema: {
        tags,
        security,
        summary: 'Add a bank account for a currency',
        body: z.object(bankFields),
        response: { 201: envelopeSchema(adminBankSchema) },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(envelope(201, await banks.create(req.user.id, req.body), 'Bank account added')),
  );

  app.patch(
    '/admin/banks/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Edit a bank account (only the fields sent change)',
        params: idParams,
        body: z
          .object(bankFields)
          .partial()
          .refine(
            (b) => Object.values(b).some((v) => v !== undefined),
            `Send at least one of ${Object.keys(bankFields).join(', ')}`,
          ),
        response: { 200: envelopeSchema(adminBankSchema) },
      },
    },
    async (req) =>
      envelope(
        200,
        await banks.update(req.user.id, req.params.id, req.body),
        'Bank account updated',
      ),
  );

  app.delete(
    '/admin/banks/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Deactivate a bank account (kept for the purchases that name it)',
        params: idParams,
        response: { 200: envelopeSchema(adminBankSchema) },
      },
    },
    async (req) =>
      envelope(200, await banks.deactivate(req.user.id, req.params.id), 'Bank account deactivated'),
  );
};
