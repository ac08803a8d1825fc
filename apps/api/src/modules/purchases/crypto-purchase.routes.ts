import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAGE_CONFLICTS } from './stage-conflicts.ts';
import { cryptoPurchaseSchema, guestCryptoPurchaseSchema } from '@tmc/shared';
import { envelope, envelopeSchema } from '../../lib/envelope.ts';
import { userSchema } from '../account/user-dto.ts';
import { tokensSchema } from '../auth/sessions.ts';
import { transactionSchema } from '../transactions/transaction-dto.ts';
import type { CryptoPurchaseService } from './crypto-purchase.service.ts';
import { purchaseSchema } from './purchase-dto.ts';
import { requireBuyer } from './require-buyer.ts';

const tags = ['purchases'];
const security = [{ bearer: [] }];
const SUBMITTED =
  'Presale request submitted: send the exact amount to the company wallet, then verify the payment';
const SUBMITTED_NEW_ACCOUNT =
  'Account created and presale request submitted; check your e-mail for the verification code';

const orderSchema = z.object({
  userInfo: userSchema,
  purchase: purchaseSchema,
  transaction: transactionSchema,
});

export const cryptoPurchaseRoutes: FastifyPluginAsyncZod<{
  cryptoPurchases: CryptoPurchaseService;
}> = async (app, { cryptoPurchases }) => {
  app.post(
    '/purchase/add-crypto',
    {
      onRequest: requireBuyer(app),
      // Orders per account are limited (accountOrderLimit).
      config: { openapi: { errors: [403, 429, 409] } },
      schema: {
        tags,
        security,
        summary:
          'Order tokens for ETH or USDC: a Pending request and a Pending transaction quoting the exact amount',
        description: STAGE_CONFLICTS,
        body: cryptoPurchaseSchema,
        response: { 201: envelopeSchema(orderSchema) },
      },
    },
    async (req, reply) => {
      const { userInfo, purchase, transaction } = await cryptoPurchases.addCryptoPurchase(
        { userId: req.user.id },
        req.body,
      );
      return reply.code(201).send(envelope(201, { userInfo, purchase, transaction }, SUBMITTED));
    },
  );

  app.post(
    '/purchase/add-crypto-noUser',
    {
      config: { openapi: { errors: [401, 403, 409] } },
      schema: {
        tags,
        summary:
          "A visitor's crypto order: with `name` a new account is made, without it the password must match; either way the visitor is signed in",
        description: STAGE_CONFLICTS,
        body: guestCryptoPurchaseSchema,
        response: {
          201: envelopeSchema(
            orderSchema.extend({ data: z.object({ user: userSchema, tokens: tokensSchema }) }),
          ),
        },
      },
    },
    async (req, reply) => {
      const { email, password, name, referralCode, ...body } = req.body;
      const { userInfo, purchase, transaction, session, newAccount } =
        await cryptoPurchases.addCryptoPurchase(
          { guest: { email, password, name, referralCode }, ip: req.ip },
          body,
        );
      if (!session) throw new Error('A guest purchase must sign the visitor in');
      const message = newAccount ? SUBMITTED_NEW_ACCOUNT : SUBMITTED;
      return reply
        .code(201)
        .send(envelope(201, { userInfo, purchase, transaction, data: session }, message));
    },
  );
};
