import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bankPurchaseSchema, guestBankPurchaseSchema } from '@tmc/shared';
import { envelope, envelopeSchema } from '../../lib/envelope.ts';
import { filterInt, listQuerySchema, pageSchema } from '../../lib/list-query.ts';
import { tokensSchema } from '../auth/sessions.ts';
import { userSchema } from '../account/user-dto.ts';
import { purchaseSchema } from './purchase-dto.ts';
import type { PurchasesService } from './purchases.service.ts';
import { requireBuyer } from './require-buyer.ts';

const tags = ['purchases'];
const security = [{ bearer: [] }];
const SUBMITTED = 'Presale request submitted';
const SUBMITTED_NEW_ACCOUNT =
  'Account created and presale request submitted; check your e-mail for the verification code';

/** `filter[query]` of getmypurchase: only the status, 0 to 4. */
export const purchaseFilterSchema = z.strictObject({
  status: filterInt(0, 4)
    .nullish()
    .transform((status) => status ?? undefined),
});

export const purchasesRoutes: FastifyPluginAsyncZod<{ purchases: PurchasesService }> = async (
  app,
  { purchases },
) => {
  app.post(
    '/purchase/add',
    {
      onRequest: requireBuyer(app),
      schema: {
        tags,
        security,
        summary: 'Submit a bank-transfer presale request (Pending until staff review it)',
        body: bankPurchaseSchema,
        response: {
          201: envelopeSchema(z.object({ userInfo: userSchema, purchase: purchaseSchema })),
        },
      },
    },
    async (req, reply) => {
      const { user, purchase } = await purchases.addBankPurchase({ userId: req.user.id }, req.body);
      return reply.code(201).send(envelope(201, { userInfo: user, purchase }, SUBMITTED));
    },
  );

  app.post(
    '/purchase/add-noUser',
    {
      schema: {
        tags,
        summary:
          "A visitor's bank-transfer presale request: with `name` a new account is made, without it the password must match; either way the visitor is signed in",
        body: guestBankPurchaseSchema,
        response: {
          201: envelopeSchema(
            z.object({
              msg: z.string(),
              userData: userSchema,
              purchase: purchaseSchema,
              data: z.object({ user: userSchema, tokens: tokensSchema }),
            }),
          ),
        },
      },
    },
    async (req, reply) => {
      const { email, password, name, referralCode, ...body } = req.body;
      const { user, purchase, session, newAccount } = await purchases.addBankPurchase(
        { guest: { email, password, name, referralCode }, ip: req.ip },
        body,
      );
      if (!session) throw new Error('A guest purchase must sign the visitor in');
      const msg = newAccount ? SUBMITTED_NEW_ACCOUNT : SUBMITTED;
      return reply
        .code(201)
        .send(envelope(201, { msg, userData: user, purchase, data: session }, msg));
    },
  );

  app.get(
    '/purchase/getmypurchase',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'My presale requests: page, limit (10|15|20|25|30), sort[price]=1|-1, filter[query]={"status":n}',
        querystring: listQuerySchema(purchaseFilterSchema),
        response: { 200: envelopeSchema(pageSchema(purchaseSchema)) },
      },
    },
    async (req) => envelope(200, await purchases.listMine(req.user.id, req.query)),
  );
};
