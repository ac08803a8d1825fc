import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, envelopeSchema } from '../../lib/envelope.ts';
import type { BanksService } from './banks.service.ts';

export const bankSchema = z.object({
  _id: z.string(),
  bankName: z.string(),
  accountHolder: z.string(),
  BIC: z.string(),
  RoutingNumber: z.string().optional(),
  accountNumber: z.string().optional(),
  currency: z.string(),
});

export const banksRoutes: FastifyPluginAsyncZod<{ banks: BanksService }> = async (
  app,
  { banks },
) => {
  app.get(
    '/bank/getBankDetailsByCurrency/:currency',
    {
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
    },
    async (req) => envelope(200, await banks.forCurrency(req.params.currency)),
  );
};
