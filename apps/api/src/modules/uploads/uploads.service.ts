import { messages } from '@tmc/shared';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import {
  isUploadContentType,
  newUploadKey,
  SNIFF_BYTES,
  sniffKind,
  type Storage,
} from '../../lib/storage/storage.ts';
import {
  findFileForUpdate,
  insertFile,
  markFileClaimed,
  type ClaimTarget,
} from './uploads.repo.ts';

export type { ClaimTarget };

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const TOO_LARGE_MESSAGE = 'The file is too large: 10 MB at most';
export const UPLOAD_URL_SECONDS = 5 * 60;
/** Signed GET links in list answers: long enough to look at a page of thumbnails. */
export const DOWNLOAD_URL_SECONDS = 10 * 60;

const uploadRule = { name: 'upload-file:ip', limit: 60, windowSeconds: 60 * 60 };

export type FileKind = 'image' | 'pdf';

/** The spec calls file types by kind; clients may also send the MIME type. */
export function fileKindOf(declared: string | null | undefined): FileKind | null {
  const value = (declared ?? '').trim().toLowerCase();
  if (value === 'pdf' || value === 'application/pdf') return 'pdf';
  if (value === 'image' || value.startsWith('image/')) return 'image';
  return null;
}

const kindOfContentType = (contentType: string): FileKind =>
  contentType === 'application/pdf' ? 'pdf' : 'image';

export interface FileToClaim {
  /** The request field, used to name the problem. */
  field: string;
  link: string;
  /** Absent: either kind, as long as the bytes are what the upload declared. */
  kind?: FileKind;
}

export function createUploadsService({
  db,
  storage,
  rateLimiter,
}: {
  db: Db;
  storage: Storage;
  rateLimiter: RateLimiter;
}) {
  return {
    async createUpload(input: { fileName: string; contentType: string; size: number }, ip: string) {
      if (!isUploadContentType(input.contentType))
        throw badRequest(messages.imageOrPdf, { contentType: messages.imageOrPdf });
      if (input.size > MAX_UPLOAD_BYTES)
        throw badRequest(TOO_LARGE_MESSAGE, { size: TOO_LARGE_MESSAGE });
      await rateLimiter.hit(uploadRule, ip);
      const key = newUploadKey(input.contentType);
      await insertFile(db, { key, contentType: input.contentType, size: input.size });
      const { url, expiresAt } = await storage.createUploadUrl({
        key,
        contentType: input.contentType,
        size: input.size,
        expiresInSeconds: UPLOAD_URL_SECONDS,
      });
      return { url, key, expiresAt: expiresAt.toISOString() };
    },

    /**
     * Attaches uploaded files to a purchase or an identity review inside its database
     * transaction: each must be one of our uploads, unclaimed, stored, and really of its declared
     * kind. Returns the storage keys (and kinds) to save on the record.
     */
    async claim(tx: Tx, userId: string, target: ClaimTarget, toClaim: FileToClaim[]) {
      const keys: Record<string, string> = {};
      const kinds: Record<string, FileKind> = {};
      for (const file of toClaim) {
        const problem = (message: string) => badRequest(message, { [file.field]: message });
        const key = storage.keyFromUrl(file.link);
        const row = key ? await findFileForUpdate(tx, key) : undefined;
        if (!key || !row) throw problem(`${file.field}: file not found, please upload it again`);
        if (row.purchaseId || row.identityReviewId)
          throw problem(`${file.field}: this file is already attached to another request`);
        if (!(await storage.stat(key)))
          throw problem(`${file.field}: the upload did not complete, please upload it again`);
        // Checked after sealing, so what was checked is what the purchase keeps.
        const sealed = await storage.seal(key);
        const actual = sniffKind((await storage.readHead(sealed, SNIFF_BYTES)) ?? Buffer.alloc(0));
        const kind = file.kind ?? kindOfContentType(row.contentType);
        if (!actual || kindOfContentType(actual) !== kind)
          throw problem(
            `${file.field}: the file is not a valid ${kind === 'pdf' ? 'pdf' : 'image'}`,
          );
        await markFileClaimed(tx, row.id, userId, target);
        keys[file.field] = sealed;
        kinds[file.field] = kind;
      }
      return { keys, kinds };
    },

    /** The purchase an upload link is attached to (null when unclaimed or unknown); locks its row. */
    async claimedBy(tx: Tx, link: string): Promise<string | null> {
      const key = storage.keyFromUrl(link);
      const row = key ? await findFileForUpdate(tx, key) : undefined;
      return row?.purchaseId ?? null;
    },

    /** A signed GET URL for a stored key that lives `seconds` (identity documents: a minute). */
    signedUrl: (key: string, seconds: number) => storage.createDownloadUrl(key, seconds),

    /** A short-lived signed GET URL for a stored key (files are private). */
    downloadUrl: (key: string | null) =>
      key ? storage.createDownloadUrl(key, DOWNLOAD_URL_SECONDS) : Promise.resolve(null),
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
