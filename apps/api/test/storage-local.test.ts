import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { messages } from '@tmc/shared';
import { registerErrorHandler } from '../src/lib/error-handler.ts';
import { createLocalStorage, localFileRoutes } from '../src/lib/storage/local-storage.ts';
import { newUploadKey, sniffKind, type Storage } from '../src/lib/storage/storage.ts';

const SECRET = 'test-secret-test-secret-test-secret';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('rest of a png'),
]);

let dir: string;
let app: FastifyInstance;
let origin: string;
let storage: Storage;
const limited: string[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tmc-uploads-'));
  // A small app-wide body limit, as in the real app: uploads must stream past it.
  app = Fastify({ bodyLimit: 1024 });
  registerErrorHandler(app);
  // The serving copy and the signing copy share only the directory and the secret, like two API copies.
  await app.register(localFileRoutes, {
    storage: createLocalStorage({ dir, secret: SECRET, baseUrl: 'http://unused' }),
    rateLimiter: {
      hit: (_rule, subject) => {
        limited.push(subject);
        return Promise.resolve();
      },
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  storage = createLocalStorage({ dir, secret: SECRET, baseUrl: origin });
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const uploadUrl = async (
  o: { contentType?: string; size?: number; expiresInSeconds?: number } = {},
) => {
  const key = newUploadKey('image/png');
  const { url, expiresAt } = await storage.createUploadUrl({
    key,
    contentType: o.contentType ?? 'image/png',
    size: o.size ?? PNG.length,
    expiresInSeconds: o.expiresInSeconds ?? 300,
  });
  return { key, url, expiresAt };
};

const put = (url: string, body: Buffer | string, contentType = 'image/png') =>
  fetch(url, {
    method: 'PUT',
    headers: { 'content-type': contentType },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });

const withParam = (url: string, name: string, value: string) => {
  const u = new URL(url);
  u.searchParams.set(name, value);
  return u.toString();
};

/** Every stored file under the upload directory (temp files included), so "nothing stored" can be checked. */
const storedFiles = () =>
  fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile());

describe('local storage', () => {
  test('files larger than the app-wide body limit stream through; uploads are rate limited', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(64 * 1024, 7)]);
    const before = limited.length;
    const { key, url } = await uploadUrl({ size: big.length });
    expect((await put(url, big)).status).toBe(200);
    expect(await storage.stat(key)).toEqual({ size: big.length, contentType: 'image/png' });
    expect(limited.slice(before)).toEqual(['127.0.0.1']);
    // Refused signatures are not counted.
    expect((await put(withParam(url, 'sig', '0'.repeat(64)), big)).status).toBe(403);
    expect(limited.length).toBe(before + 1);
  });

  test('PUT then GET returns the same bytes and type; stat, readHead and keyFromUrl agree', async () => {
    const { key, url, expiresAt } = await uploadUrl();
    expect(url.startsWith(`${origin}/files/${key}?`)).toBe(true);
    expect(expiresAt.getTime()).toBeGreaterThan(Date.now() + 290_000);

    const res = await put(url, PNG);
    expect(res.status).toBe(200);

    const download = await storage.createDownloadUrl(key, 60);
    const got = await fetch(download);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('cache-control')).toBe('private, max-age=300');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('content-disposition')).toBe('attachment');
    expect(got.headers.get('content-security-policy')).toBe('sandbox');
    expect(Buffer.from(await got.arrayBuffer())).toEqual(PNG);

    expect(await storage.stat(key)).toEqual({ size: PNG.length, contentType: 'image/png' });
    const head = await storage.readHead(key, 8);
    expect(head).toEqual(PNG.subarray(0, 8));
    expect(sniffKind(head!)).toBe('image/png');
    expect(await storage.readHead(key, 1000)).toEqual(PNG);

    expect(storage.keyFromUrl(url.split('?')[0]!)).toBe(key);
    expect(storage.keyFromUrl(url)).toBe(key);
    expect(storage.keyFromUrl(`http://elsewhere.example/files/${key}`)).toBeNull();
    expect(storage.keyFromUrl(`${origin}/v1/files/${key}`)).toBeNull();
    expect(storage.keyFromUrl(`${origin}/files/uploads%2F..%2F..%2Fsecret`)).toBeNull();
    expect(storage.keyFromUrl(`${origin}/files/.tmp/x`)).toBeNull();
    expect(storage.keyFromUrl('not a url')).toBeNull();
  });

  test('a missing object has no stat and no head', async () => {
    const key = newUploadKey('application/pdf');
    expect(await storage.stat(key)).toBeNull();
    expect(await storage.readHead(key, 5)).toBeNull();
    const res = await fetch(await storage.createDownloadUrl(key, 60));
    expect(res.status).toBe(404);
  });

  test('a wrong signature is refused with 403 in the API envelope', async () => {
    const { key, url } = await uploadUrl();
    const sig = new URL(url).searchParams.get('sig')!;
    const forged = withParam(url, 'sig', sig.slice(0, -1) + (sig.endsWith('0') ? '1' : '0'));
    const res = await put(forged, PNG);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      code: 403,
      message: 'Invalid or missing signature',
      data: null,
    });
    expect(await storage.stat(key)).toBeNull();

    const unsigned = new URL(url);
    unsigned.searchParams.delete('sig');
    expect((await put(unsigned.toString(), PNG)).status).toBe(403);
  });

  test('a signed URL is bound to its key, content type and size', async () => {
    const { url } = await uploadUrl();
    expect(
      (await put(withParam(url, 'ct', 'application/pdf'), PNG, 'application/pdf')).status,
    ).toBe(403);
    expect((await put(withParam(url, 'max', '99999999'), PNG)).status).toBe(403);
    expect((await put(withParam(url, 'exp', '99999999999'), PNG)).status).toBe(403);
    const otherKey = url.replace(/\/files\/[^?]+/, `/files/${newUploadKey('image/png')}`);
    expect((await put(otherKey, PNG)).status).toBe(403);
  });

  test('an expired URL is refused', async () => {
    const { key, url } = await uploadUrl({ expiresInSeconds: -5 });
    const res = await put(url, PNG);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe('This link has expired');
    expect(await storage.stat(key)).toBeNull();

    const good = await uploadUrl();
    expect((await put(good.url, PNG)).status).toBe(200);
    expect((await fetch(await storage.createDownloadUrl(good.key, -5))).status).toBe(403);
  });

  test('a body larger than signed is refused with 413 and nothing is kept', async () => {
    const before = storedFiles().length;
    const { key, url } = await uploadUrl({ size: 10 });
    const res = await put(url, Buffer.alloc(11, 1));
    expect(res.status).toBe(413);
    expect(await storage.stat(key)).toBeNull();
    expect(storedFiles()).toHaveLength(before);
  });

  test('a streamed body (no Content-Length) is counted and cut off at the signed size', async () => {
    const before = storedFiles().length;
    const { key, url } = await uploadUrl({ size: 10 });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(8));
        controller.enqueue(new Uint8Array(8));
        controller.close();
      },
    });
    const res = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body,
      duplex: 'half',
    });
    expect(res.status).toBe(413);
    expect(await storage.stat(key)).toBeNull();
    expect(storedFiles()).toHaveLength(before);

    const ok = await uploadUrl({ size: 10 });
    const small = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(PNG.subarray(0, 6)));
        controller.enqueue(new Uint8Array(PNG.subarray(6, 10)));
        controller.close();
      },
    });
    const stored = await fetch(ok.url, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: small,
      duplex: 'half',
    });
    expect(stored.status).toBe(200);
    expect(await storage.stat(ok.key)).toEqual({ size: 10, contentType: 'image/png' });
  });

  test('a Content-Type other than the signed one is refused with 415', async () => {
    const { key, url } = await uploadUrl();
    expect((await put(url, PNG, 'application/pdf')).status).toBe(415);
    expect((await put(url, '{"a":1}', 'application/json')).status).toBe(415);
    expect((await fetch(url, { method: 'PUT', body: new Uint8Array(PNG) })).status).toBe(415);
    expect(await storage.stat(key)).toBeNull();
    // Parameters on the header are fine.
    expect((await put(url, PNG, 'image/png; charset=binary')).status).toBe(200);
  });

  test('a PDF is taken raw; a JSON-typed body is not parsed but refused', async () => {
    const key = newUploadKey('application/pdf');
    const pdf = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
    const { url } = await storage.createUploadUrl({
      key,
      contentType: 'application/pdf',
      size: pdf.length,
      expiresInSeconds: 60,
    });
    expect((await put(url, pdf, 'application/pdf')).status).toBe(200);
    expect(sniffKind((await storage.readHead(key, 16))!)).toBe('application/pdf');

    const jsonKey = 'uploads/test/data.json';
    const json = '{"not": "parsed"';
    const signed = await storage.createUploadUrl({
      key: jsonKey,
      contentType: 'application/json',
      size: json.length,
      expiresInSeconds: 60,
    });
    expect((await put(signed.url, json, 'application/json')).status).toBe(400);
    expect(await storage.stat(jsonKey)).toBeNull();
  });

  test('bytes that are not of the signed kind are refused with the spec message; nothing is kept', async () => {
    const before = storedFiles().length;
    const html = Buffer.from('<html><script>alert(1)</script></html>'.padEnd(4096, ' '));
    const cases: [string, Buffer][] = [
      ['image/png', html],
      ['image/png', Buffer.from('%PDF-1.7\n')],
      ['application/pdf', PNG],
      ['image/png', PNG.subarray(0, 5)],
      ['image/png', Buffer.alloc(0)],
    ];
    for (const [contentType, body] of cases) {
      const { key, url } = await uploadUrl({ contentType, size: Math.max(body.length, 1) });
      const res = await put(url, body, contentType);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: 400,
        message: messages.imageOrPdf,
        data: null,
        errors: { file: messages.imageOrPdf },
      });
      expect(await storage.stat(key)).toBeNull();
    }
    expect(storedFiles()).toHaveLength(before);

    // The kind counts, not the exact type: a JPEG with a .png name is still an image.
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1]);
    const renamed = await uploadUrl({ size: jpeg.length });
    expect((await put(renamed.url, jpeg)).status).toBe(200);
  });

  test('a signed URL stores a file once: it cannot replace what is there', async () => {
    const { key, url } = await uploadUrl({ size: 1024 });
    expect((await put(url, PNG)).status).toBe(200);
    const other = Buffer.concat([PNG, Buffer.from('other bytes')]);
    const again = await put(url, other);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      code: 409,
      message: 'This upload link was already used: ask for a new one',
      data: null,
    });
    expect(await storage.readHead(key, 1024)).toEqual(PNG);
    expect(await storage.seal(key)).toBe(key);
  });

  test('GET needs its own valid signature', async () => {
    const { key, url } = await uploadUrl();
    expect((await put(url, PNG)).status).toBe(200);
    expect((await fetch(`${origin}/files/${key}`)).status).toBe(403);
    // An upload URL does not serve the file.
    expect((await fetch(url)).status).toBe(403);
    const download = await storage.createDownloadUrl(key, 60);
    const other = download.replace(key, newUploadKey('image/png'));
    expect((await fetch(other)).status).toBe(403);
  });

  test('keys that climb out of the directory are refused', async () => {
    await expect(
      storage.createUploadUrl({
        key: '../escape.png',
        contentType: 'image/png',
        size: 1,
        expiresInSeconds: 60,
      }),
    ).rejects.toThrow();
    const { url } = await uploadUrl();
    const query = new URL(url).search;
    for (const evil of [
      '/files/uploads/../../../etc/passwd',
      '/files/uploads/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/files/uploads%2F..%2F..%2Fx',
      '/files/.tmp/x',
      '/files/uploads//x.png',
      '/files/a.png.meta.json',
    ]) {
      const status = await new Promise<number>((resolve, reject) => {
        // A raw path: URL parsing would resolve the dot segments before they reach the server.
        const req = http.request(
          { host: '127.0.0.1', port: new URL(origin).port, path: `${evil}${query}` },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect([400, 403], evil).toContain(status);
    }
  });
});
