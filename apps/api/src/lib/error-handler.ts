import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/client.ts';
import { AppError, serviceUnavailable } from './errors.ts';

const GENERIC_500 = 'Something went wrong on our side. Please try again.';

/** Fastify's own client errors, answered with a clear message instead of its internals. */
const clientErrors: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type: send application/json'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Request body is too large'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Request body must not be empty'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Malformed JSON body'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Invalid content length'],
  FST_ERR_BAD_URL: [400, 'Malformed URL'],
  FST_ERR_INVALID_URL: [400, 'Malformed URL'],
  // No id is that long, so it names nothing.
  FST_ERR_MAX_PARAM_LENGTH: [404, 'Not found'],
};

function fieldName(path: string, context?: string) {
  const name = path.replace(/^\//, '').replace(/\//g, '.');
  return name || context || 'body';
}

function sendAppError(reply: FastifyReply, err: AppError) {
  if (err.headers) void reply.headers(err.headers);
  return reply.code(err.status).send({
    code: err.status,
    message: err.message,
    data: null,
    ...(err.fields ? { errors: err.fields } : {}),
    ...(err.link ? { link: err.link } : {}),
  });
}

/** The one place errors become the API envelope (API.md, Conventions). */
export function answerError(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) return sendAppError(reply, err);
  if (isDatabaseUnavailable(err)) {
    request.log.warn({ err }, 'database unavailable');
    return sendAppError(reply, serviceUnavailable());
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const errors: Record<string, string> = {};
    for (const issue of err.validation) {
      const field = fieldName(issue.instancePath, err.validationContext);
      errors[field] ??= issue.message ?? 'Invalid value';
    }
    const message = Object.values(errors)[0] ?? 'Invalid input';
    return reply.code(400).send({ code: 400, message, data: null, errors });
  }
  const known = err.code ? clientErrors[err.code] : undefined;
  if (known) return reply.code(known[0]).send({ code: known[0], message: known[1], data: null });
  if (err instanceof SyntaxError && err.statusCode === 400)
    return reply.code(400).send({ code: 400, message: 'Malformed JSON body', data: null });
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return reply
      .code(err.statusCode)
      .send({ code: err.statusCode, message: err.message, data: null });
  }
  request.log.error({ err }, 'unhandled error');
  return reply.code(500).send({ code: 500, message: GENERIC_500, data: null });
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(answerError);
}

/**
 * Requests too broken for Fastify to route (bad HTTP, oversized headers, a timeout) still get an
 * envelope, written straight to the socket as Fastify's own handler does.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request timed out']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request headers are too large']
        : [400, 'Malformed request'];
  const body = JSON.stringify({ code: status, message, data: null });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
