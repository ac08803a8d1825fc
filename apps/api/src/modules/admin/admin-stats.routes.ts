import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, envelopeSchema } from '../../lib/envelope.ts';
import type { AdminStatsService } from './admin-stats.service.ts';

const statsSchema = z.object({
  raisedAud: z.string(),
  hardCapAud: z.string(),
  tokensSold: z.string(),
  tokenSymbol: z.string(),
  requestsByStatus: z.array(
    z.object({ status: z.number().int(), label: z.string(), count: z.number().int() }),
  ),
  pendingReviews: z.number().int(),
  awaitingBankPayment: z.number().int(),
  awaitingCryptoPayment: z.number().int(),
  verifiedCryptoToday: z.number().int(),
  users: z.number().int(),
  affiliates: z.number().int(),
  influencers: z.number().int(),
  pendingCommission: z.string(),
  approvedCommission: z.string(),
  paidCommission: z.string(),
  currency: z.literal('AUD'),
});

const chartsQuerySchema = z.object({
  /** Days back from today (UTC), today included. */
  days: z.coerce.number().int().min(7).max(365).default(90),
});

const chartsSchema = z.object({
  currency: z.literal('AUD'),
  hardCapAud: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      raisedAud: z.string(),
      bankAud: z.string(),
      ethAud: z.string(),
      usdcAud: z.string(),
      sales: z.number().int(),
    }),
  ),
  weeks: z.array(
    z.object({
      weekStart: z.string(),
      clicks: z.number().int(),
      signups: z.number().int(),
      buyers: z.number().int(),
    }),
  ),
});

export const adminStatsRoutes: FastifyPluginAsyncZod<{ stats: AdminStatsService }> = async (
  app,
  { stats },
) => {
  app.get(
    '/admin/stats',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary:
          'Dashboard: raised vs hard cap, requests by status, reviews due, crypto verified today, affiliates, commission',
        response: { 200: envelopeSchema(statsSchema) },
      },
    },
    async () => envelope(200, await stats.dashboard()),
  );
  app.get(
    '/admin/stats/charts',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary:
          'Dashboard charts: AUD raised per day against the hard cap, sales per day by method, affiliate funnel per week',
        querystring: chartsQuerySchema,
        response: { 200: envelopeSchema(chartsSchema) },
      },
    },
    async (req) => envelope(200, await stats.charts(req.query.days)),
  );
};
