import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { takeDisagreements } from './openapi-answers.ts';
import { buildTestApp } from './test-app.ts';

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}
type Document = {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
};

let app: FastifyInstance;
let publicUrl: string;
let doc: Document;

beforeAll(async () => {
  let config;
  ({ app, config } = await buildTestApp());
  publicUrl = config.publicUrl;
  doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json<Document>();
});
afterAll(() => app.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ route, method, operation })),
  );

/** A concrete URL for a documented path: any UUID for ids, AUD for a currency. */
const sampleUrl = (route: string) =>
  route.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'currency'
      ? 'AUD'
      : name === 'year'
        ? '2026'
        : name === 'month'
          ? '01'
          : name === 'name'
            ? 'missing.png'
            : randomUUID(),
  );

describe('the API document', () => {
  it('passes `redocly lint` with the recommended rules: no error, no warning', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tmc-openapi-'));
    fs.writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(doc));
    fs.writeFileSync(path.join(dir, 'redocly.yaml'), 'extends:\n  - recommended\n');
    const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [cli, 'lint', 'openapi.json', '--config', 'redocly.yaml', '--format', 'json'],
      {
        cwd: dir,
        // Offline: no usage report, no update check.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((err: { stdout: string }) => err);
    const report = JSON.parse(stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
    };
    const problems = report.problems.map(
      (p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`,
    );
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it('names its server from PUBLIC_URL', () => {
    expect(doc.servers).toEqual([{ url: publicUrl }]);
  });

  it('states the input rules the API enforces on decimals and filter[query]', () => {
    type Schema = {
      pattern?: string;
      minimum?: number;
      exclusiveMinimum?: boolean;
      anyOf?: Schema[];
      type?: string;
      properties?: Record<string, Schema>;
      additionalProperties?: Schema;
    };
    const bodyOf = (route: string, method: string) =>
      (
        doc.paths[route]![method] as unknown as {
          requestBody: { content: Record<string, { schema: Schema }> };
        }
      ).requestBody.content['application/json']!.schema;
    const branches = (schema: Schema) => schema.anyOf ?? [schema];
    const textRule = (schema: Schema) =>
      new RegExp(branches(schema).find((b) => b.type === 'string')!.pattern!, 'u');
    const numberRule = (schema: Schema) => branches(schema).find((b) => b.type === 'number')!;

    const min = bodyOf('/v1/admin/settings', 'put').properties!.minPurchaseAud!;
    expect(textRule(min).test('abc')).toBe(false);
    expect(textRule(min).test('-5')).toBe(false);
    expect(textRule(min).test('50.001')).toBe(false);
    expect(textRule(min).test(' 50.00 ')).toBe(true);
    expect(numberRule(min).minimum).toBe(0);

    const rate = bodyOf('/v1/admin/currency-rates', 'put').properties!.rates!.additionalProperties!;
    expect(textRule(rate).test('-0.65')).toBe(false);
    expect(textRule(rate).test('0')).toBe(false);
    expect(textRule(rate).test('0.65')).toBe(true);
    expect(numberRule(rate)).toMatchObject({ minimum: 0, exclusiveMinimum: true });

    const filter = (
      doc.paths['/v1/purchase/getmypurchase']!.get as unknown as {
        parameters: { name: string; schema: Schema }[];
      }
    ).parameters.find((p) => p.name === 'filter[query]')!.schema;
    const json = new RegExp(filter.pattern!, 'u');
    expect(json.test('abc')).toBe(false);
    expect(json.test('{"status":0}')).toBe(true);
  });

  it('gives every operation an id, a summary, its security and the error envelope', () => {
    const ids = new Set<string>();
    for (const { route, method, operation } of operations()) {
      const where = `${method.toUpperCase()} ${route}`;
      expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(ids.has(operation.operationId!), `${where}: operationId taken`).toBe(false);
      ids.add(operation.operationId!);
      expect(operation.summary, where).toBeTruthy();
      expect(operation.security, where).toBeDefined();
      const bearer = operation.security!.some((s) => 'bearer' in s);
      if (bearer) expect(operation.responses, `${where}: needs a token`).toHaveProperty('401');
      for (const status of ['400', '500'])
        expect(operation.responses, `${where}: ${status}`).toHaveProperty(status);
      for (const [status, answer] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        expect(answer.content?.['application/json']?.schema, `${where} ${status}`).toEqual({
          $ref: '#/components/schemas/ErrorEnvelope',
        });
      }
    }
    expect(ids.size).toBeGreaterThan(60);
  });

  it('states each operation security as the route checks it: a token or none', async () => {
    const wrong: string[] = [];
    for (const { route, method, operation } of operations()) {
      const bearer = operation.security!.some((s) => 'bearer' in s);
      const res = await app.inject({
        method: method.toUpperCase() as 'GET',
        url: sampleUrl(route),
        ...(['post', 'put', 'patch'].includes(method) ? { payload: {} } : {}),
      });
      if ((res.statusCode === 401) !== bearer)
        wrong.push(`${method.toUpperCase()} ${route}: ${res.statusCode} without a token`);
    }
    expect(wrong).toEqual([]);
  });

  it('describes the answers that are not JSON envelopes', () => {
    const ok = (route: string, method = 'get') => doc.paths[route]?.[method]?.responses['200'];
    expect(Object.keys(ok('/v1/purchase/{id}/receipt.pdf')!.content!)).toEqual(['application/pdf']);
    expect(Object.keys(ok('/v1/admin/payouts/{id}/csv')!.content!)).toEqual(['text/csv']);
    expect(ok('/files/uploads/{year}/{month}/{name}')!.content).toHaveProperty('image/png');
    expect(ok('/healthz')!.content).toHaveProperty('application/json');
    expect(doc.paths['/v1/presale/config']!.get!.responses).toHaveProperty('304');
    // The first CSV path still answers, but only the one tools can tell from /payouts/{id} is listed.
    // (A file name of its own segment, as /distributions/{id}/leaves.csv, overlaps nothing.)
    expect(Object.keys(doc.paths).filter((p) => p.includes('}.csv'))).toEqual([]);
    expect(Object.keys(ok('/v1/admin/distributions/{id}/leaves.csv')!.content!)).toEqual([
      'text/csv',
    ]);
  });
});

describe('the check of every answer against the document (openapi-answers.ts)', () => {
  it('reports a status the document does not list, and a body off its schema', async () => {
    // The test app's own document object, which the check reads.
    const live = (app.swagger() as unknown as Document).paths['/v1/presale/config']!.get!.responses;
    const saved = live['200']!;
    const read = () => app.inject({ method: 'GET', url: '/v1/presale/config' });
    try {
      delete live['200'];
      await read();
      expect(takeDisagreements()).toEqual([
        'GET /v1/presale/config answered 200: a status its document does not list',
      ]);
      live['200'] = { content: { 'application/json': { schema: { type: 'array' } as object } } };
      await read();
      expect(takeDisagreements()).toEqual([
        expect.stringMatching(
          /^GET \/v1\/presale\/config answered 200 off its schema: data must be array/,
        ),
      ]);
    } finally {
      live['200'] = saved;
    }
    await read();
    expect(takeDisagreements()).toEqual([]);
  });
});
