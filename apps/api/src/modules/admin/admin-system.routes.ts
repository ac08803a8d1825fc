import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, envelopeSchema } from '../../lib/envelope.ts';
import type { SystemStatusService } from './system-status.service.ts';

const level = z.enum(['ok', 'amber', 'red']);
const limits = z.object({ amber: z.number(), red: z.number() });

const systemSchema = z.object({
  status: level,
  checkedAt: z.string(),
  version: z.string(),
  nodeVersion: z.string(),
  uptimeSeconds: z.number().int(),
  watcher: z.object({
    status: level,
    enabled: z.boolean(),
    intervalSeconds: z.number(),
    nextBlock: z.string().nullable(),
    lagBlocks: z.string().nullable(),
    aheadBlocks: z
      .string()
      .nullable()
      .describe(
        'Blocks the next block lies beyond the chain\'s head ("0" normally); above 0 the watcher waits for blocks the chain has not made and is red',
      ),
    lastSuccessAt: z.string().nullable(),
    lastSuccessAgeSeconds: z.number().int().nullable(),
    leader: z.string().nullable(),
    leaseUntil: z.string().nullable(),
  }),
  chain: z.object({
    status: level,
    chainId: z.number().int(),
    reachable: z.boolean(),
    headBlock: z.string().nullable(),
    headBlockAgeSeconds: z.number().int().nullable(),
  }),
  mail: z.object({
    status: level,
    queueDepth: z.number().int().nullable(),
    oldestAgeSeconds: z.number().int().nullable(),
    retrying: z.number().int().nullable(),
    givenUpToday: z.number().int().nullable(),
  }),
  database: z.object({
    status: level,
    kind: z.enum(['pglite', 'postgres']),
    reachable: z.boolean(),
    poolInUse: z.number().int(),
    poolWaiting: z.number().int(),
  }),
  listeners: z.object({
    status: level,
    connections: z.array(z.object({ channel: z.string(), up: z.boolean() })),
  }),
  rates: z.object({
    status: level,
    maxAgeSeconds: z.number().int().nullable(),
    coins: z.array(
      z.object({
        code: z.enum(['ETH', 'USDC']),
        updatedAt: z.string().nullable(),
        ageSeconds: z.number().int().nullable(),
      }),
    ),
  }),
  delivery: z
    .object({
      status: level,
      claimed: z.string().nullable(),
      published: z.string().nullable(),
      unclaimed: z.string().nullable(),
      held: z.array(
        z.object({
          reason: z.enum(['no_proven_wallet', 'no_delivery_wallet']),
          buyers: z.number().int(),
          tokens: z.string(),
        }),
      ),
      fundingShortfall: z.string().nullable(),
      readerLagBlocks: z.string().nullable(),
    })
    .nullable()
    .meta({
      description:
        "Token delivery (null until a distributor is configured): TMC claimed on chain (confirmed logs), published in the accepted root, unclaimed (published − claimed), held buyers of the latest distribution by reason, the funding shortfall (unclaimed − the distributor's balance; null when the balance could not be read) and the distributor reader's lag in blocks",
    }),
  thresholds: z.object({
    watcherSilence: z.object({
      amberIntervals: z.number(),
      redIntervals: z.number(),
      amberMinSeconds: z.number(),
      redMinSeconds: z.number(),
    }),
    watcherLagBlocks: limits,
    watcherAheadBlocks: z.object({ red: z.number() }),
    headBlockAgeSeconds: limits,
    mailQueueDepth: limits,
    mailOldestAgeSeconds: limits,
  }),
});

export const adminSystemRoutes: FastifyPluginAsyncZod<{ system: SystemStatusService }> = async (
  app,
  { system },
) => {
  app.get(
    '/admin/system',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary:
          'System: payment watcher, chain RPC, mail queue, database, listeners the age of the ETH and USDC rates and token delivery (claimed, unclaimed, held, funding shortfall, reader lag) (red past the setting rateMaxAgeMinutes, when crypto orders are refused; amber past half of it), each ok, amber or red',
        response: { 200: envelopeSchema(systemSchema) },
      },
    },
    async (_req, reply) => {
      void reply.header('cache-control', 'no-store');
      return envelope(200, await system.status());
    },
  );
};
