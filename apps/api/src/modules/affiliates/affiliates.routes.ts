import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EARNING_STATUSES,
  payoutDestinationMessages,
  payoutDestinationSchema,
  referralClickSchema,
} from '@tmc/shared';
import { envelope, envelopeSchema } from '../../lib/envelope.ts';
import { filterInt, listQuerySchema, pageSchema } from '../../lib/list-query.ts';
import { affiliateEarningSchema } from './earning-dto.ts';
import type { AffiliatesService } from './affiliates.service.ts';

const tags = ['affiliates'];
const security = [{ bearer: [] }];

const earningFilter = z
  .object({
    status: z.enum(EARNING_STATUSES).optional(),
    tier: filterInt(1, 2)
      .transform((tier) => (tier === 2 ? 2 : 1))
      .optional(),
  })
  .strict();

const amount = z.string();
const summarySchema = z.object({
  referredUsers: z.number().int(),
  totalEarned: amount,
  pending: amount,
  approved: amount,
  paid: amount,
  adjustments: amount,
  currency: z.literal('AUD'),
  funnel: z.object({
    clicks: z.number().int(),
    signUps: z.number().int(),
    verified: z.number().int(),
    buyers: z.number().int(),
  }),
  earningsByWeek: z.array(z.object({ weekStart: z.string(), amount })),
});

/** A payout destination as the API answers it (bank accounts are in AUD). */
export const payoutDestinationDtoSchema = z.union([
  z.object({
    kind: z.literal('bank'),
    currency: z.literal('AUD'),
    accountName: z.string(),
    bsb: z.string(),
    accountNumber: z.string(),
    updatedAt: z.string(),
  }),
  z.object({ kind: z.literal('wallet'), walletAddress: z.string(), updatedAt: z.string() }),
]);

const destinationAnswer = envelopeSchema(
  z.object({ destination: payoutDestinationDtoSchema.nullable() }),
);

export const affiliatesRoutes: FastifyPluginAsyncZod<{ affiliates: AffiliatesService }> = async (
  app,
  { affiliates },
) => {
  app.get(
    '/affiliate-earning/get',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: "The caller's affiliate earnings, newest first",
        querystring: listQuerySchema(earningFilter),
        response: { 200: envelopeSchema(pageSchema(affiliateEarningSchema)) },
      },
    },
    async (req) => envelope(200, await affiliates.earnings(req.user.id, req.query)),
  );

  app.get(
    '/affiliate-earning/summary',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Totals, the referral funnel and earnings by week',
        response: { 200: envelopeSchema(summarySchema) },
      },
    },
    async (req) => envelope(200, await affiliates.summary(req.user.id)),
  );

  app.get(
    '/affiliate/payout-destination',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          "Where the caller's commissions are paid: a bank account in AUD or a wallet; null until given (403 for non-affiliates)",
        response: { 200: destinationAnswer },
      },
      config: { openapi: { errors: [403] } },
    },
    async (req) => envelope(200, await affiliates.payoutDestination(req.user.id)),
  );

  app.post(
    '/affiliate/payout-destination',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'Set or change where my commissions are paid (bank account in AUD or wallet), confirmed with my password; audited. Payout lines without one are held',
        body: payoutDestinationSchema,
        response: { 200: destinationAnswer },
      },
      config: { openapi: { errors: [403, 429] } },
    },
    async (req) =>
      envelope(
        200,
        await affiliates.setPayoutDestination(req.user.id, req.body),
        payoutDestinationMessages.saved,
      ),
  );

  app.post(
    '/affiliate/click',
    {
      schema: {
        tags,
        summary: 'Log a visit through a referral link (hashed IP, once a day per visitor)',
        body: referralClickSchema,
        response: { 200: envelopeSchema(z.object({ recorded: z.boolean() })) },
      },
    },
    async (req) => envelope(200, await affiliates.recordClick(req.body, req.ip)),
  );
};
