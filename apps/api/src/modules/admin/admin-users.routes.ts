import { adminUserMessages } from '@tmc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, envelopeSchema } from '../../lib/envelope.ts';
import { pageSchema } from '../../lib/list-query.ts';
import { userSchema } from '../account/user-dto.ts';
import { adminListQuery, boolParam, searchParam } from './admin-query.ts';
import { idParams } from '../../lib/uuid.ts';
import type { AdminUsersService } from './admin-users.service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];
const roleParam = z.enum(['user', 'admin'], { error: 'role must be user or admin' });

const adminUserSchema = userSchema.extend({
  referredBy: z.object({ _id: z.string(), email: z.string(), name: z.string() }).nullable(),
  referrals: z.number().int(),
});

export const adminUsersRoutes: FastifyPluginAsyncZod<{ users: AdminUsersService }> = async (
  app,
  { users },
) => {
  app.get(
    '/admin/users',
    {
      schema: {
        tags,
        security,
        summary: 'Users, newest first (query search, role, isInfluencer, isAffiliated, referredBy)',
        querystring: adminListQuery({
          search: searchParam,
          role: roleParam.optional(),
          isInfluencer: boolParam('isInfluencer').optional(),
          isAffiliated: boolParam('isAffiliated').optional(),
          referredBy: z.uuid('referredBy must be a user id').optional(),
        }),
        response: { 200: envelopeSchema(pageSchema(adminUserSchema)) },
      },
    },
    async (req) => envelope(200, await users.list(req.query)),
  );

  app.patch(
    '/admin/users/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Mark an influencer, or change the role',
        params: idParams,
        body: z
          .object({
            isInfluencer: z.boolean({ error: 'isInfluencer must be true or false' }).optional(),
            role: roleParam.optional(),
          })
          .strict()
          .refine(
            (b) => b.isInfluencer !== undefined || b.role !== undefined,
            'Send isInfluencer or role',
          ),
        response: { 200: envelopeSchema(adminUserSchema) },
      },
    },
    async (req) =>
      envelope(200, await users.update(req.user.id, req.params.id, req.body), 'User updated'),
  );

  app.post(
    '/admin/users/:id/dismiss',
    {
      schema: {
        tags,
        security,
        summary:
          'Dismiss an affiliate for breach: no longer an affiliate, unpaid commissions voided (also out of unpaid batches), paid ones kept',
        params: idParams,
        body: z.object({
          reason: z
            .string({ error: adminUserMessages.reasonRequired })
            .trim()
            .min(1, adminUserMessages.reasonRequired)
            .max(1000, adminUserMessages.reasonTooLong),
        }),
        response: {
          200: envelopeSchema(adminUserSchema.extend({ voidedEarnings: z.number().int() })),
        },
      },
    },
    async (req) =>
      envelope(
        200,
        await users.dismiss(req.user.id, req.params.id, req.body.reason),
        'Affiliate dismissed',
      ),
  );
};
