import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { keyAfterPrefix, type Storage } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
}

const statusOf = (err: unknown) =>
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

const isNotFound = (err: unknown) =>
  statusOf(err) === 404 ||
  ['NotFound', 'NoSuchKey'].includes((err as { name?: string }).name ?? '');

export function createS3Storage(o: S3StorageOptions): Storage & { readonly client: S3Client } {
  const client = new S3Client({
    region: o.region,
    endpoint: o.endpoint,
    // S3-compatible servers rarely have per-bucket DNS names.
    forcePathStyle: Boolean(o.endpoint),
    credentials:
      o.accessKeyId && o.secretAccessKey
        ? { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey }
        : undefined,
    // Otherwise presigned PUTs carry a checksum of an empty body and the browser's upload is refused.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = o.bucket;

  // Where links to this bucket may point: path-style and virtual-host URLs.
  const prefixes = (() => {
    if (o.endpoint) {
      const endpoint = new URL(o.endpoint);
      const base = endpoint.pathname.replace(/\/+$/, '');
      return [
        `${endpoint.origin}${base}/${Bucket}/`,
        `${endpoint.protocol}//${Bucket}.${endpoint.host}${base}/`,
      ];
    }
    return [
      `https://${Bucket}.s3.${o.region}.amazonaws.com/`,
      `https://${Bucket}.s3.amazonaws.com/`,
      `https://s3.${o.region}.amazonaws.com/${Bucket}/`,
      `https://s3.amazonaws.com/${Bucket}/`,
    ];
  })();

  return {
    kind: 's3',
    client,

    async createUploadUrl({ key, contentType, size, expiresInSeconds }) {
      const command = new PutObjectCommand({
        Bucket,
        Key: key,
        ContentType: contentType,
        ContentLength: size,
      });
      const url = await getSignedUrl(client, command, {
        expiresIn: expiresInSeconds,
        // Signed, so the client must send exactly the declared type and size.
        signableHeaders: new Set(['content-type', 'content-length']),
      });
      return { url, expiresAt: new Date(Date.now() + expiresInSeconds * 1000) };
    },

    createDownloadUrl(key, expiresInSeconds) {
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        // Never shown as a page; the bucket's own origin keeps it away from the site's in any case.
        ResponseContentDisposition: 'attachment',
      });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds });
    },

    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return {
          size: head.ContentLength ?? 0,
          contentType: head.ContentType ?? 'application/octet-stream',
        };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    async readHead(key, bytes) {
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${bytes - 1}` }),
        );
        if (!object.Body) return Buffer.alloc(0);
        // A server that ignores Range sends everything: keep only what was asked for.
        return Buffer.from(await object.Body.transformToByteArray()).subarray(0, bytes);
      } catch (err) {
        if (isNotFound(err)) return null;
        // An empty object has no byte 0.
        if (statusOf(err) === 416) return Buffer.alloc(0);
        throw err;
      }
    },

    // An upload URL stays valid for minutes and S3 lets it overwrite: the claimed copy has no URL.
    async seal(key) {
      const sealed = `claimed/${key}`;
      const source = `${Bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
      await client.send(new CopyObjectCommand({ Bucket, Key: sealed, CopySource: source }));
      return sealed;
    },

    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    keyFromUrl(link) {
      return keyAfterPrefix(link, prefixes) || null;
    },
  };
}
