import { count, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { files, purchases, users } from '../src/db/schema/index.ts';
import { freshIp } from './auth-helpers.ts';

export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2]);
export const PDF = Buffer.from('%PDF-1.4\n% a tiny test file\n');
export const TEXT = Buffer.from('just some text, not an image at all');

/** Asks for an upload URL and PUTs the bytes there, as the browser does; answers the stored link. */
export async function upload(
  app: FastifyInstance,
  { contentType = 'image/png', bytes = PNG }: { contentType?: string; bytes?: Buffer } = {},
) {
  const ip = freshIp();
  const ticket = await app.inject({
    method: 'POST',
    url: '/v1/upload-file',
    remoteAddress: ip,
    payload: { fileName: 'file', contentType, size: bytes.length },
  });
  expect(ticket.statusCode, ticket.body).toBe(200);
  const { url, key } = ticket.json<{ data: { url: string; key: string } }>().data;
  const { pathname, search } = new URL(url);
  const put = await app.inject({
    method: 'PUT',
    url: pathname + search,
    remoteAddress: ip,
    headers: { 'content-type': contentType },
    payload: bytes,
  });
  expect(put.statusCode, put.body).toBe(200);
  return { link: url.split('?')[0]!, key };
}

/** GETs a signed URL of ours through the app. */
export function fetchFile(app: FastifyInstance, url: string) {
  const { pathname, search } = new URL(url);
  return app.inject({ method: 'GET', url: pathname + search });
}

export async function audBankId(app: FastifyInstance) {
  const res = await app.inject({ method: 'GET', url: '/v1/bank/getBankDetailsByCurrency/AUD' });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { _id: string }[] }>().data[0]!._id;
}

/** 500 EUR at the seeded 0.60 EUR per AUD: A$833.33 on the server, 833.3333 on screen. */
export const bankBody = (
  bankId: string,
  receiptUrl: string,
  extra: Record<string, unknown> = {},
) => ({
  investmentAmount: '833.3333',
  currency: 'AUD',
  userCurrency: 'EUR',
  userAmount: '500',
  receiptUrl,
  receiptType: 'image',
  bankId,
  ...extra,
});

/** The same order without its receipt, as POST /v1/purchase/bank-order takes it. */
export const bankOrderBody = (bankId: string, extra: Record<string, unknown> = {}) => {
  const { receiptUrl: _url, receiptType: _type, ...body } = bankBody(bankId, '');
  return { ...body, ...extra };
};

export async function counts(db: Db) {
  const [p] = await db.select({ n: count() }).from(purchases);
  const [f] = await db.select({ n: count() }).from(files).where(isNotNull(files.purchaseId));
  const [u] = await db.select({ n: count() }).from(users);
  return { purchases: p!.n, claimedFiles: f!.n, users: u!.n };
}

export const REFERENCE = /^TMC-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/;
