import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { zodSerializedRoutes } from '../src/lib/serializer.ts';
import { buildTestApp } from './test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await buildTestApp());
});
afterAll(() => app.close());

it('compiles every documented answer to a JSON serializer (none left to zod at run time)', () => {
  expect(zodSerializedRoutes).toEqual([]);
});
