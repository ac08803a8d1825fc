import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '@tmc/shared';
import { envelope } from '../src/lib/envelope.ts';
import { badRequest } from '../src/lib/errors.ts';
import type { Storage } from '../src/lib/storage/storage.ts';
import { PNG, upload } from './purchases-helpers.ts';
import { buildTestApp } from './test-app.ts';

let app: FastifyInstance;
let storage: Storage;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tmc-web-'));

beforeAll(async () => {
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>TMC</title><div id="root"></div>',
  );
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  ({ app, storage } = await buildTestApp({
    webDist,
    build: (a) => {
      // A probe route that exercises the shared validation and error pipeline.
      a.withTypeProvider<ZodTypeProvider>().post(
        '/v1/probe',
        {
          schema: {
            body: z.object({
              email: z.string().regex(/@.*\./, messages.email),
              name: z.string().trim().min(1, messages.name),
            }),
          },
        },
        async (req) => {
          if (req.body.name === 'boom') throw new Error('database exploded: secret detail');
          if (req.body.name === 'rule') throw badRequest('A business rule said no');
          return envelope(201, { hello: req.body.name }, 'Created');
        },
      );
    },
  }));
});
afterAll(() => app.close());

describe('envelope and status codes', () => {
  it('wraps success as {code, message, data}', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/probe',
      payload: { email: 'a@b.co', name: 'Ann' },
    });
    expect(res.json()).toEqual({ code: 201, message: 'Created', data: { hello: 'Ann' } });
  });

  it('answers validation errors with 400, the spec message and errors per field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/probe',
      payload: { email: 'nope', name: ' ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 400,
      message: messages.email,
      data: null,
      errors: { email: messages.email, name: messages.name },
    });
  });

  it('answers a business rule with 400 and its message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/probe',
      payload: { email: 'a@b.co', name: 'rule' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, message: 'A business rule said no', data: null });
  });

  it('hides unknown errors behind a generic 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/probe',
      payload: { email: 'a@b.co', name: 'boom' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe(500);
    expect(res.body).not.toContain('secret detail');
  });

  it('answers malformed JSON with 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/probe',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: 'Malformed JSON body', data: null });
  });

  it('answers a wrong content type with 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/probe',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 415, data: null });
  });

  it('takes JSON bodies up to 64 KiB and answers a larger one with 413', async () => {
    const fits = await app.inject({
      method: 'POST',
      url: '/v1/probe',
      payload: { email: 'a@b.co', name: 'x'.repeat(64 * 1024 - 100) },
    });
    expect(fits.json<{ code: number }>().code, fits.body.slice(0, 200)).toBe(201);
    const res = await app.inject({
      method: 'POST',
      url: '/v1/probe',
      payload: { email: 'a@b.co', name: 'x'.repeat(64 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 413, message: 'Request body is too large', data: null });
  });

  it('still takes file bytes far above the JSON limit on a signed upload URL', async () => {
    const bytes = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    const { key } = await upload(app, { contentType: 'image/png', bytes });
    expect(await storage.stat(key)).toEqual({ size: bytes.length, contentType: 'image/png' });
  });

  it('answers an over-long path id with the 404 envelope, not a bare 414', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/v1/transaction/verify-crypto-pay/${'a'.repeat(5000)}`,
      payload: { txnHash: `0x${'ab'.repeat(32)}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: 'Not found', data: null });
  });

  it('answers a path id that is not valid percent-encoding with the 400 envelope', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/v1/bank/getBankDetailsByCurrency/%E0%A4%A',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: 'Malformed URL', data: null });
  });

  it('answers a method a route does not have with the 404 envelope', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/v1/presale/config' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: 'Not found', data: null });
  });

  it('answers a request that is not HTTP with the 400 envelope', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { hostname, port } = new URL(address);
    const answer = await new Promise<string>((resolve, reject) => {
      let text = '';
      const socket = net.connect(Number(port), hostname, () =>
        socket.write('NOT HTTP AT ALL\r\n\r\n'),
      );
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(head).toContain('Content-Type: application/json');
    expect(JSON.parse(body!)).toEqual({ code: 400, message: 'Malformed request', data: null });
  });

  it('sends a request id and security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    // No page of the site runs a worker (the white paper's pages are images drawn at build time).
    expect(res.headers['content-security-policy']).toContain("worker-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    // HTTPS only in production: a local http:// site must stay reachable.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends the API its own short policy, on answers, 404s and errors alike', async () => {
    for (const url of ['/v1/presale/config', '/v1/no-such-thing', '/v1/auth/login']) {
      const res = await app.inject({ method: url.endsWith('login') ? 'POST' : 'GET', url });
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none';frame-ancestors 'none'",
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('routing', () => {
  it('answers unknown /v1 paths with a JSON 404', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await app.inject({ method, url: '/v1/no-such-thing' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: 'Not found', data: null });
    }
  });

  it('falls back to the SPA for client routes', async () => {
    for (const url of ['/', '/token/buy/bank', '/presale-requests?page=2', '/some/unknown/page']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('does not serve the SPA for a missing asset of the API', async () => {
    const res = await app.inject({ method: 'GET', url: '/files/uploads/missing.png' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 403, message: 'Invalid or missing signature', data: null });
  });

  it('reports health and readiness', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toMatchObject({
      code: 200,
    });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({
      code: 200,
      data: { status: 'ready' },
    });
  });

  it('publishes an OpenAPI document with the routes and a UI at /docs', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v1/presale/config', '/v1/currency-rate/getCurrency']),
    );
    const ui = await app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});
