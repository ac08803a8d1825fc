import { createHmac, hkdfSync, randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { messages } from '@tmc/shared';
import { AppError, badRequest, forbidden, notFound } from '../errors.ts';
import type { RateLimiter, RateLimitRule } from '../rate-limit.ts';
import { fileAnswer, type OpenApiExtras } from '../openapi.ts';
import {
  keyAfterPrefix,
  matchesDeclaredKind,
  SNIFF_BYTES,
  uploadExtensions,
  type Storage,
} from './storage.ts';

type Op = 'put' | 'get';

export interface LocalStorage extends Storage {
  readonly kind: 'local';
  /** Checks a signed URL's query for `op` on `key`; throws 403 unless it is ours and unexpired. */
  authorize(op: Op, key: string, query: unknown): { contentType: string; maxBytes: number };
  /**
   * Streams `body` into place atomically, once: throws (and keeps nothing) 413 past `maxBytes`,
   * 400 when its first bytes are not of `contentType`'s kind, 409 when the key already holds a file.
   */
  save(key: string, contentType: string, body: Readable, maxBytes: number): Promise<void>;
  open(key: string): Promise<{ stream: Readable; size: number; contentType: string } | null>;
}

const META = '.meta.json';
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Segments may not start with a dot: that rules out `..` and keeps `.tmp` out of reach. */
const isSafeKey = (key: string) =>
  key.length > 0 &&
  key.length <= 512 &&
  !key.endsWith(META) &&
  key.split('/').every((s) => SEGMENT.test(s));

const tooLarge = () =>
  new AppError(413, 'The file is larger than allowed', undefined, { connection: 'close' });

const wrongType = () => badRequest(messages.imageOrPdf, { file: messages.imageOrPdf });

const alreadyUploaded = () =>
  new AppError(409, 'This upload link was already used: ask for a new one');

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

export function createLocalStorage(o: {
  dir: string;
  secret: string;
  baseUrl: string;
}): LocalStorage {
  const root = path.resolve(o.dir);
  const tmpDir = path.join(root, '.tmp');
  const baseUrl = o.baseUrl.replace(/\/+$/, '');
  const filesBase = new URL(`${baseUrl}/files/`);
  // A key of its own, so a leaked URL signature says nothing about the JWT secret.
  const signingKey = Buffer.from(
    hkdfSync('sha256', o.secret, 'tmc-storage', 'local file urls', 32),
  );

  const sign = (fields: [Op, string, string, string, string]) =>
    createHmac('sha256', signingKey).update(JSON.stringify(fields)).digest();

  const fileFor = (key: string) => {
    if (!isSafeKey(key)) throw badRequest('Invalid file key');
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw forbidden('Invalid file key');
    return file;
  };

  const signedUrl = (
    op: Op,
    key: string,
    expiresInSeconds: number,
    contentType = '',
    maxBytes = '',
  ) => {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    const exp = String(Math.floor(Date.now() / 1000) + Math.floor(expiresInSeconds));
    const sig = sign([op, key, exp, contentType, maxBytes]).toString('hex');
    const params = new URLSearchParams(
      op === 'put' ? { op, exp, ct: contentType, max: maxBytes, sig } : { op, exp, sig },
    );
    return {
      url: `${baseUrl}/files/${key}?${params.toString()}`,
      expiresAt: new Date(Number(exp) * 1000),
    };
  };

  const readMeta = async (file: string): Promise<{ contentType: string } | null> => {
    try {
      return JSON.parse(await fs.promises.readFile(file + META, 'utf8')) as { contentType: string };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  };

  const statFile = async (key: string) => {
    const file = fileFor(key);
    const meta = await readMeta(file);
    if (!meta) return null;
    try {
      const { size } = await fs.promises.stat(file);
      return { file, size, contentType: meta.contentType };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  };

  return {
    kind: 'local',

    createUploadUrl({ key, contentType, size, expiresInSeconds }) {
      return Promise.resolve().then(() =>
        signedUrl('put', key, expiresInSeconds, contentType, String(size)),
      );
    },

    createDownloadUrl(key, expiresInSeconds) {
      return Promise.resolve().then(() => signedUrl('get', key, expiresInSeconds).url);
    },

    async stat(key) {
      const found = await statFile(key);
      return found && { size: found.size, contentType: found.contentType };
    },

    async readHead(key, bytes) {
      const found = await statFile(key);
      if (!found) return null;
      const handle = await fs.promises.open(found.file, 'r');
      try {
        const buffer = Buffer.alloc(Math.min(bytes, found.size));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },

    keyFromUrl(link) {
      const key = keyAfterPrefix(link, [`${filesBase.origin}${filesBase.pathname}`]);
      return key !== null && isSafeKey(key) ? key : null;
    },

    authorize(op, key, query) {
      fileFor(key);
      const q = (query ?? {}) as Record<string, unknown>;
      const field = (name: string) => (typeof q[name] === 'string' ? q[name] : '');
      const exp = field('exp');
      const contentType = op === 'put' ? field('ct') : '';
      const max = op === 'put' ? field('max') : '';
      const sig = field('sig');
      if (
        field('op') !== op ||
        !/^\d+$/.test(exp) ||
        (op === 'put' && !/^\d+$/.test(max)) ||
        !/^[0-9a-f]{64}$/.test(sig)
      )
        throw forbidden('Invalid or missing signature');
      if (!timingSafeEqual(Buffer.from(sig, 'hex'), sign([op, key, exp, contentType, max])))
        throw forbidden('Invalid or missing signature');
      if (Date.now() / 1000 > Number(exp)) throw forbidden('This link has expired');
      return { contentType, maxBytes: Number(max) };
    },

    async save(key, contentType, body, maxBytes) {
      const file = fileFor(key);
      await fs.promises.mkdir(tmpDir, { recursive: true });
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const tmp = path.join(tmpDir, randomUUID());
      let received = 0;
      let head: Buffer | undefined = Buffer.alloc(0);
      let refused: AppError | null = null;
      // Wrong first bytes: nothing more is written, and the rest is read (up to the signed size)
      // so the browser gets the answer instead of a cut connection.
      const checkHead = () => {
        if (!matchesDeclaredKind(head!, contentType)) refused = wrongType();
        head = undefined;
      };
      const check = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          received += chunk.length;
          if (received > maxBytes) return callback(tooLarge());
          if (head) {
            head = Buffer.concat([head, chunk]).subarray(0, SNIFF_BYTES);
            if (head.length === SNIFF_BYTES) checkHead();
          }
          callback(null, refused ? undefined : chunk);
        },
        flush(callback) {
          if (head) checkHead();
          callback(refused);
        },
      });
      try {
        await pipeline(body, check, fs.createWriteStream(tmp, { flags: 'wx' }));
        await fs.promises.writeFile(tmp + META, JSON.stringify({ contentType }));
        // Data first, then its metadata: readers see no object until both are in place. A link
        // (unlike a rename) fails if the key exists, so a file, once there, is never replaced.
        await fs.promises.link(tmp, file).catch((err: NodeJS.ErrnoException) => {
          throw err.code === 'EEXIST' ? alreadyUploaded() : err;
        });
        await fs.promises.rm(tmp);
        await fs.promises.rename(tmp + META, file + META);
      } catch (err) {
        await fs.promises.rm(tmp, { force: true });
        await fs.promises.rm(tmp + META, { force: true });
        if (err instanceof AppError) throw err;
        if ((err as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE')
          throw badRequest('The upload was interrupted');
        throw err;
      }
    },

    seal: (key) => Promise.resolve(key),

    async remove(key) {
      const file = fileFor(key);
      // Metadata first: a reader sees no object from then on.
      await fs.promises.rm(file + META, { force: true });
      await fs.promises.rm(file, { force: true });
    },

    async open(key) {
      const found = await statFile(key);
      if (!found) return null;
      return {
        stream: fs.createReadStream(found.file),
        size: found.size,
        contentType: found.contentType,
      };
    },
  };
}

const isLocalStorage = (storage: Storage): storage is LocalStorage =>
  storage.kind === 'local' && 'authorize' in storage;

const keyParam = (request: FastifyRequest) =>
  (request.params as Record<string, string | undefined>)['*'] ?? '';

/** The document states the keys this API makes (`uploads/<yyyy>/<mm>/<uuid>.<ext>`), which tools can match. */
const fileParams = {
  type: 'object',
  properties: {
    year: { type: 'string', pattern: '^[0-9]{4}$' },
    month: { type: 'string', pattern: '^[0-9]{2}$' },
    name: { type: 'string', pattern: '^[A-Za-z0-9_-][A-Za-z0-9._-]*$', maxLength: 200 },
  },
  required: ['year', 'month', 'name'],
};
const signature = {
  exp: { type: 'string', pattern: '^[0-9]+$', description: 'Expiry, seconds since 1970' },
  sig: { type: 'string', pattern: '^[0-9a-f]{64}$', description: 'HMAC of the grant' },
};
const fileTypes = Object.keys(uploadExtensions);
const FILES_PATH = '/files/uploads/{year}/{month}/{name}';

const uploadDoc: OpenApiExtras = {
  path: FILES_PATH,
  params: fileParams,
  querystring: {
    type: 'object',
    properties: {
      op: { type: 'string', enum: ['put'] },
      ...signature,
      ct: { type: 'string', enum: fileTypes, description: 'The content type the upload must have' },
      max: { type: 'string', pattern: '^[0-9]+$', description: 'The most bytes allowed' },
    },
    required: ['op', 'exp', 'ct', 'max', 'sig'],
  },
  body: { type: 'string', format: 'binary' },
  consumes: fileTypes,
  answers: { 200: { description: 'Stored' } },
  errors: [403, 409, 413, 415],
};

const downloadDoc: OpenApiExtras = {
  path: FILES_PATH,
  params: fileParams,
  querystring: {
    type: 'object',
    properties: { op: { type: 'string', enum: ['get'] }, ...signature },
    required: ['op', 'exp', 'sig'],
  },
  answers: { 200: fileAnswer('The file, as a download', fileTypes) },
  errors: [403, 404],
};

const uploadsPerIp: RateLimitRule = { name: 'files:put:ip', limit: 60, windowSeconds: 600 };

export interface LocalFileRoutesOptions {
  storage: Storage;
  /** Limits uploads per IP (counted only once a signature checks out). */
  rateLimiter?: Pick<RateLimiter, 'hit'>;
}

/**
 * Serves the signed URLs of the local driver: `PUT /files/*` and `GET /files/*`.
 * Registers nothing when the storage is S3, so it can always be registered.
 */
export const localFileRoutes: FastifyPluginCallback<LocalFileRoutesOptions> = (
  app,
  { storage, rateLimiter },
  done,
) => {
  if (!isLocalStorage(storage)) return done();

  // Uploads are raw bytes of any type, streamed to disk: no parsing, no buffering (this scope only).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, parsed) => parsed(null, payload));

  const tags = ['files'];
  const putOptions = {
    schema: {
      tags,
      summary: 'Upload the bytes of a file to its signed URL (POST /v1/upload-file)',
    },
    config: { openapi: uploadDoc },
  };
  app.put('/files/*', putOptions, async (request, reply) => {
    const key = keyParam(request);
    const grant = storage.authorize('put', key, request.query);
    await rateLimiter?.hit(uploadsPerIp, request.ip);
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== grant.contentType)
      throw new AppError(415, `Content-Type must be ${grant.contentType}`);
    const declared = request.headers['content-length'];
    if (declared !== undefined && Number(declared) > grant.maxBytes) throw tooLarge();
    const body = request.body instanceof Readable ? request.body : Readable.from([]);
    await storage.save(key, grant.contentType, body, grant.maxBytes);
    return reply.code(200).send();
  });

  const getOptions = {
    schema: { tags, summary: 'Download a stored file through its signed URL' },
    config: { openapi: downloadDoc },
  };
  app.get('/files/*', getOptions, async (request, reply) => {
    const key = keyParam(request);
    storage.authorize('get', key, request.query);
    const file = await storage.open(key);
    if (!file) throw notFound('File not found');
    // A file from a buyer must never run as a page of this origin: <img> still shows images.
    return reply
      .header('content-type', file.contentType)
      .header('content-length', file.size)
      .header('cache-control', 'private, max-age=300')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'attachment')
      .header('content-security-policy', 'sandbox')
      .send(file.stream);
  });

  done();
};
