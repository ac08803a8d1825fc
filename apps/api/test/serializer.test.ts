import type { FastifyInstance } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope, envelopeSchema, errorEnvelopeSchema } from '../src/lib/envelope.ts';
import { pageOf, pageSchema } from '../src/lib/list-query.ts';
import { serializerCompiler, zodSerializedRoutes } from '../src/lib/serializer.ts';
import { transactionSchema } from '../src/modules/transactions/transaction-dto.ts';
import { buildTestApp } from './test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await buildTestApp());
});
afterAll(() => app.close());

it('compiles every documented answer to a JSON serializer (none left to zod at run time)', () => {
  expect(zodSerializedRoutes).toEqual([]);
});

describe('the compiled serializer writes the same bytes zod did', () => {
  const compile = (schema: z.ZodType) => {
    const route = { schema, method: 'GET', url: '/x', httpStatus: '200' };
    return [serializerCompiler(route), zodSerializerCompiler(route)] as const;
  };
  const transaction = {
    _id: '5f0c6a58-0000-4000-8000-000000000001',
    createdAt: '2026-11-23T12:00:00.000Z',
    price: '125.50',
    currency: 'AUD',
    tokenSymbol: 'TMC',
    tokenAmount: '6275.000000000000000000',
    userCurrency: null,
    userAmount: 'a "quoted" \u2028 line\nand a \\ backslash',
    paymentStatus: 0,
    paymentMode: 1,
    txnHash: null,
    walletAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    purchaseId: null,
    quoteExpiresAt: null,
    stageId: null,
    stageName: null,
    received: '0.04',
    missing: '0.010004',
    notDeclared: 'dropped',
  };

  it.each([
    [
      'a page of transactions',
      envelopeSchema(pageSchema(transactionSchema)),
      envelope(200, pageOf([transaction, transaction], 31, { page: 2, limit: 10 })),
    ],
    [
      'an empty page',
      envelopeSchema(pageSchema(transactionSchema)),
      envelope(200, pageOf([], 0, { page: 1, limit: 10 })),
    ],
    [
      'rates (a record) and a literal',
      envelopeSchema(
        z.object({
          base: z.literal('AUD'),
          rates: z.record(z.string(), z.string()),
          updatedAt: z.string(),
        }),
      ),
      envelope(200, {
        base: 'AUD',
        rates: { AUD: '1', ETH: '0.000221', 'Ü"': 'x' },
        updatedAt: '2026-01-01T00:00:00.000Z',
      }),
    ],
    [
      'optional fields left out',
      envelopeSchema(
        z.array(
          z.object({
            _id: z.string(),
            RoutingNumber: z.string().optional(),
            n: z.number().nullable(),
          }),
        ),
      ),
      envelope(200, [
        { _id: 'a', RoutingNumber: undefined, n: null },
        { _id: 'b', RoutingNumber: '062-000', n: 1.5 },
      ]),
    ],
    [
      'the error envelope',
      errorEnvelopeSchema,
      { code: 400, message: 'Bad', data: null, errors: { email: 'Invalid' } },
    ],
  ])('%s', (_name, schema, value) => {
    const [compiled, zod] = compile(schema);
    expect(compiled(value)).toBe(zod(value));
  });
});
