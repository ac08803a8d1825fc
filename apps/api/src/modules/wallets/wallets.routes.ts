import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { proveWalletSchema, walletNonceSchema, walletProofMessages } from '@tmc/shared';
import { envelope, envelopeSchema } from '../../lib/envelope.ts';
import type { WalletsService } from './wallets.service.ts';

const tags = ['account'];
const security = [{ bearer: [] }];

const walletSchema = z.object({
  address: z.string(),
  proven: z.boolean(),
  provenAt: z.string().nullable(),
});

export const walletsRoutes: FastifyPluginAsyncZod<{ wallets: WalletsService }> = (
  app,
  { wallets },
) => {
  app.get(
    '/account/wallets',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          "The caller's wallets (proven ones first, then the registered wallet and the senders of credited payments) and which are proven",
        response: { 200: envelopeSchema(z.object({ wallets: z.array(walletSchema) })) },
      },
    },
    async (req) => envelope(200, { wallets: await wallets.list(req.user.id) }),
  );

  app.post(
    '/account/wallets/nonce',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'A Sign-In with Ethereum (EIP-4361) message for this address to sign: this site as domain, the configured chain, a single-use nonce valid 10 minutes',
        body: walletNonceSchema,
        response: {
          201: envelopeSchema(
            z.object({ message: z.string(), nonce: z.string(), expiresAt: z.string() }),
          ),
        },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return envelope(201, await wallets.issue(req.user.id, req.body.address));
    },
  );

  app.post(
    '/account/wallets/prove',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'Prove control of a wallet with the message from /account/wallets/nonce signed by it (personal_sign); the address becomes this account’s proven wallet (and no other account’s)',
        body: proveWalletSchema,
        response: {
          200: envelopeSchema(z.object({ wallet: walletSchema, wallets: z.array(walletSchema) })),
        },
      },
    },
    async (req) => {
      const { wallet, wallets: all } = await wallets.prove(
        req.user.id,
        req.body.message,
        req.body.signature as `0x${string}`,
      );
      return envelope(200, { wallet, wallets: all }, walletProofMessages.proven);
    },
  );
  return Promise.resolve();
};
