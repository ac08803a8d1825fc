import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PaymentStatus, verifyCryptoPaySchema, verifyPaymentMessages } from '@tmc/shared';
import { envelope, envelopeSchema } from '../../lib/envelope.ts';
import { money, plain } from '../../lib/money.ts';
import { filterInt, listQuerySchema, pageSchema } from '../../lib/list-query.ts';
import { transactionSchema } from './transaction-dto.ts';
import type { TransactionsService } from './transactions.service.ts';

const tags = ['transactions'];
const security = [{ bearer: [] }];
const PAYMENT_VERIFIED = 'Payment verified, your presale request is accepted';

const optionalCode = (max: number) =>
  filterInt(0, max)
    .nullish()
    .transform((code) => code ?? undefined);

/** `filter[query]` of getUserTransaction: status 0 to 3 and mode 0 (bank) or 1 (crypto wallet). */
export const transactionFilterSchema = z.strictObject({
  paymentStatus: optionalCode(3),
  paymentMode: optionalCode(1),
});

export const transactionsRoutes: FastifyPluginAsyncZod<{
  transactions: TransactionsService;
}> = async (app, { transactions }) => {
  app.get(
    '/transaction/getUserTransaction',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'My transactions: page, limit (10|15|20|25|30), sort[price]=1|-1, filter[query]={"paymentStatus":n,"paymentMode":m}',
        querystring: listQuerySchema(transactionFilterSchema),
        response: { 200: envelopeSchema(pageSchema(transactionSchema)) },
      },
    },
    async (req) => envelope(200, await transactions.listMine(req.user.id, req.query)),
  );

  app.post(
    '/transaction/verify-crypto-pay/:transactionId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Verify a crypto payment by its transaction hash (read from the chain)',
        params: z.object({ transactionId: z.string() }),
        body: verifyCryptoPaySchema,
        response: {
          200: envelopeSchema(z.object({ transaction: transactionSchema, msg: z.string() })),
        },
      },
    },
    async (req) => {
      const transaction = await transactions.verifyCryptoPayment(
        req.user.id,
        req.params.transactionId,
        req.body.txnHash,
      );
      // Counted towards the order, still short of its quote: it stays open (partially paid).
      const msg =
        transaction.paymentStatus === PaymentStatus.Pending && transaction.missing
          ? verifyPaymentMessages.partiallyPaid(
              transaction.received ?? '0',
              plain(money(transaction.received ?? '0').plus(transaction.missing)),
              transaction.missing,
              transaction.tokenSymbol,
            )
          : PAYMENT_VERIFIED;
      return envelope(200, { transaction, msg }, msg);
    },
  );
};
