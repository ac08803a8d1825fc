import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, envelopeSchema } from '../../lib/envelope.ts';
import type { RatesService } from './rates.service.ts';

const ratesSchema = z.object({
  base: z.literal('AUD'),
  rates: z.record(z.string(), z.string()),
  updatedAt: z.string(),
});

export const ratesRoutes: FastifyPluginAsyncZod<{ rates: RatesService }> = async (
  app,
  { rates },
) => {
  app.get(
    '/currency-rate/getCurrency',
    {
      schema: {
        tags: ['rates'],
        summary: 'Currency rates, units per 1 AUD',
        response: { 200: envelopeSchema(ratesSchema) },
      },
    },
    async (_req, reply) => {
      void reply.header('cache-control', 'public, max-age=30');
      return envelope(200, await rates.table());
    },
  );
};
