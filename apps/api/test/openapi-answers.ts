import diagnostics from 'node:diagnostics_channel';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { documentPath } from '../src/lib/openapi.ts';

/**
 * Every answer an app of the test suite gives is checked against the API document (/docs/json):
 * its status must be listed for its operation, its media type too, and a JSON body must fit that
 * status's schema. Disagreements are collected here and fail the test that caused them
 * (openapi-setup.ts), so a route that changes its answers without its document fails a test.
 */

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: object;
}

const seen = new Set<string>();
const found = { push: (text: string) => void seen.add(text) };

/** The disagreements seen since the last call, each once. */
export function takeDisagreements() {
  const list = [...seen];
  seen.clear();
  return list;
}

/** Routes a test adds for itself (TestAppOptions.build): not part of the product. */
export function markTestRoutes(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, testOnly: true } as typeof route.config;
  });
}

const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
addFormats(ajv);
/** Compiled once per schema (the error answers of every route share one). */
const byObject = new WeakMap<object, ValidateFunction>();
const byText = new Map<string, ValidateFunction>();

function validatorFor(doc: Document, schema: object) {
  let validate = byObject.get(schema);
  if (validate) return validate;
  const text = JSON.stringify(schema);
  validate = byText.get(text);
  // The document's components travel with the schema, so its `#/components/...` refs resolve.
  validate ??= ajv.compile({ ...schema, components: doc.components });
  byText.set(text, validate);
  byObject.set(schema, validate);
  return validate;
}

function check(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const server = request.server as Omit<FastifyInstance, 'swagger'> & { swagger?: () => unknown };
  const route = request.routeOptions;
  if (!server.swagger || !route.url) return;
  const config = route.config as { testOnly?: boolean; openapi?: unknown };
  if (config.testOnly || route.schema?.hide) return;
  const doc = server.swagger() as Document;
  const method = request.method === 'HEAD' ? 'get' : request.method.toLowerCase();
  const path = documentPath({ url: route.url, config: route.config });
  const where = `${request.method} ${path} answered ${reply.statusCode}`;
  const operation = doc.paths[path]?.[method];
  if (!operation) return void found.push(`${request.method} ${path} is not in the document`);
  const answer = operation.responses[String(reply.statusCode)];
  if (!answer) return void found.push(`${where}: a status its document does not list`);
  const empty =
    payload === null ||
    payload === undefined ||
    payload === '' ||
    (Buffer.isBuffer(payload) && payload.length === 0);
  if (!answer.content) {
    if (!empty) found.push(`${where} with a body its document does not describe`);
    return;
  }
  const type = String(reply.getHeader('content-type') ?? '')
    .split(';')[0]!
    .trim();
  const media = answer.content[type];
  if (!media) return void found.push(`${where} as ${type || 'nothing'}, not a documented type`);
  if (request.method === 'HEAD' || type !== 'application/json' || !media.schema) return;
  let body: unknown;
  try {
    body = JSON.parse(String(payload));
  } catch {
    return void found.push(`${where} with JSON that does not parse`);
  }
  const validate = validatorFor(doc, media.schema);
  if (!validate(body))
    found.push(
      `${where} off its schema: ${ajv.errorsText(validate.errors)} in ${String(payload).slice(0, 300)}`,
    );
}

/** Every Fastify app made in this process, from its first line on, so each route gets the hook. */
diagnostics.subscribe('fastify.initialization', (message) => {
  const { fastify } = message as { fastify: FastifyInstance };
  fastify.addHook('onSend', (request, reply, payload, done) => {
    try {
      check(request, reply, payload);
    } catch (err) {
      found.push(`${request.method} ${request.url}: the check failed: ${String(err)}`);
    }
    done(null, payload);
  });
});
