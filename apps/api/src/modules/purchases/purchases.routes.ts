import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAGE_CONFLICTS } from './stage-conflicts.ts';
import {
  bankOrderSchema,
  bankPurchaseSchema,
  cancelOrderMessages,
  guestBankOrderSchema,
  guestBankPurchaseSchema,
  isTimeZone,
  purchaseMessages,
  receiptBodySchema,
  refundSchema,
  lateOfferSchema,
  lateOfferMessages,
} from '@tmc/shared';
import { bankSchema } from '../banks/banks.routes.ts';
import { transactionSchema } from '../transactions/transaction-dto.ts';
import { envelope, envelopeSchema } from '../../lib/envelope.ts';
import { fileAnswer } from '../../lib/openapi.ts';
import { filterInt, listQuerySchema, pageSchema } from '../../lib/list-query.ts';
import { tokensSchema } from '../auth/sessions.ts';
import { userSchema } from '../account/user-dto.ts';
import { purchaseSchema } from './purchase-dto.ts';
import { paymentProgressSchema } from './payment-progress.ts';
import type { CheckoutGuest } from '../auth/auth.service.ts';
import type { BankPurchaseResult, PurchasesService } from './purchases.service.ts';
import { requireBuyer } from './require-buyer.ts';

const tags = ['purchases'];
const security = [{ bearer: [] }];
const SUBMITTED = 'Presale request submitted';
const SUBMITTED_NEW_ACCOUNT =
  'Account created and presale request submitted; check your e-mail for the verification code';
const ORDERED = 'Presale request created: transfer the amount with your payment reference';
const ORDERED_NEW_ACCOUNT =
  'Account created and presale request created; check your e-mail for the verification code';
const RECEIPT_ATTACHED = 'Receipt attached: our team will review your payment';

const idParams = z.object({ id: z.string().max(64) });

/** GET /purchase/:id/receipt.pdf?tz=Australia/Sydney: the buyer's time zone for its dates. */
const receiptPdfQuery = z.object({
  tz: z.string().refine(isTimeZone, purchaseMessages.timeZone).optional().meta({
    description:
      "The buyer's IANA time zone (e.g. Australia/Sydney) the receipt's dates are written in; UTC without it",
    example: 'Australia/Sydney',
  }),
});

const buyerResultSchema = envelopeSchema(
  z.object({ userInfo: userSchema, purchase: purchaseSchema }),
);

const guestResultSchema = envelopeSchema(
  z.object({
    msg: z.string(),
    userData: userSchema,
    purchase: purchaseSchema,
    data: z.object({ user: userSchema, tokens: tokensSchema }),
  }),
);

/** A visitor's body: the account fields make the buyer, the rest is the order. */
function guestOrder<T extends CheckoutGuest>(fields: T, ip: string) {
  const { email, password, name, referralCode, ...body } = fields;
  return { buyer: { guest: { email, password, name, referralCode }, ip }, body };
}

/** The noUser answer: the request and the session the visitor is now signed in with. */
function guestAnswer(result: BankPurchaseResult, newAccountMessage: string, message: string) {
  const { user, purchase, session, newAccount } = result;
  if (!session) throw new Error('A guest purchase must sign the visitor in');
  const msg = newAccount ? newAccountMessage : message;
  return envelope(201, { msg, userData: user, purchase, data: session }, msg);
}

/** `filter[query]` of getmypurchase: only the status, 0 to 4. */
export const purchaseFilterSchema = z.strictObject({
  status: filterInt(0, 4)
    .nullish()
    .transform((status) => status ?? undefined),
});

const orderDeliverySchema = z
  .object({
    state: z.enum(['pending', 'held', 'published', 'claimed']),
    epoch: z.number().int().nullable(),
    publishedAt: z.string().nullable(),
    claimedTx: z.string().nullable(),
    claimedAt: z.string().nullable(),
  })
  .nullable()
  .meta({
    description:
      "Where an accepted order's tokens are (null before acceptance or before delivery starts): pending (in no published root yet), held (the latest distribution held the buyer: no proven wallet, or several and none chosen), published (claimable since publishedAt, first in root epoch), claimed (in claimedTx at claimedAt, under epoch)",
  });

export const purchasesRoutes: FastifyPluginAsyncZod<{ purchases: PurchasesService }> = async (
  app,
  { purchases },
) => {
  app.post(
    '/purchase/add',
    {
      onRequest: requireBuyer(app),
      // Orders per account are limited (accountOrderLimit).
      config: { openapi: { errors: [403, 429, 409] } },
      schema: {
        tags,
        security,
        summary: 'Submit a bank-transfer presale request (Pending until staff review it)',
        description: STAGE_CONFLICTS,
        body: bankPurchaseSchema,
        response: { 201: buyerResultSchema },
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
      config: { openapi: { errors: [401, 403, 409] } },
      schema: {
        tags,
        summary:
          "A visitor's bank-transfer presale request: with `name` a new account is made, without it the password must match; either way the visitor is signed in",
        description: STAGE_CONFLICTS,
        body: guestBankPurchaseSchema,
        response: { 201: guestResultSchema },
      },
    },
    async (req, reply) => {
      const { buyer, body } = guestOrder(req.body, req.ip);
      const result = await purchases.addBankPurchase(buyer, body);
      return reply.code(201).send(guestAnswer(result, SUBMITTED_NEW_ACCOUNT, SUBMITTED));
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

  app.post(
    '/purchase/bank-order',
    {
      onRequest: requireBuyer(app),
      // Orders per account are limited (accountOrderLimit).
      config: { openapi: { errors: [403, 429, 409] } },
      schema: {
        tags,
        security,
        summary:
          'Create a bank-transfer presale request before paying: Pending, awaiting payment, with its reference; the receipt follows with POST /purchase/:id/receipt. A retry with the same requestId answers the same order',
        description: STAGE_CONFLICTS,
        body: bankOrderSchema,
        response: { 201: buyerResultSchema },
      },
    },
    async (req, reply) => {
      const { user, purchase } = await purchases.addBankOrder({ userId: req.user.id }, req.body);
      return reply.code(201).send(envelope(201, { userInfo: user, purchase }, ORDERED));
    },
  );

  app.post(
    '/purchase/bank-order-noUser',
    {
      config: { openapi: { errors: [401, 403, 409] } },
      schema: {
        tags,
        summary:
          "A visitor's bank-transfer presale request before paying: with `name` a new account is made, without it the password must match; either way the visitor is signed in",
        description: STAGE_CONFLICTS,
        body: guestBankOrderSchema,
        response: { 201: guestResultSchema },
      },
    },
    async (req, reply) => {
      const { buyer, body } = guestOrder(req.body, req.ip);
      const result = await purchases.addBankOrder(buyer, body);
      return reply.code(201).send(guestAnswer(result, ORDERED_NEW_ACCOUNT, ORDERED));
    },
  );

  app.get(
    '/purchase/holdings',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'My TMC: tokens allocated (accepted requests), tokens pending review, the saved wallet and how tokens are delivered',
        response: {
          200: envelopeSchema(
            z.object({
              allocated: z.string(),
              pendingReview: z.string(),
              tokenSymbol: z.string(),
              wallet: z.string().nullable(),
              deliveryStatement: z.string(),
            }),
          ),
        },
      },
    },
    async (req) => envelope(200, await purchases.holdings(req.user.id)),
  );

  app.get(
    '/purchase/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          "One of my presale requests with its bank account and latest payment (404 for another user's)",
        params: idParams,
        response: {
          200: envelopeSchema(
            z.object({
              purchase: purchaseSchema,
              bankAccount: bankSchema.nullable(),
              transaction: transactionSchema.nullable(),
              tokenSymbol: z.string(),
              payment: paymentProgressSchema,
              delivery: orderDeliverySchema,
              refunds: z.array(refundSchema),
              lateOffer: lateOfferSchema
                .nullable()
                .describe(
                  'A late payment (a receipt after the order ended): the latest order at the price of the day offered for it',
                ),
              cancelledByBuyer: z.boolean(),
            }),
          ),
        },
      },
    },
    async (req) => envelope(200, await purchases.getMine(req.user.id, req.params.id)),
  );

  app.post(
    '/purchase/:id/receipt',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'Attach the bank receipt to my Pending bank order (the same file again answers 200 unchanged). A receipt for an order that ended because its payment window closed (or whose window has closed) is taken as a late payment (`lateReceiptAt`): the order stays Not Accepted until staff offer it at the price of the day or refund it',
        params: idParams,
        body: receiptBodySchema,
        response: { 200: envelopeSchema(z.object({ purchase: purchaseSchema })) },
      },
    },
    async (req) => {
      const purchase = await purchases.attachReceipt(req.user.id, req.params.id, req.body);
      return envelope(
        200,
        { purchase },
        purchase.lateReceiptAt ? lateOfferMessages.lateReceipt : RECEIPT_ATTACHED,
      );
    },
  );

  app.post(
    '/purchase/:id/cancel',
    {
      onRequest: app.requireUser,
      // Cancels per network are limited (cancelLimit).
      config: { openapi: { errors: [429] } },
      schema: {
        tags,
        security,
        summary:
          'Cancel my unpaid Pending order: it becomes Not Accepted (audited); a crypto order keeps its exact amount until its quote would have expired. Again after my cancel: the same answer; 400 once a receipt, payment or transfer for it is in; 429 past 60 cancels an hour from one network',
        params: idParams,
        response: { 200: envelopeSchema(z.object({ purchase: purchaseSchema })) },
      },
    },
    async (req) => {
      const { purchase } = await purchases.cancel(req.user.id, req.params.id, req.ip);
      return envelope(200, { purchase }, cancelOrderMessages.cancelled);
    },
  );

  app.get(
    '/purchase/:id/receipt.pdf',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'The PDF receipt of my accepted presale request (400 before it is accepted); its dates in the IANA zone `tz` (default UTC), each with its zone',
        params: idParams,
        querystring: receiptPdfQuery,
      },
      config: { openapi: { answers: { 200: fileAnswer('The receipt', ['application/pdf']) } } },
    },
    async (req, reply) => {
      const { fileName, bytes } = await purchases.receiptPdf(
        req.user.id,
        req.params.id,
        req.query.tz,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes));
    },
  );
};
