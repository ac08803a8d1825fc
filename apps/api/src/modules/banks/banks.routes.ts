import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../lib/envelope.ts';
import type { PublicCache } from '../../lib/public-cache.ts';
import type { BanksService } from './banks.service.ts';
import { quietRequestLog } from '../../lib/logger.ts';

export const bankSchema = z.object({
  _id: z.string(),
  bankName: z.string(),
  accountHolder: z.string(),
  BIC: z.string(),
  RoutingNumber: z.string().optional(),
  accountNumber: z.string().optional(),
  currency: z.string(),
});

export const banksRoutes: FastifyPluginAsyncZod<{
  banks: BanksService;
  publicReads: PublicCache;
}> = async (app, { banks, publicReads }) => {
  app.get(
    '/bank/getBankDetailsByCurrency/:currency',
    {
      ...quietRequestLog,
      schema: {
        tags: ['banks'],
        summary: 'Active bank accounts that take payments in a currency',
        params: z.object({
          currency: z
            .string()
            .trim()
            .regex(/^[A-Za-z]{3,5}$/, 'Invalid currency code'),
        }),
        response: { 200: envelopeSchema(z.array(bankSchema)) },
      },
      config: { openapi: { etag: true } },
    },
    async (req, reply) => {
      const currency = req.params.currency.toUpperCase();
      // Only currencies with a bank get an entry: any other code shares one answer (26^5 codes
      // match the pattern, and requests alone must not grow the cache).
      const known = await publicReads.lookup('banks', 'currencies', () => banks.currencies());
      if (!known.includes(currency)) throw banks.none();
      return publicReads.send(req, reply, { area: 'banks', key: currency }, () =>
        banks.forCurrency(currency),
      );
    },
  );
};
