import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../lib/envelope.ts';
import type { PublicCache } from '../../lib/public-cache.ts';
import type { PresaleService } from './presale.service.ts';
import { quietRequestLog } from '../../lib/logger.ts';

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
  stage: z
    .object({
      id: z.string(),
      name: z.string(),
      priceAud: z.string().describe('The price of a new order (the same as tokenPriceAud)'),
      tokensLeft: z.string().describe('Tokens left at this price, 2 decimals'),
    })
    .nullable()
    .describe('The stage selling now; null when the presale is not selling'),
});

export const presaleRoutes: FastifyPluginAsyncZod<{
  presale: PresaleService;
  publicReads: PublicCache;
}> = async (app, { presale, publicReads }) => {
  app.get(
    '/presale/config',
    {
      ...quietRequestLog,
      schema: {
        tags: ['presale'],
        summary: 'Public presale settings and progress',
        response: { 200: envelopeSchema(configSchema) },
      },
      config: { openapi: { etag: true } },
    },
    (req, reply) => publicReads.send(req, reply, { area: 'presale' }, () => presale.publicConfig()),
  );
};
