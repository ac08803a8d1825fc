import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { messages } from '@tmc/shared';
import type { Db } from '../src/db/client.ts';
import { files } from '../src/db/schema/index.ts';
import { buildTestApp } from './test-app.ts';

let app: FastifyInstance;
let db: Db;
beforeAll(async () => {
  ({ app, db } = await buildTestApp());
});
afterAll(() => app.close());

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

const askUpload = (body: object, ip = '10.0.0.1') =>
  app.inject({ method: 'POST', url: '/v1/upload-file', payload: body, remoteAddress: ip });

describe('POST /v1/upload-file', () => {
  it('answers a signed PUT URL valid 5 minutes for a server-made key, and the PUT stores the bytes', async () => {
    const before = Date.now();
    const res = await askUpload({
      fileName: '../../etc/passwd.png',
      contentType: 'image/png',
      size: PNG.length,
    });
    expect(res.statusCode).toBe(200);
    const { url, key, expiresAt } = res.json().data;
    expect(key).toMatch(/^uploads\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(url).toContain(key);
    const ttl = new Date(expiresAt).getTime() - before;
    expect(ttl).toBeGreaterThan(4.5 * 60_000);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000 + 1000);
    const [row] = await db.select().from(files).where(eq(files.key, key));
    expect(row).toMatchObject({
      contentType: 'image/png',
      size: PNG.length,
      ownerId: null,
      purchaseId: null,
    });

    const { pathname, search } = new URL(url);
    const put = await app.inject({
      method: 'PUT',
      url: pathname + search,
      headers: { 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(put.statusCode).toBe(200);
    const unsigned = await app.inject({ method: 'GET', url: pathname });
    expect(unsigned.statusCode).toBe(403);
  });

  it('refuses other content types and files over 10 MiB', async () => {
    const wrongType = await askUpload({ fileName: 'a.txt', contentType: 'text/plain', size: 10 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe(messages.imageOrPdf);
    const tooBig = await askUpload({
      fileName: 'a.pdf',
      contentType: 'application/pdf',
      size: 10 * 1024 * 1024 + 1,
    });
    expect(tooBig.statusCode).toBe(400);
    const missing = await askUpload({ contentType: 'application/pdf' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('fileName');
  });

  it('rate limits per IP', async () => {
    const ask = () =>
      askUpload({ fileName: 'r.pdf', contentType: 'application/pdf', size: 100 }, '10.9.9.9');
    for (let i = 0; i < 60; i++) expect((await ask()).statusCode).toBe(200);
    const limited = await ask();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (
        await askUpload(
          { fileName: 'r.pdf', contentType: 'application/pdf', size: 100 },
          '10.9.9.8',
        )
      ).statusCode,
    ).toBe(200);
  });
});
