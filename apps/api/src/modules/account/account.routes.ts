import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { updateWalletSchema } from '@tmc/shared';
import { envelope, envelopeSchema } from '../../lib/envelope.ts';
import type { AccountService } from './account.service.ts';
import { userSchema } from './user-dto.ts';

const tags = ['account'];
const security = [{ bearer: [] }];
const userWithMsg = envelopeSchema(z.object({ user: userSchema, msg: z.string() }));

export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = (
  app,
  { account },
) => {
  app.get(
    '/auth/me',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'The signed-in user',
        response: { 200: envelopeSchema(z.object({ user: userSchema })) },
      },
    },
    async (req) => envelope(200, { user: await account.profile(req.user.id) }),
  );

  app.post(
    '/auth/become-affiliate',
    {
      config: { openapi: { errors: [403] } },
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Join the affiliate programme',
        response: { 200: userWithMsg },
      },
    },
    async (req) => {
      const msg = 'You are now an affiliate';
      return envelope(200, { user: await account.becomeAffiliate(req.user.id), msg }, msg);
    },
  );

  app.post(
    '/auth/update-wallet',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'Set the delivery wallet (stored in EIP-55 form); needs the account password, and the owner is e-mailed',
        body: updateWalletSchema,
        response: { 200: userWithMsg },
      },
      config: { openapi: { errors: [429] } },
    },
    async (req) => {
      const msg = 'Wallet address updated';
      return envelope(
        200,
        {
          user: await account.updateWallet(req.user.id, req.body.walletAddress, req.body.password),
          msg,
        },
        msg,
      );
    },
  );
  return Promise.resolve();
};
