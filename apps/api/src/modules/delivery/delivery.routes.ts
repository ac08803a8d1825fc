import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WALLET_PATTERN } from '@tmc/shared';
import { envelope, envelopeSchema } from '../../lib/envelope.ts';
import { deliverySchema, proofFileSchema } from './delivery-dto.ts';
import type { DeliveryService } from './delivery.service.ts';
import { sendAttachment } from '../../lib/attachment.ts';

const tags = ['delivery'];
const security = [{ bearer: [] }];

export const deliveryWalletBody = z.object({
  address: z
    .string({ error: 'address is required' })
    .trim()
    .regex(WALLET_PATTERN, 'Enter a wallet address: 0x followed by 40 hex characters'),
});

export const deliveryPushBody = z.object({
  push: z.boolean({ error: 'push must be true or false' }),
});

export const deliveryRoutes: FastifyPluginAsyncZod<{ delivery: DeliveryService }> = async (
  app,
  { delivery },
) => {
  app.get(
    '/delivery',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          "The buyer's token delivery: allocated, in the published root, claimed and claimable on chain, the proof and the delivery wallet (contract null: delivery has not started)",
        response: { 200: envelopeSchema(deliverySchema) },
      },
    },
    async (req) => envelope(200, await delivery.forBuyer(req.user.id)),
  );

  app.get(
    '/delivery/proof.json',
    {
      onRequest: app.requireUser,
      config: {
        openapi: {
          errors: [404],
        },
      },
      schema: {
        tags,
        security,
        summary:
          "The buyer's proof file (an attachment), to claim with any wallet tool even if this site is down (404 until published)",
        response: { 200: proofFileSchema },
      },
    },
    async (req, reply) => {
      const proof = await delivery.proofFile(req.user.id);
      return sendAttachment(reply, {
        type: 'application/json; charset=utf-8',
        fileName: `tmc-proof-epoch-${proof.epoch}.json`,
        body: proof,
      });
    },
  );

  app.put(
    '/account/delivery-push',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'Ask our team to send my claim for me (included in the push batches of the accepted root), or stop asking; buyers whose wallet holds no ETH are included anyway',
        body: deliveryPushBody,
        response: { 200: envelopeSchema(z.object({ push: z.boolean() })) },
      },
    },
    async (req) => envelope(200, await delivery.chooseDeliveryPush(req.user.id, req.body.push)),
  );

  app.put(
    '/account/delivery-wallet',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'Choose where your TMC go: one of the wallets you proved with Sign-In with Ethereum (400 otherwise)',
        body: deliveryWalletBody,
        response: { 200: envelopeSchema(z.object({ deliveryWallet: z.string() })) },
      },
    },
    async (req) =>
      envelope(200, await delivery.chooseDeliveryWallet(req.user.id, req.body.address)),
  );
};
