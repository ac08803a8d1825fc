import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminIdentityReviewSchema,
  IDENTITY_REVIEW_STATES,
  identityDocumentsSchema,
  identityMessages,
  identityRejectSchema,
  identityStatusSchema,
  identitySubmitSchema,
} from '@tmc/shared';
import { envelope, envelopeSchema } from '../../lib/envelope.ts';
import { listQuerySchema, pageSchema } from '../../lib/list-query.ts';
import { idParams } from '../../lib/uuid.ts';
import type { IdentityService } from './identity.service.ts';

const security = [{ bearer: [] }];

/** The buyer's side: their identity state, limit, and sending documents. */
export const identityRoutes: FastifyPluginAsyncZod<{ identity: IdentityService }> = async (
  app,
  { identity },
) => {
  const tags = ['account'];

  app.get(
    '/account/identity',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'My identity check (none, pending, approved or rejected, with the reason of a rejection), my buying limit over 12 months (null: none) and what I bought in the last 12 months (open and accepted orders)',
        response: { 200: envelopeSchema(identityStatusSchema) },
      },
    },
    async (req) => envelope(200, await identity.status(req.user.id)),
  );

  app.post(
    '/account/identity',
    {
      onRequest: app.requireUser,
      config: { openapi: { errors: [409] } },
      schema: {
        tags,
        security,
        summary:
          'Send my identity documents for review: an ID document and a selfie holding it or a second document, each a signed upload link (image or pdf, checked by its bytes). 409 while documents are being reviewed or once the identity is verified; after a rejection, new documents may be sent',
        body: identitySubmitSchema,
        response: { 201: envelopeSchema(identityStatusSchema) },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          envelope(201, await identity.submit(req.user.id, req.body), identityMessages.submitted),
        ),
  );
};

/** Staff's side, inside the /admin scope (its role check). */
export const adminIdentityRoutes: FastifyPluginAsyncZod<{ identity: IdentityService }> = async (
  app,
  { identity },
) => {
  const tags = ['admin'];
  const one = { 200: envelopeSchema(adminIdentityReviewSchema) };

  app.get(
    '/admin/identity-reviews',
    {
      schema: {
        tags,
        security,
        summary:
          'Identity reviews (query state: pending, approved or rejected; default all): pending ones oldest first, else newest first; with the count of each state',
        querystring: z.intersection(
          listQuerySchema(z.object({}).strict()),
          z.object({
            state: z
              .enum(IDENTITY_REVIEW_STATES, {
                error: 'state must be pending, approved or rejected',
              })
              .optional(),
          }),
        ),
        response: {
          200: envelopeSchema(
            pageSchema(adminIdentityReviewSchema).extend({
              counts: z.object({
                pending: z.number().int(),
                approved: z.number().int(),
                rejected: z.number().int(),
              }),
            }),
          ),
        },
      },
    },
    async (req) => envelope(200, await identity.list(req.query)),
  );

  app.get(
    '/admin/identity-reviews/:id/documents',
    {
      config: { openapi: { errors: [404] } },
      schema: {
        tags,
        security,
        summary:
          "Links to a review's two documents that open them for one minute; every call is recorded in the audit log",
        params: idParams,
        response: { 200: envelopeSchema(identityDocumentsSchema) },
      },
    },
    async (req) => envelope(200, await identity.documents(req.user.id, req.params.id)),
  );

  app.post(
    '/admin/identity-reviews/:id/approve',
    {
      config: { openapi: { errors: [404, 409] } },
      schema: {
        tags,
        security,
        summary:
          "Approve a pending review: the buyer's limit becomes the verified one and they are e-mailed. 409 once the review is decided (nothing changes)",
        params: idParams,
        response: one,
      },
    },
    async (req) =>
      envelope(200, await identity.approve(req.user.id, req.params.id), identityMessages.approved),
  );

  app.post(
    '/admin/identity-reviews/:id/reject',
    {
      config: { openapi: { errors: [404, 409] } },
      schema: {
        tags,
        security,
        summary:
          'Reject a pending review with a reason the buyer reads (e-mailed to them); they may send new documents. 409 once the review is decided (nothing changes)',
        params: idParams,
        body: identityRejectSchema,
        response: one,
      },
    },
    async (req) =>
      envelope(
        200,
        await identity.reject(req.user.id, req.params.id, req.body.reason),
        identityMessages.rejected,
      ),
  );
};
