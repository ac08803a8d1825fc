import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, envelopeSchema } from '../../lib/envelope.ts';
import type { PresaleService } from './presale.service.ts';

const configSchema = z.object({
  tokenName: z.string(),
  tokenSymbol: z.string(),
  tokenPriceAud: z.string(),
  minPurchaseAud: z.string(),
  hardCapAud: z.string(),
  raisedAud: z.string(),
  endsAt: z.string().nullable(),
  companyWallet: z.string(),
  swapWallet: z.string(),
  chainId: z.number(),
  chainName: z.string(),
  rpcUrl: z.string().nullable(),
  explorerUrl: z.string().nullable(),
  minConfirmations: z.number(),
  usdcAddress: z.string(),
  whitePaperUrl: z.string(),
});

export const presaleRoutes: FastifyPluginAsyncZod<{ presale: PresaleService }> = async (
  app,
  { presale },
) => {
  app.get(
    '/presale/config',
    {
      schema: {
        tags: ['presale'],
        summary: 'Public presale settings and progress',
        response: { 200: envelopeSchema(configSchema) },
      },
    },
    async (_req, reply) => {
      void reply.header('cache-control', 'public, max-age=15');
      return envelope(200, await presale.publicConfig());
    },
  );
};
