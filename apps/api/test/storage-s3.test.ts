import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createS3Storage } from '../src/lib/storage/s3-storage.ts';
import { newUploadKey, sniffKind, type Storage } from '../src/lib/storage/storage.ts';

/** s3rver ships no types: just the part used here. */
interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string; configs: string[] }[];
}) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

const BUCKET = 'tmc-test';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1');

let dir: string;
let server: S3rverInstance;
let endpoint: string;
let storage: Storage;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tmc-s3-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  // s3rver's well-known credentials: it checks signatures made with them.
  storage = createS3Storage({
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  });
});

afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const upload = async (key: string, body: Buffer, contentType = 'application/pdf') => {
  const { url, expiresAt } = await storage.createUploadUrl({
    key,
    contentType,
    size: body.length,
    expiresInSeconds: 300,
  });
  const res = await fetch(url, {
    method: 'PUT',
    headers: { 'content-type': contentType },
    body: new Uint8Array(body),
  });
  return { url, expiresAt, res };
};

describe('S3 storage', () => {
  test('presigned PUT, then stat, readHead and a presigned GET round trip', async () => {
    const key = newUploadKey('application/pdf');
    const { url, expiresAt, res } = await upload(key, PDF);
    expect(res.status).toBe(200);
    expect(url.startsWith(`${endpoint}/${BUCKET}/${key}?`)).toBe(true);
    // s3rver does not check SigV4 signatures, so what S3 would enforce is checked in the URL itself.
    const signedHeaders = new URL(url).searchParams.get('X-Amz-SignedHeaders')?.split(';');
    expect(signedHeaders).toEqual(
      expect.arrayContaining(['content-length', 'content-type', 'host']),
    );
    expect(new URL(url).searchParams.has('x-amz-checksum-crc32')).toBe(false);
    expect(expiresAt.getTime()).toBeGreaterThan(Date.now() + 290_000);

    expect(await storage.stat(key)).toEqual({ size: PDF.length, contentType: 'application/pdf' });
    const head = await storage.readHead(key, 5);
    expect(head?.toString('latin1')).toBe('%PDF-');
    expect(sniffKind(head!)).toBe('application/pdf');

    const download = await storage.createDownloadUrl(key, 60);
    const got = await fetch(download);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toBe('attachment');
    expect(Buffer.from(await got.arrayBuffer())).toEqual(PDF);
  });

  test('sealing copies the upload to a key its upload URL cannot overwrite', async () => {
    const key = newUploadKey('application/pdf');
    const { url } = await upload(key, PDF);
    const sealed = await storage.seal(key);
    expect(sealed).toBe(`claimed/${key}`);
    // Same size, so the signed PUT would still be accepted by S3.
    const forged = Buffer.from(PDF.toString('latin1').replace('Catalog', 'Evil!!!'), 'latin1');
    expect(forged.length).toBe(PDF.length);
    const again = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: new Uint8Array(forged),
    });
    expect(again.status).toBe(200);
    expect(await storage.readHead(key, 1000)).toEqual(forged);
    expect(await storage.readHead(sealed, 1000)).toEqual(PDF);
    expect(await storage.stat(sealed)).toEqual({
      size: PDF.length,
      contentType: 'application/pdf',
    });
  });

  test('a missing object has no stat and no head', async () => {
    const key = newUploadKey('image/png');
    expect(await storage.stat(key)).toBeNull();
    expect(await storage.readHead(key, 8)).toBeNull();
  });

  test('keyFromUrl reads path-style and virtual-host links of this bucket only', async () => {
    const key = newUploadKey('image/jpeg');
    const { url } = await storage.createUploadUrl({
      key,
      contentType: 'image/jpeg',
      size: 10,
      expiresInSeconds: 60,
    });
    expect(storage.keyFromUrl(url.split('?')[0]!)).toBe(key);
    expect(storage.keyFromUrl(url)).toBe(key);
    // Virtual-host names need a DNS name (a bucket label in front of an IP is no valid URL).
    const named = createS3Storage({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint: 'http://localhost:9000',
    });
    expect(named.keyFromUrl(`http://${BUCKET}.localhost:9000/${key}`)).toBe(key);
    expect(named.keyFromUrl(`http://localhost:9000/${BUCKET}/${key}`)).toBe(key);
    expect(named.keyFromUrl(`http://other.localhost:9000/${key}`)).toBeNull();
    expect(storage.keyFromUrl(`${endpoint}/other-bucket/${key}`)).toBeNull();
    expect(storage.keyFromUrl(`http://example.com/${BUCKET}/${key}`)).toBeNull();
    expect(storage.keyFromUrl(`${endpoint}/${BUCKET}/`)).toBeNull();
    expect(storage.keyFromUrl('nonsense')).toBeNull();

    const aws = createS3Storage({
      bucket: 'tmc-prod',
      region: 'ap-southeast-2',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret',
    });
    expect(aws.keyFromUrl(`https://tmc-prod.s3.ap-southeast-2.amazonaws.com/${key}`)).toBe(key);
    expect(aws.keyFromUrl(`https://s3.ap-southeast-2.amazonaws.com/tmc-prod/${key}`)).toBe(key);
    expect(aws.keyFromUrl(`https://tmc-other.s3.ap-southeast-2.amazonaws.com/${key}`)).toBeNull();
    const signed = await aws.createUploadUrl({
      key,
      contentType: 'image/jpeg',
      size: 10,
      expiresInSeconds: 60,
    });
    expect(aws.keyFromUrl(signed.url.split('?')[0]!)).toBe(key);
  });

  test('an expired URL is refused', async () => {
    const key = newUploadKey('application/pdf');
    const { url } = await storage.createUploadUrl({
      key,
      contentType: 'application/pdf',
      size: PDF.length,
      expiresInSeconds: 1,
    });
    await new Promise((r) => setTimeout(r, 2100));
    const res = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: new Uint8Array(PDF),
    });
    expect(res.status).toBe(403);
    expect(await storage.stat(key)).toBeNull();
  });
});
