import { randomUUID } from 'node:crypto';

/** Where uploaded files live; every feature goes through this and never through a driver. */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** A URL the client PUTs the bytes to, with exactly this content type and at most `size` bytes. */
  createUploadUrl(o: {
    key: string;
    contentType: string;
    size: number;
    expiresInSeconds: number;
  }): Promise<{ url: string; expiresAt: Date }>;
  createDownloadUrl(key: string, expiresInSeconds: number): Promise<string>;
  /** null when no object has been stored under `key`. */
  stat(key: string): Promise<{ size: number; contentType: string } | null>;
  /** The first `bytes` bytes (fewer if the object is shorter); null when there is no object. */
  readHead(key: string, bytes: number): Promise<Buffer | null>;
  /** A stored link (a signed URL without its query string) back to its key; null if it is not one of ours. */
  keyFromUrl(link: string): string | null;
  /**
   * The key under which an uploaded object can no longer be replaced through its upload URL:
   * the same key where the upload URL cannot overwrite, otherwise a copy under a new key.
   */
  seal(key: string): Promise<string>;
  /** Deletes the object (nothing happens when there is none). */
  remove(key: string): Promise<void>;
}

export const uploadExtensions = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
} as const;

export type UploadContentType = keyof typeof uploadExtensions;

export const isUploadContentType = (value: string): value is UploadContentType =>
  Object.hasOwn(uploadExtensions, value);

/** Keys are made here, never by the client: `uploads/<yyyy>/<mm>/<uuid>.<ext>`. */
export function newUploadKey(contentType: UploadContentType, now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `uploads/${now.getUTCFullYear()}/${month}/${randomUUID()}.${uploadExtensions[contentType]}`;
}

const startsWith = (head: Buffer, bytes: number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The real kind of a file from its first bytes (12 are enough), whatever the client declared. */
export function sniffKind(head: Buffer): UploadContentType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(head, ascii('%PDF-'))) return 'application/pdf';
  return null;
}

/** How many first bytes `sniffKind` needs. */
export const SNIFF_BYTES = 12;

/** Whether a file's first bytes are of its declared type's kind (a JPEG named .png is still an image). */
export function matchesDeclaredKind(head: Buffer, declared: string): boolean {
  const actual = sniffKind(head);
  if (!actual || !isUploadContentType(declared)) return false;
  return (actual === 'application/pdf') === (declared === 'application/pdf');
}

/**
 * The key a link names: what follows the first of `prefixes` (origin and path) it starts with,
 * URL-decoded; null for a link that is not a URL, under none of them, or badly encoded.
 */
export function keyAfterPrefix(link: string, prefixes: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  const address = `${url.origin}${url.pathname}`;
  const prefix = prefixes.find((p) => address.startsWith(p));
  if (prefix === undefined) return null;
  try {
    return decodeURIComponent(address.slice(prefix.length));
  } catch {
    return null;
  }
}
