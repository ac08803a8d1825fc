import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { serviceUnavailable } from '../../lib/errors.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  app.get(
    '/healthz',
    { schema: { tags: ['service'], summary: 'The process is up' } },
    async () => ({
      code: 200,
      message: 'OK',
      data: { status: 'up' },
    }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['service'],
        summary: 'The database answers and this copy hears its change notifications',
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
      return { code: 200, message: 'OK', data: { status: 'ready' } };
    },
  );
};
