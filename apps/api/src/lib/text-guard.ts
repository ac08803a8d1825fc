import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

export const textGuardMessage = 'Text must not contain NUL characters or unpaired surrogates';

/**
 * NUL, or half of a UTF-16 surrogate pair. PostgreSQL refuses NUL in text, a lone surrogate has
 * no UTF-8 form (it would be stored silently altered), and neither is ever typed by a person. Matched per code unit (no `u` flag), with one-character lookarounds: linear.
 */
const BAD_TEXT = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const BAD_TEXT_ALL = new RegExp(BAD_TEXT.source, 'g');

/** A key in the walk, linked to its parent: no path is copied unless it is reported. */
interface PathNode {
  key: string;
  parent: PathNode | undefined;
}

/** The dotted path of the first key or string value with bad text, or undefined. */
function findBadText(root: unknown, context: string): string | undefined {
  // An explicit stack: a body may nest thousands of levels deep.
  const stack: { value: unknown; path: PathNode | undefined }[] = [
    { value: root, path: undefined },
  ];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (BAD_TEXT.test(value)) return fieldPath(path, context);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) =>
        stack.push({ value: item, path: { key: String(index), parent: path } }),
      );
    } else if (typeof value === 'object' && value !== null && !isRaw(value)) {
      for (const [key, item] of Object.entries(value)) {
        const keyPath = { key, parent: path };
        if (BAD_TEXT.test(key)) return fieldPath(keyPath, context);
        stack.push({ value: item, path: keyPath });
      }
    }
  }
  return undefined;
}

const isRaw = (value: object) => value instanceof Readable || Buffer.isBuffer(value);

function fieldPath(path: PathNode | undefined, context: string) {
  const keys: string[] = [];
  for (let node = path; node; node = node.parent)
    keys.push(node.key.replace(BAD_TEXT_ALL, '\uFFFD'));
  return keys.reverse().join('.') || context;
}

/** Whether a request part holds anything to check: most reads send no query and no body. */
function holdsText(value: unknown) {
  if (typeof value !== 'object' || value === null) return value !== undefined;
  for (const _key in value) return true;
  return false;
}

function badTextError(request: FastifyRequest) {
  const parts: [unknown, string][] = [
    [request.params, 'params'],
    [request.query, 'querystring'],
    [request.body, 'body'],
  ];
  for (const [value, context] of parts) {
    if (!holdsText(value)) continue;
    const field = findBadText(value, context);
    if (field !== undefined) return badRequest(textGuardMessage, { [field]: textGuardMessage });
  }
  return undefined;
}

/** The one place that refuses such text, anywhere in path params, query strings and JSON bodies. */
export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => done(badTextError(request)));
}
