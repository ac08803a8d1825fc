import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { fileAnswer, METRICS_TOKEN } from '../../lib/openapi.ts';
import { metricsContentType, metricsText, metricsTokenMatches } from '../../lib/metrics.ts';

/**
 * GET /metrics for Prometheus, open only with `Authorization: Bearer $METRICS_TOKEN`; without a
 * configured token it does not exist (404). With several workers it answers all of them at once.
 */
export const metricsRoutes: FastifyPluginAsyncZod<{ token: string | undefined }> = async (
  app,
  { token },
) => {
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['service'],
        summary: 'Prometheus metrics (text format); needs Authorization: Bearer $METRICS_TOKEN',
        security: [{ [METRICS_TOKEN]: [] }],
      },
      config: {
        openapi: {
          answers: { 200: fileAnswer('Prometheus text format', [metricsContentType]) },
          errors: [401, 404],
        },
      },
    },
    async (req, reply) => {
      if (!token) throw notFound();
      if (!metricsTokenMatches(req.headers.authorization, token)) throw unauthorized();
      const text = await metricsText();
      return reply.type(metricsContentType).header('cache-control', 'no-store').send(text);
    },
  );
};
