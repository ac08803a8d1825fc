import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../lib/envelope.ts';
import type { PublicCache } from '../../lib/public-cache.ts';
import type { RatesService } from './rates.service.ts';
import { quietRequestLog } from '../../lib/logger.ts';

const ratesSchema = z.object({
  base: z.literal('AUD'),
  rates: z.record(z.string(), z.string()),
  updatedAt: z.string(),
});

export const ratesRoutes: FastifyPluginAsyncZod<{
  rates: RatesService;
  publicReads: PublicCache;
}> = async (app, { rates, publicReads }) => {
  app.get(
    '/currency-rate/getCurrency',
    {
      ...quietRequestLog,
      schema: {
        tags: ['rates'],
        summary: 'Currency rates, units per 1 AUD',
        response: { 200: envelopeSchema(ratesSchema) },
      },
      config: { openapi: { etag: true } },
    },
    (req, reply) => publicReads.send(req, reply, { area: 'rates' }, () => rates.table()),
  );
};
