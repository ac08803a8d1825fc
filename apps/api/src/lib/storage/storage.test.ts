import { describe, expect, test } from 'vitest';
import { createStorage } from './create-storage.ts';
import { isUploadContentType, newUploadKey, sniffKind } from './storage.ts';

const bytes = (...values: (number | string)[]) =>
  Buffer.concat(
    values.map((v) => (typeof v === 'string' ? Buffer.from(v, 'latin1') : Buffer.from([v]))),
  );

describe('sniffKind', () => {
  test('recognises each allowed kind by its magic bytes', () => {
    expect(sniffKind(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 'JFIF'))).toBe('image/jpeg');
    expect(sniffKind(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d))).toBe('image/png');
    expect(sniffKind(bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffKind(bytes('%PDF-1.7\n'))).toBe('application/pdf');
  });

  test('anything else, or too few bytes, is null', () => {
    expect(sniffKind(Buffer.alloc(0))).toBeNull();
    expect(sniffKind(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffKind(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a))).toBeNull();
    expect(sniffKind(bytes('RIFF', 0, 0, 0, 0, 'WAVEfmt '))).toBeNull();
    expect(sniffKind(bytes('RIFF', 0, 0, 0, 0, 'WEB'))).toBeNull();
    expect(sniffKind(bytes('%PDF'))).toBeNull();
    expect(sniffKind(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffKind(bytes('GIF89a'))).toBeNull();
  });
});

describe('newUploadKey', () => {
  test('makes a dated, unique key with the extension of the type', () => {
    const at = new Date('2026-11-03T10:00:00Z');
    const key = newUploadKey('image/jpeg', at);
    expect(key).toMatch(/^uploads\/2026\/11\/[0-9a-f-]{36}\.jpg$/);
    expect(newUploadKey('image/jpeg', at)).not.toBe(key);
    expect(newUploadKey('image/png', at)).toMatch(/\.png$/);
    expect(newUploadKey('image/webp', at)).toMatch(/\.webp$/);
    expect(newUploadKey('application/pdf', at)).toMatch(/\.pdf$/);
  });

  test('only the four upload types are allowed', () => {
    expect(
      ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'].every(isUploadContentType),
    ).toBe(true);
    expect(isUploadContentType('image/svg+xml')).toBe(false);
    expect(isUploadContentType('toString')).toBe(false);
  });
});

describe('createStorage', () => {
  const base = {
    dataDir: '/tmp/tmc-data',
    publicUrl: 'http://localhost:3000',
    jwtSecret: 'x'.repeat(32),
  };

  test('local files unless S3 is configured', () => {
    expect(createStorage({ ...base, s3: undefined }).kind).toBe('local');
    const s3 = {
      bucket: 'b',
      region: 'eu-west-1',
      endpoint: undefined,
      accessKeyId: 'a',
      secretAccessKey: 's',
    };
    expect(createStorage({ ...base, s3 }).kind).toBe('s3');
  });
});
