import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions } from 'pino';
import type { Config } from '../config.ts';
import { safeError } from './safe-error.ts';

/** Fields that hold a password, an e-mail code or a token, wherever a log call puts them. */
const SECRET_FIELDS = ['password', 'otp', 'code', 'resetToken', 'refreshToken'];
const CENSORED = '[Redacted]';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/**
 * A log line with its objects' secret fields censored, one level down (`{ body: { password } }`).
 * Plain objects only: an error's `code` (ECONNREFUSED, 23505) is what an operator needs, and
 * requests go through their serializer. A line without secrets is returned as it is: pino's path
 * redaction copied every line's objects, a seventh of a cached read's CPU.
 */
export function censorSecrets(line: Record<string, unknown>): Record<string, unknown> {
  let censored: Record<string, unknown> | undefined;
  for (const key in line) {
    const value = line[key];
    if (!isPlainObject(value) || !SECRET_FIELDS.some((field) => field in value)) continue;
    const copy = { ...value };
    for (const field of SECRET_FIELDS) if (field in copy) copy[field] = CENSORED;
    (censored ??= { ...line })[key] = copy;
  }
  return censored ?? line;
}

/**
 * Request logs never carry query strings (signed URLs), headers or credentials; errors keep their
 * type, code and a short message (safe-error.ts), never an RPC URL's key or a query's parameters.
 */
export const loggerOptions = (config: Config, stream?: pino.DestinationStream) => ({
  level: config.env === 'test' && !stream ? 'silent' : config.logLevel,
  ...(stream ? { stream } : {}),
  formatters: { log: censorSecrets },
  serializers: {
    err: (err: Error) => safeError(err),
    error: (err: unknown) => safeError(err),
    // The request's id is the line's reqId already.
    req: (req: { method: string; url: string }) => ({
      method: req.method,
      url: req.url.split('?')[0],
    }),
  },
});

/**
 * Standard output for log lines, written in batches: once 4 KiB have gathered, once a second, and
 * when the process exits (also after a fatal error). A write per line was a quarter of a cached
 * read's CPU; pino's own buffered destination measures its whole buffer again on every line.
 */
export function bufferedStdout(): pino.DestinationStream {
  const out = pino.destination({ dest: 1, sync: true });
  let lines: string[] = [];
  let size = 0;
  const flush = () => {
    if (lines.length === 0) return;
    const batch = lines.join('');
    lines = [];
    size = 0;
    out.write(batch);
  };
  setInterval(flush, 1_000).unref();
  process.on('exit', flush);
  return {
    write(line: string) {
      lines.push(line);
      size += line.length;
      if (size >= 4096) flush();
    },
  };
}

/**
 * The logger of a quiet route's request: warnings and errors only. pino's child logger for a
 * request (its request id written out, its level set) cost a thirtieth of a cached read's CPU, and
 * a quiet route almost never writes a line, so it is made when one is written.
 */
class QuietRequestLogger implements FastifyBaseLogger {
  level = 'warn';
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger() {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  trace() {}
  debug() {}
  info() {}
  silent() {}
  warn(...line: unknown[]) {
    Reflect.apply(this.logger.warn, this.logger, line);
  }
  error(...line: unknown[]) {
    Reflect.apply(this.logger.error, this.logger, line);
  }
  fatal(...line: unknown[]) {
    Reflect.apply(this.logger.fatal, this.logger, line);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions) {
    return this.logger.child(bindings, options);
  }
}

/**
 * Route options of the public reads answered from memory and of the health probes: they log
 * warnings and errors only. On launch day they are most requests and each answer is like the last,
 * so a line each would be most of the log and a fifth of their CPU; the metrics count and time them.
 */
export const quietRequestLog = {
  logLevel: 'warn',
  childLoggerFactory: (
    parent: FastifyBaseLogger,
    bindings: Bindings,
    options: ChildLoggerOptions,
  ): FastifyBaseLogger => new QuietRequestLogger(parent, bindings, options),
} as const;

/** One log line per request, when it is answered (Fastify also writes one when it arrives). */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
