import type { Envelope, Tokens } from '@tmc/shared';
import { clearSession, getSession, setTokens, syncSessionFromStorage } from './session';

/** A failed call. `message` is the envelope's message, the text the spec calls "the server message". */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
    /** A page of the site where the caller can do what the message asks (e.g. verify identity). */
    readonly link?: string,
  ) {
    super(message);
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  signal?: AbortSignal;
  /** Appended as a query string; null and undefined values are left out. */
  params?: Record<string, QueryValue>;
  /** Send the stored access token (default true). Logout and uploads go without one. */
  auth?: boolean;
}

/**
 * What a failed call says when the server's answer has no message of its own. Only a call that
 * got no answer at all is put down to the buyer's connection; a server fault is ours.
 */
export const failureMessages = {
  network: 'Network error. Please check your connection and try again.',
  unavailable: 'The service is temporarily unavailable, please try again in a moment',
  serverFault: 'Something went wrong on our side. Please try again shortly.',
} as const;

/** Gateways and proxies answer these while the service is down or restarting. */
const UNAVAILABLE_STATUSES = new Set([502, 503, 504]);

/** The error of a call that got no answer (offline, DNS, refused connection, CORS). */
export const networkError = () => new ApiError(0, failureMessages.network);

/**
 * The one mapping from a failed answer to its error: the envelope's message when there is one,
 * else what kind of failure it was (`what` names the call for a 4xx without a message).
 */
export function failedAnswerError(
  status: number,
  envelope: { message?: string; errors?: Record<string, string>; link?: string } | null,
  what = 'Request failed',
): ApiError {
  const fallback = UNAVAILABLE_STATUSES.has(status)
    ? failureMessages.unavailable
    : status >= 500
      ? failureMessages.serverFault
      : `${what} (${status})`;
  const link =
    typeof envelope?.link === 'string' && envelope.link.startsWith('/') ? envelope.link : undefined;
  return new ApiError(status, envelope?.message || fallback, envelope?.errors ?? {}, link);
}

function buildUrl(path: string, params?: Record<string, QueryValue>): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const query = search.toString();
  if (!query) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

async function send(
  method: string,
  url: string,
  body: unknown,
  token: string | null,
  signal: AbortSignal | undefined,
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    return await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
}

function parseBody<T>(text: string): { parsed: unknown; envelope: Envelope<T> | null } {
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  const envelope =
    parsed && typeof parsed === 'object' && 'message' in parsed ? (parsed as Envelope<T>) : null;
  return { parsed, envelope };
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T>> {
  const { parsed, envelope } = parseBody<T>(await response.text());
  if (!response.ok) throw failedAnswerError(response.status, envelope);
  return envelope ?? { code: response.status, message: '', data: parsed as T };
}

let refreshing: Promise<string | null> | null = null;

async function refreshTokens(failedRefreshToken: string | null): Promise<string | null> {
  // Another tab may have rotated the tokens already; reusing the old refresh token would
  // revoke the whole login, so pick up the newer pair instead.
  syncSessionFromStorage();
  const session = getSession();
  if (session.refreshToken && session.refreshToken !== failedRefreshToken) {
    return session.accessToken;
  }
  if (!session.refreshToken) {
    clearSession();
    return null;
  }
  const response = await send(
    'POST',
    '/v1/auth/refresh-tokens',
    { refreshToken: session.refreshToken },
    null,
    undefined,
  );
  if (!response.ok) {
    clearSession();
    return null;
  }
  const { data } = await readEnvelope<{ tokens: Tokens }>(response);
  setTokens(data.tokens);
  return data.tokens.access.token;
}

/** One refresh at a time: concurrent 401s share the same promise. */
function refreshOnce(failedRefreshToken: string | null): Promise<string | null> {
  refreshing ??= refreshTokens(failedRefreshToken).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function request<T>(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<Envelope<T>> {
  const url = buildUrl(path, options.params);
  const { accessToken, refreshToken } =
    options.auth === false ? { accessToken: null, refreshToken: null } : getSession();
  let response = await send(method, url, body, accessToken, options.signal);

  if (response.status === 401 && accessToken) {
    const current = getSession();
    const fresh =
      current.accessToken && current.accessToken !== accessToken
        ? current.accessToken
        : await refreshOnce(refreshToken);
    if (fresh) response = await send(method, url, body, fresh, options.signal);
  }
  return readEnvelope<T>(response);
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  delete: <T>(path: string, options?: RequestOptions) =>
    request<T>('DELETE', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, body ?? {}, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body ?? {}, options),
};

/** The link to store for an uploaded file: the signed URL without its query string. */
export function storedFileLink(signedUrl: string): string {
  const index = signedUrl.indexOf('?');
  return index === -1 ? signedUrl : signedUrl.slice(0, index);
}

/**
 * PUTs a file to a signed URL with its own content type, reporting whole percents.
 * Resolves with the link to store (the URL without its query string).
 */
export function uploadWithProgress(
  url: string,
  file: File,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    if (file.type) xhr.setRequestHeader('content-type', file.type);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(storedFileLink(url));
      } else {
        // Our own file server answers with the envelope (e.g. bytes not of the declared type).
        const { envelope } = parseBody(xhr.responseText);
        reject(failedAnswerError(xhr.status, envelope, 'Upload failed'));
      }
    };
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
