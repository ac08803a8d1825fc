import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { envelopeSchema } from '../../lib/envelope.ts';
import { serviceUnavailable } from '../../lib/errors.ts';
import { quietRequestLog } from '../../lib/logger.ts';

const upSchema = envelopeSchema(z.object({ status: z.literal('up') }));
const readySchema = envelopeSchema(z.object({ status: z.literal('ready') }));

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  app.get(
    '/healthz',
    {
      ...quietRequestLog,
      schema: { tags: ['service'], summary: 'The process is up', response: { 200: upSchema } },
    },
    async () => ({ code: 200, message: 'OK', data: { status: 'up' as const } }),
  );
  app.get(
    '/readyz',
    {
      ...quietRequestLog,
      schema: {
        tags: ['service'],
        summary:
          'The database answers and this copy hears its change notifications (503 while not)',
        response: { 200: readySchema },
      },
    },
    async (req) => {
      try {
        await database.ping();
      } catch (err) {
        req.log.error({ err }, 'database not reachable');
        throw serviceUnavailable('Database not reachable');
      }
      // Without them this copy keeps no sessions or public reads in memory, but it is degraded.
      if (!database.listenersUp()) throw serviceUnavailable('Database change listener down');
      return { code: 200, message: 'OK', data: { status: 'ready' as const } };
    },
  );
};
