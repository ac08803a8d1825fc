import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound, unauthorized } from '../../lib/errors.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limit.ts';
import { fileAnswer, METRICS_TOKEN } from '../../lib/openapi.ts';
import { metricsContentType, metricsText, metricsTokenMatches } from '../../lib/metrics.ts';

/** A scraper every 15 s needs 60 a quarter hour (room for several and for tight polling); a wrong token is allowed a few times. */
export const metricsLimits = {
  requests: { name: 'metrics:ip', limit: 600, windowSeconds: 900 },
  refused: { name: 'metrics-refused:ip', limit: 10, windowSeconds: 900 },
} satisfies Record<string, RateLimitRule>;

/**
 * GET /metrics for Prometheus, open only with `Authorization: Bearer $METRICS_TOKEN`; without a
 * configured token it does not exist (404). With several workers it answers all of them at once.
 */
export const metricsRoutes: FastifyPluginAsyncZod<{
  token: string | undefined;
  rateLimiter: RateLimiter;
}> = async (app, { token, rateLimiter }) => {
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['service'],
        summary:
          'Prometheus metrics (text format); needs Authorization: Bearer $METRICS_TOKEN; 600 requests per address per 15 minutes, and after 10 refused tokens 429 until the 15 minutes end',
        security: [{ [METRICS_TOKEN]: [] }],
      },
      config: {
        openapi: {
          answers: { 200: fileAnswer('Prometheus text format 0.0.4', ['text/plain']) },
          errors: [401, 404, 429],
        },
      },
    },
    async (req, reply) => {
      if (!token) throw notFound();
      await rateLimiter.hitAndCheck(metricsLimits.requests, req.ip, [
        [metricsLimits.refused, req.ip],
      ]);
      if (!metricsTokenMatches(req.headers.authorization, token)) {
        await rateLimiter.tally(metricsLimits.refused, req.ip);
        throw unauthorized();
      }
      const text = await metricsText();
      return reply.type(metricsContentType).header('cache-control', 'no-store').send(text);
    },
  );
};
