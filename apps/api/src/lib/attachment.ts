import type { FastifyReply } from 'fastify';

/**
 * Answers a file to download: its type, `Content-Disposition: attachment` with its name, and
 * `Cache-Control: no-store` (staff exports and a buyer's own files are never kept by a cache).
 */
export const sendAttachment = (
  reply: FastifyReply,
  file: { type: string; fileName: string; body: unknown },
) =>
  reply
    .type(file.type)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
