import type { FastifyInstance, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from './envelope.ts';

type JsonSchema = Record<string, unknown>;
type RouteAuth = 'user' | 'admin';

/** What a route's zod schemas cannot say, for the document only (see `describeRoute`). */
export interface OpenApiExtras {
  /** The path the document shows, when the route's own pattern is not one tools can match. */
  path?: string;
  /** Path and query parameters of a route that reads them without a zod schema. */
  params?: JsonSchema;
  querystring?: JsonSchema;
  /** A body that is not JSON (raw bytes), with the content types it may have. */
  body?: JsonSchema;
  consumes?: string[];
  /** Answers that are not a JSON envelope, by status (a PDF, a CSV, a file; no content: empty). */
  answers?: Record<
    number,
    { description: string; content?: Record<string, { schema: JsonSchema }> }
  >;
  /** Error statuses the route gives besides those every route of its kind gives. */
  errors?: number[];
  /** The answer carries an ETag: a matching If-None-Match gets 304. */
  etag?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    openapi?: OpenApiExtras;
  }
}

/** A non-JSON answer: its bytes, in one of `types`. */
export const fileAnswer = (description: string, types: string[]) => ({
  description,
  content: Object.fromEntries(
    types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
  ),
});

export const ERROR_SCHEMA_ID = 'ErrorEnvelope';
export const BEARER = 'bearer';
/** GET /metrics: its own bearer token (METRICS_TOKEN), not a session's. */
export const METRICS_TOKEN = 'metricsToken';

const STATUS_TEXT: Record<number, string> = {
  304: 'Not modified: the ETag sent in If-None-Match still matches',
  400: 'Bad request: invalid input (`errors` names each field) or a business rule refused it',
  401: 'Not signed in, or the access token is invalid or expired',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  410: 'Gone: the link expired or its offer was withdrawn',
  413: 'Request body too large',
  415: 'Unsupported content type',
  429: 'Too many requests (see `retry-after`)',
  500: 'Unexpected error',
  503: 'A dependency (the database, the chain) is unavailable right now (see `retry-after`)',
};

/** The routes that need nothing but the process itself. */
const NO_DEPENDENCY = new Set(['GET /healthz', 'GET /files/*']);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const IGNORED_BODY = {
  required: false,
  description: 'Not read: send nothing or any JSON object',
  content: { 'application/json': { schema: { type: 'object' } } },
};

/** Guards that authenticate, so the document can state each route's security from its hooks. */
const guards = new WeakMap<object, RouteAuth>();

export function authGuard<T extends object>(kind: RouteAuth, guard: T): T {
  guards.set(guard, kind);
  return guard;
}

const hooksOf = (route: RouteOptions) =>
  [route.onRequest, route.preParsing, route.preValidation, route.preHandler]
    .flat()
    .filter((hook): hook is NonNullable<typeof hook> => !!hook);

function routeAuth(route: RouteOptions): RouteAuth | undefined {
  const kinds = hooksOf(route).map((hook) => guards.get(hook as object));
  if (kinds.includes('admin')) return 'admin';
  if (kinds.includes('user')) return 'user';
  return undefined;
}

/** The document's path of a Fastify route: `:id` becomes `{id}`, or the path it declares. */
export function documentPath(route: Pick<RouteOptions, 'url' | 'config'>) {
  return route.config?.openapi?.path ?? route.url.replace(/:(\w+)/g, '{$1}');
}

/** A stable operationId from the method and the document path: `GET /v1/purchase/{id}` → getPurchaseById. */
export function operationIdFor(method: string, path: string) {
  const words = path
    .replace(/^\/v1\//, '/')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      segment
        .replace(/\{(\w+)\}/g, ' by $1 ')
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean),
    );
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

const errorAnswer = (status: number) => ({
  description: STATUS_TEXT[status] ?? 'Error',
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_SCHEMA_ID}` } } },
});

/** The error statuses a route can give, from what it reads and how it authenticates. */
function errorStatuses(route: RouteOptions, auth: RouteAuth | undefined, method: string) {
  const extras = route.config?.openapi ?? {};
  const statuses = new Set<number>([500, ...(extras.errors ?? [])]);
  const takesBody = BODY_METHODS.has(method);
  const hasPathParams = route.url.includes(':') || route.url.includes('*');
  // Any request can be refused as malformed (bad URL, NUL characters in its query: text-guard.ts).
  statuses.add(400);
  if (hasPathParams) statuses.add(404);
  if (takesBody) statuses.add(413).add(415);
  if (auth) statuses.add(401);
  if (auth === 'admin') statuses.add(403);
  // Every write a visitor can make without a token is rate limited.
  if (!auth && takesBody) statuses.add(429);
  if (!NO_DEPENDENCY.has(`${method} ${route.url}`)) statuses.add(503);
  return [...statuses].sort();
}

const transformRoute: typeof jsonSchemaTransform = (input) => {
  const route = (input as { route?: RouteOptions }).route;
  const schema = (input.schema ?? {}) as Record<string, unknown>;
  if (!route || schema.hide) return jsonSchemaTransform(input);
  const method = String(route.method);
  const extras = route.config?.openapi ?? {};
  const path = documentPath(route);
  const auth = routeAuth(route);
  const declared = schema.security as Record<string, string[]>[] | undefined;
  // A route with a credential of its own (not a session) names its scheme; the rest follow their guard.
  const ownScheme = !auth && declared?.length && declared.every((s) => !(BEARER in s));
  const security = ownScheme ? declared : auth ? [{ [BEARER]: [] }] : [];
  if (declared && JSON.stringify(declared) !== JSON.stringify(security))
    throw new Error(
      `${method} ${route.url}: its schema says security ${JSON.stringify(schema.security)}, its hooks ${JSON.stringify(security)}`,
    );
  const out = jsonSchemaTransform({ ...input, schema: { ...schema, security } });
  const doc = out.schema as Record<string, unknown>;
  doc.operationId ??= operationIdFor(method, path);
  if (extras.params) doc.params = extras.params;
  if (extras.querystring) doc.querystring = extras.querystring;
  if (extras.body) doc.body = extras.body;
  if (extras.consumes) doc.consumes = extras.consumes;
  const responses = { ...(doc.response as Record<string, unknown> | undefined) };
  for (const [status, answer] of Object.entries(extras.answers ?? {}))
    responses[status] = answer.content ? answer : { ...answer, type: 'null' };
  if (extras.etag) responses['304'] = { description: STATUS_TEXT[304], type: 'null' };
  for (const status of errorStatuses(route, auth, method))
    responses[String(status)] ??= errorAnswer(status);
  doc.response = responses;
  return { schema: doc, url: path };
};

/** A copy for the document only, so the routes' own schema carries no registry id. */
const errorDoc = errorEnvelopeSchema.meta({
  description:
    'Every error answer: `errors` names the fields that failed validation; `link`, when present, is the page of the site where the caller can do what the message asks (e.g. the identity page of a 403 buying limit)',
});

/** OpenAPI 3.0's schema of `null` alone: `nullable` needs a `type` beside it. */
const NULL_ONLY = { type: 'object', nullable: true, enum: [null] };

/**
 * zod writes a nullable union as `{anyOf, nullable: true}`, which OpenAPI 3.0 does not allow
 * (`nullable` needs a `type`): null becomes one more member of the union instead. A nullable
 * enum must list null among its values (OpenAPI 3.0.3), or null is not one of them.
 */
function nullableUnionsAsMembers(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(nullableUnionsAsMembers);
  if (!node || typeof node !== 'object') return;
  const schema = node as JsonSchema;
  const members = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (schema.nullable === true && !('type' in schema) && members) {
    delete schema.nullable;
    members.push(NULL_ONLY);
  }
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null))
    schema.enum.push(null);
  Object.values(schema).forEach(nullableUnionsAsMembers);
}

/** Registers @fastify/swagger with the transforms that complete every operation of the document. */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'TMC Presale API',
        version: '1.0.0',
        description: 'The HTTP API of the TMC presale site.',
        license: { name: 'Proprietary', url: `${publicUrl.replace(/\/+$/, '')}/purchase-terms` },
      },
      servers: [{ url: publicUrl.replace(/\/+$/, '') }],
      components: {
        securitySchemes: {
          [BEARER]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          [METRICS_TOKEN]: {
            type: 'http',
            scheme: 'bearer',
            description: 'The METRICS_TOKEN of the deployment',
          },
        },
      },
    },
    transform: transformRoute,
    transformObject: (input) => {
      const document = jsonSchemaTransformObject(input) as {
        components: { schemas: Record<string, unknown> };
        paths: Record<string, Record<string, { requestBody?: unknown }>>;
      };
      // A write that reads no body still takes one (the web app sends `{}`): it is ignored.
      for (const operations of Object.values(document.paths))
        for (const [method, operation] of Object.entries(operations))
          if (BODY_METHODS.has(method.toUpperCase()) && !operation.requestBody)
            operation.requestBody = IGNORED_BODY;
      document.components.schemas[ERROR_SCHEMA_ID] ??= z.toJSONSchema(errorDoc, {
        target: 'openapi-3.0',
        io: 'output',
      });
      nullableUnionsAsMembers(document);
      return document;
    },
  });
}
