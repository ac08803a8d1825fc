import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, envelopeSchema } from '../../lib/envelope.ts';
import { pageSchema } from '../../lib/list-query.ts';
import { transactionSchema } from '../transactions/transaction-dto.ts';
import { adminListQuery, intParam, searchParam } from './admin-query.ts';
import type { AdminTransactionsService } from './admin-transactions.service.ts';

const adminTransactionSchema = transactionSchema.extend({
  user: z.object({ _id: z.string(), email: z.string(), name: z.string() }),
  reference: z.string().nullable(),
  fromAddress: z.string().nullable(),
  senderMatchesWallet: z.boolean().nullable(),
  blockNumber: z.string().nullable(),
  verifiedAt: z.string().nullable(),
});

export const adminTransactionsRoutes: FastifyPluginAsyncZod<{
  transactions: AdminTransactionsService;
}> = async (app, { transactions }) => {
  app.get(
    '/admin/transactions',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary:
          'Every transaction, newest first (query paymentStatus, paymentMode, email, txnHash)',
        querystring: adminListQuery({
          paymentStatus: intParam('paymentStatus', 0, 3).optional(),
          paymentMode: intParam('paymentMode', 0, 1).optional(),
          email: searchParam,
          txnHash: searchParam,
        }),
        response: { 200: envelopeSchema(pageSchema(adminTransactionSchema)) },
      },
    },
    async (req) => envelope(200, await transactions.list(req.query)),
  );
};
