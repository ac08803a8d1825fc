import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignUnmatchedPaymentSchema,
  CRYPTO_CURRENCIES,
  moveCreditSchema,
  refundUnmatchedPaymentSchema,
  UNMATCHED_PAYMENT_REASONS,
  UNMATCHED_PAYMENT_STATUSES,
  unmatchedPaymentMessages,
} from '@tmc/shared';
import { envelope, envelopeSchema } from '../../lib/envelope.ts';
import { pageSchema } from '../../lib/list-query.ts';
import { transactionSchema } from '../transactions/transaction-dto.ts';
import { adminListQuery } from './admin-query.ts';
import { idParams } from '../../lib/uuid.ts';
import type { AdminUnmatchedPaymentsService } from './admin-unmatched-payments.service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

const unmatchedPaymentSchema = z.object({
  _id: z.string(),
  txnHash: z.string(),
  logIndex: z.number().int().nullable(),
  coin: z.enum(CRYPTO_CURRENCIES),
  fromAddress: z.string(),
  amount: z.string(),
  blockNumber: z.string(),
  blockTime: z.string(),
  reason: z.enum(UNMATCHED_PAYMENT_REASONS),
  status: z.enum(UNMATCHED_PAYMENT_STATUSES),
  purchaseReference: z.string().nullable(),
  remark: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  claimCount: z.number().int(),
  claimedFor: z
    .array(z.string())
    .describe('The references of the orders buyers claimed the transfer for, sorted'),
  flagged: z.boolean(),
});

const unmatchedPaymentDetailSchema = unmatchedPaymentSchema.extend({
  toAddress: z.string(),
  claims: z.array(
    z.object({
      reference: z.string().nullable(),
      email: z.string(),
      claimedAt: z.string(),
      senderProven: z.boolean(),
    }),
  ),
  candidates: z.array(
    z.object({
      reference: z.string(),
      email: z.string(),
      open: z.boolean(),
      coin: z.enum(CRYPTO_CURRENCIES),
      amountDue: z.string(),
      difference: z.string(),
      differenceAud: z
        .string()
        .describe("The difference in AUD at the order's frozen rate (2 decimals, negative: short)"),
      tokensForValue: z.string(),
      tokensDue: z.string(),
      senderProven: z.boolean(),
      senderProvenSince: z.string().nullable(),
      provenWallets: z.array(z.string()),
      claimed: z.boolean(),
      suggestion: z.string().nullable(),
    }),
  ),
});

export const adminUnmatchedPaymentsRoutes: FastifyPluginAsyncZod<{
  unmatchedPayments: AdminUnmatchedPaymentsService;
}> = async (app, { unmatchedPayments }) => {
  app.get(
    '/admin/unmatched-payments',
    {
      schema: {
        tags,
        security,
        summary:
          'Transfers to the company wallet that credited no order (short, excess, late, unknown, over the hard cap), newest first (query status: open, assigned or refunded; default open)',
        querystring: adminListQuery({
          status: z
            .enum(UNMATCHED_PAYMENT_STATUSES, { error: unmatchedPaymentMessages.status })
            .default('open'),
        }),
        response: { 200: envelopeSchema(pageSchema(unmatchedPaymentSchema)) },
      },
    },
    async (req) => envelope(200, await unmatchedPayments.list(req.query)),
  );

  app.get(
    '/admin/unmatched-payments/:id',
    {
      schema: {
        tags,
        security,
        summary:
          'One transfer with every claim of it and the orders it could pay (claimed, named by its evidence, its exact quote, of the account that held the sender at its block, near misses such as a quote cut short, and the order of query reference), each with its amount due, the difference, since when the sender counted as proven and why it is suggested',
        params: idParams,
        querystring: z.object({
          reference: assignUnmatchedPaymentSchema.shape.reference.optional(),
        }),
        response: { 200: envelopeSchema(unmatchedPaymentDetailSchema) },
      },
    },
    async (req) =>
      envelope(200, await unmatchedPayments.detail(req.params.id, req.query.reference)),
  );

  app.post(
    '/admin/unmatched-payments/:id/assign',
    {
      schema: {
        tags,
        security,
        summary:
          "Credit a pending crypto order of the payment's coin with it (by payment reference), with a remark: the transfer is read on the chain again with the required confirmations and credits tokens for its value at the order's frozen price; the whole order for less only with an override reason. An order that ended because its quote lapsed takes a transfer mined before its quote expired (it is reopened, audited)",
        params: idParams,
        body: assignUnmatchedPaymentSchema,
        response: { 200: envelopeSchema(unmatchedPaymentSchema) },
      },
    },
    async (req) =>
      envelope(
        200,
        await unmatchedPayments.assign(req.user.id, req.params.id, req.body),
        unmatchedPaymentMessages.assigned,
      ),
  );

  app.post(
    '/admin/unmatched-payments/:id/refund',
    {
      schema: {
        tags,
        security,
        summary:
          'Mark the payment refunded (the refund itself is made outside the site), with a remark',
        params: idParams,
        body: refundUnmatchedPaymentSchema,
        response: { 200: envelopeSchema(unmatchedPaymentSchema) },
      },
    },
    async (req) =>
      envelope(
        200,
        await unmatchedPayments.refund(req.user.id, req.params.id, req.body),
        unmatchedPaymentMessages.refunded,
      ),
  );

  app.post(
    '/admin/transactions/:id/move-credit',
    {
      schema: {
        tags,
        security,
        summary:
          'Move the transfer that credited this crypto order to the pending order of `reference` of the same coin, with a remark, in one audited step: this order gives the transfer up and is Reverted (totals and affiliate earnings undone, its buyer e-mailed), and the transfer, read on the chain again, credits the other order as an assignment does (its value at the frozen price; the whole order for less only with an override reason); what it paid beyond the first order is listed again for the second. 400 when this order holds no credited transfer, the reference names this order or no pending order of the coin, or the part it paid beyond was already refunded or assigned',
        params: idParams,
        body: moveCreditSchema,
        response: { 200: envelopeSchema(transactionSchema) },
      },
    },
    async (req) =>
      envelope(
        200,
        await unmatchedPayments.moveCredit(req.user.id, req.params.id, req.body),
        unmatchedPaymentMessages.moved,
      ),
  );
};
