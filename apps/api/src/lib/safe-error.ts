/**
 * What a log line keeps of an error: its type, its code and a short message, never the secrets
 * libraries put in their messages. viem writes the whole RPC URL (Infura and Alchemy keys sit in
 * its path) and the request body into an HTTP error; Drizzle appends a failed query's parameters
 * (e-mails, hashes); connection strings carry passwords. So a message keeps its first line, URLs
 * are cut to their origin, "params:" lists are dropped, and the length is capped.
 */
export interface SafeError {
  [key: string]: unknown;
  type: string;
  message: string;
  code?: string | number;
  status?: number;
  /** Stack frames only (the first line of a stack repeats the message); '' when there are none. */
  stack: string;
  cause?: SafeError;
}

const MAX_MESSAGE = 200;
const MAX_FRAMES = 8;
const URL_PATTERN = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>()]+/gi;

/** A URL reduced to its origin (scheme, host, port): no user, password, path or query. */
export function urlOrigin(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.host ? `${parsed.protocol}//${parsed.host}` : `${parsed.protocol}//…`;
  } catch {
    return '[url]';
  }
}

export function safeMessage(message: string): string {
  const firstLine = message.split('\n').find((line) => line.trim() !== '') ?? '';
  const withoutParams = firstLine.replace(/\bparams:.*$/i, '').trim();
  const text = withoutParams.replace(URL_PATTERN, (url) => urlOrigin(url));
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE - 1)}…` : text;
}

function frames(stack: unknown) {
  if (typeof stack !== 'string') return '';
  const lines = stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, MAX_FRAMES)
    .map((line) => line.replace(URL_PATTERN, (url) => urlOrigin(url)));
  return lines.join('\n');
}

export function safeError(err: unknown, depth = 0): SafeError {
  if (!(err instanceof Error)) {
    return { type: typeof err, message: safeMessage(String(err)), stack: '' };
  }
  const e = err as Error & {
    shortMessage?: unknown;
    code?: unknown;
    status?: unknown;
    statusCode?: unknown;
  };
  // viem's short message is its first line without the URL and body it appends below.
  let message = typeof e.shortMessage === 'string' ? e.shortMessage : e.message;
  // PostgreSQL quotes the offending value in some messages (invalid input syntax …: "a@b.c").
  if ('severity' in e) message = message.replace(/"[^"]*"/g, '"…"');
  const code = typeof e.code === 'string' || typeof e.code === 'number' ? e.code : undefined;
  const status =
    typeof e.status === 'number'
      ? e.status
      : typeof e.statusCode === 'number'
        ? e.statusCode
        : undefined;
  return {
    type: e.name || e.constructor.name,
    message: safeMessage(message),
    ...(code === undefined ? {} : { code }),
    ...(status === undefined ? {} : { status }),
    stack: depth === 0 ? frames(e.stack) : '',
    ...(e.cause !== undefined && depth < 3 ? { cause: safeError(e.cause, depth + 1) } : {}),
  };
}
