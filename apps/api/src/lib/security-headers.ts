import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, worked out once. They are the same for every answer, so building them per
 * request (parsing the CSP directives each time, as the Fastify helmet plugin does) only costs CPU.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * An API answer is data, never a page: nothing in it may run, load anything or be framed, so it
 * needs a handful of short headers, not the site's whole policy (which costs every answer CPU).
 */
const apiOptions = (hsts: HelmetOptions['hsts']): HelmetOptions => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
  xFrameOptions: { action: 'deny' },
  hsts,
});

/**
 * Every answer carries the security headers (the site's policy on pages and files, the API's on
 * /v1) and its request id. API answers are private (tokens, authenticator secrets, recovery codes,
 * a user's records): only the public reads replace `no-store` with a cache policy of their own.
 * A route may also replace a security header (e.g. a file's CSP). One hook for all of it: each
 * hook costs every request.
 */
export function registerAnswerHeaders(app: FastifyInstance, options: HelmetOptions) {
  const pageHeaders = securityHeaders(options);
  const apiHeaders = { ...securityHeaders(apiOptions(options.hsts)), 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/v1/') ? apiHeaders : pageHeaders);
    reply.header('x-request-id', request.id);
    done();
  });
}
