import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '@tmc/shared';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { authGuard } from '../../lib/openapi.ts';

/**
 * onRequest guard of the signed-in purchase calls: as `app.requireUser`, but a visitor without a
 * valid token gets the spec's text (API.md: 401 'Please Provide Email because You Are Not Logged In').
 */
export const requireBuyer = (app: FastifyInstance) =>
  authGuard('user', async (req: FastifyRequest) => {
    try {
      await app.requireUser(req);
    } catch (err) {
      if (err instanceof AppError && err.status === 401) throw unauthorized(messages.notLoggedIn);
      throw err;
    }
  });
