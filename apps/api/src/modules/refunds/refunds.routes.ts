import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminRefundSchema,
  buyerRefundSchema,
  createRefundSchema,
  declineRefundSchema,
  REFUND_STATES,
  refundMessages,
  refundPaidSchema,
  refundRequestSchema,
  refundSchema,
} from '@tmc/shared';
import { sendAttachment } from '../../lib/attachment.ts';
import { envelope, envelopeSchema } from '../../lib/envelope.ts';
import { listQuerySchema, pageSchema } from '../../lib/list-query.ts';
import { idParams } from '../../lib/uuid.ts';
import { safeBatchSchema } from '../delivery/delivery-dto.ts';
import type { RefundsService } from './refunds.service.ts';

const security = [{ bearer: [] }];

/** The buyer's side: asking for a refund of one of their orders. */
export const refundRequestRoutes: FastifyPluginAsyncZod<{ refunds: RefundsService }> = async (
  app,
  { refunds },
) => {
  app.post(
    '/purchase/:id/refund-request',
    {
      onRequest: app.requireUser,
      config: { openapi: { errors: [404, 409, 429] } },
      schema: {
        tags: ['purchases'],
        security,
        summary:
          "Ask for a refund of the whole of what is left of one of my orders, with a reason: an accepted order, or a bank order rejected or ended after its receipt (404 for another user's; 409 when it cannot be refunded, a refund of it is already in progress, or its tokens were already delivered and must first be sent back to the company wallet; 10 an hour)",
        params: idParams,
        body: refundRequestSchema,
        response: { 201: envelopeSchema(refundSchema) },
      },
    },
    async (req, reply) => {
      const refund = await refunds.request(req.user.id, req.params.id, req.body.reason);
      return reply.code(201).send(envelope(201, refund, refundMessages.requested));
    },
  );
};

/** The buyer's refunds across their orders (My TMC). */
export const accountRefundsRoutes: FastifyPluginAsyncZod<{ refunds: RefundsService }> = async (
  app,
  { refunds },
) => {
  app.get(
    '/account/refunds',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['account'],
        security,
        summary:
          "My refunds across my orders, newest first (state, amount, coin, reason or decline reason, the order's reference): a list envelope, 10 a page by default",
        querystring: listQuerySchema(z.object({}).strict()),
        response: { 200: envelopeSchema(pageSchema(buyerRefundSchema)) },
      },
    },
    async (req) => envelope(200, await refunds.listMine(req.user.id, req.query)),
  );
};

/** Staff's side, inside the /admin scope (its role check). */
export const adminRefundsRoutes: FastifyPluginAsyncZod<{ refunds: RefundsService }> = async (
  app,
  { refunds },
) => {
  const tags = ['admin'];
  const params = idParams;
  const one = { 200: envelopeSchema(adminRefundSchema) };

  app.get(
    '/admin/refunds',
    {
      schema: {
        tags,
        security,
        summary:
          'Refunds, newest first (query state: requested, approved, paid or declined; default all), with the count of each state',
        querystring: z.intersection(
          listQuerySchema(z.object({}).strict()),
          z.object({
            state: z
              .enum(REFUND_STATES, {
                error: 'state must be requested, approved, paid or declined',
              })
              .optional(),
          }),
        ),
        response: {
          200: envelopeSchema(
            pageSchema(adminRefundSchema).extend({
              counts: z.object({
                requested: z.number().int(),
                approved: z.number().int(),
                paid: z.number().int(),
                declined: z.number().int(),
              }),
            }),
          ),
        },
      },
    },
    async (req) => envelope(200, await refunds.list(req.query)),
  );

  app.post(
    '/admin/refunds',
    {
      config: { openapi: { errors: [404, 409] } },
      schema: {
        tags,
        security,
        summary:
          "Start a refund (requested) of an order or of a listed transfer, for an amount in the coin it was paid in, with a reason: crypto goes back to the transfer's sender, bank to the account that paid. 400 for another coin or more than is left; 409 when it cannot be refunded, one is already in progress, or delivered tokens must first come back",
        body: createRefundSchema,
        response: { 201: envelopeSchema(adminRefundSchema) },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(envelope(201, await refunds.create(req.user.id, req.body), refundMessages.created)),
  );

  app.post(
    '/admin/refunds/:id/approve',
    {
      config: { openapi: { errors: [404, 409] } },
      schema: {
        tags,
        security,
        summary:
          "Approve a requested refund: an accepted order's tokens, AUD value, the presale totals and its affiliate commissions shrink by the refunded share at once (the whole: the order is Reverted); a listed transfer is marked refunded. Approving again changes nothing. 409 for a declined refund or when delivered tokens must first come back",
        params,
        response: one,
      },
    },
    async (req) =>
      envelope(200, await refunds.approve(req.user.id, req.params.id), refundMessages.approved),
  );

  app.post(
    '/admin/refunds/:id/decline',
    {
      config: { openapi: { errors: [404, 409] } },
      schema: {
        tags,
        security,
        summary:
          'Decline a requested refund with a reason the buyer reads. Declining again changes nothing; 409 once approved or paid',
        params,
        body: declineRefundSchema,
        response: one,
      },
    },
    async (req) =>
      envelope(
        200,
        await refunds.decline(req.user.id, req.params.id, req.body.reason),
        refundMessages.declined,
      ),
  );

  app.post(
    '/admin/refunds/:id/paid',
    {
      config: { openapi: { errors: [404, 409] } },
      schema: {
        tags,
        security,
        summary:
          "Mark an approved bank refund paid with the bank's reference (a retry with the same reference changes nothing). 409 for a crypto refund (the chain proves those) or one not approved",
        params,
        body: refundPaidSchema,
        response: one,
      },
    },
    async (req) =>
      envelope(
        200,
        await refunds.markPaid(req.user.id, req.params.id, req.body.evidence),
        refundMessages.paid,
      ),
  );

  app.get(
    '/admin/refunds/:id/safe-tx.json',
    {
      config: { openapi: { errors: [404, 409] } },
      schema: {
        tags,
        security,
        summary:
          "An approved crypto refund as a Safe Transaction Builder batch: the ETH transfer, or the USDC transfer call, to the refund's destination for exactly its amount (409 for a bank refund or one not approved)",
        params,
        response: { 200: safeBatchSchema },
      },
    },
    async (req, reply) =>
      sendAttachment(reply, {
        type: 'application/json; charset=utf-8',
        fileName: `refund-${req.params.id}.json`,
        body: await refunds.safeTx(req.params.id),
      }),
  );
};
