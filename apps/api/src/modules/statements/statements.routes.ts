import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isTimeZone, purchaseMessages, STATEMENT_PERIOD, statementMessages } from '@tmc/shared';
import { sendAttachment } from '../../lib/attachment.ts';
import { fileAnswer } from '../../lib/openapi.ts';
import { idParams } from '../../lib/uuid.ts';
import { STATEMENT_TIME_ZONE, type StatementsService } from './statements.service.ts';

const security = [{ bearer: [] }];

const statementQuery = z.object({
  period: z
    .string({ error: statementMessages.period })
    .regex(STATEMENT_PERIOD, statementMessages.period)
    .meta({
      description:
        'FY2026 is the Australian financial year 1 July 2025 to 30 June 2026; 2026 the calendar year',
      example: 'FY2026',
    }),
  format: z.enum(['csv', 'pdf'], { error: statementMessages.format }),
  tz: z
    .string()
    .refine(isTimeZone, purchaseMessages.timeZone)
    .optional()
    .meta({
      description: `IANA time zone the period's days and the rows' dates are read in; ${STATEMENT_TIME_ZONE} without it`,
      example: 'Australia/Perth',
    }),
});

const statementFile = fileAnswer(
  'The statement: a line per order accepted, reverted or refunded in the period, and totals that are the sums of the lines',
  ['text/csv', 'application/pdf'],
);

const summary =
  'CSV columns date, kind (Purchase, Reverted, Refund), reference, amount, currency, aud_value, tokens, token_price_aud, delivery_tx, delivery_date, then a Total line (aud_value and tokens summed); formulas defused';

/** A buyer's statement of their own orders, for their tax return. */
export const statementsRoutes: FastifyPluginAsyncZod<{ statements: StatementsService }> = async (
  app,
  { statements },
) => {
  app.get(
    '/account/statements',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['account'],
        security,
        summary: `My statement for a financial or calendar year, as CSV or PDF. ${summary}`,
        querystring: statementQuery,
      },
      config: { openapi: { answers: { 200: statementFile } } },
    },
    async (req, reply) => sendAttachment(reply, await statements.forBuyer(req.user.id, req.query)),
  );
};

/** Staff: the same statement for any buyer, audited. Registered in the admin scope. */
export const statementsAdminRoutes: FastifyPluginAsyncZod<{
  statements: StatementsService;
}> = async (app, { statements }) => {
  app.get(
    '/admin/users/:id/statements',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: `A buyer's statement, as they download it (each download audited as statement.download). ${summary}`,
        params: idParams,
        querystring: statementQuery,
      },
      config: { openapi: { errors: [404], answers: { 200: statementFile } } },
    },
    async (req, reply) =>
      sendAttachment(reply, await statements.forStaff(req.user.id, req.params.id, req.query)),
  );
};
