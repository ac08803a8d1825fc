/** The one error type services throw; the error handler turns it into the API envelope. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** A page of the site where the caller can do what the answer asks (a path). */
    readonly link?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, message, fields);
export const unauthorized = (message = 'Please authenticate') => new AppError(401, message);
export const forbidden = (message = 'Forbidden') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const tooManyRequests = (
  retryAfterSeconds: number,
  message = 'Too many requests, please try again later',
) =>
  new AppError(429, message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/** The presale has no settings yet (a fresh installation before its first start-up seed). */
export const notConfigured = () => new AppError(503, 'The presale is not configured yet');

/** Something this API depends on (the database) cannot be reached right now; worth a retry. */
export const serviceUnavailable = (
  message = 'The service is temporarily unavailable, please try again in a moment',
) => new AppError(503, message, undefined, { 'retry-after': '5' });
