import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, envelopeSchema } from '../../lib/envelope.ts';
import { pageSchema } from '../../lib/list-query.ts';
import { adminListQuery, searchParam } from './admin-query.ts';
import type { AuditLogService } from './audit-log.service.ts';

const name = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => v || undefined);

const auditEntrySchema = z.object({
  _id: z.string(),
  actor: z.object({ _id: z.string(), email: z.string(), name: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  reference: z
    .string()
    .nullable()
    .describe(
      "The record's name: a presale request's reference (TMC-XXXXXX), a user's e-mail, a bank's name, a paid payout's transfer reference (else its tier and UTC cut-off date, 'Tier 1 batch to 2026-11-30') or an unmatched payment's transaction hash; null for others",
    ),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});

export const auditLogRoutes: FastifyPluginAsyncZod<{ auditLog: AuditLogService }> = async (
  app,
  { auditLog },
) => {
  app.get(
    '/admin/audit-log',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary:
          'Staff actions, newest first (query actorId, actor (e-mail), action, entity, entityId)',
        querystring: adminListQuery({
          actorId: z.uuid('actorId must be a user id').optional(),
          actor: searchParam,
          action: name,
          entity: name,
          entityId: name,
        }),
        response: { 200: envelopeSchema(pageSchema(auditEntrySchema)) },
      },
    },
    async (req) => {
      const { actor, ...q } = req.query;
      return envelope(200, await auditLog.list({ ...q, actorEmail: actor }));
    },
  );
};
