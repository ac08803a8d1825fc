import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, envelopeSchema } from '../../lib/envelope.ts';
import { anyCasePattern } from '@tmc/shared';
import { uploadExtensions } from '../../lib/storage/storage.ts';
import { MAX_UPLOAD_BYTES, TOO_LARGE_MESSAGE, type UploadsService } from './uploads.service.ts';

const SIZE_MESSAGE = 'size must be a positive number of bytes';

const bodySchema = z.object({
  fileName: z.string().trim().min(1, 'fileName is required').max(255),
  // Any case: the service compares it lower-cased with the types it takes.
  contentType: z
    .string()
    .trim()
    .toLowerCase()
    .meta({ pattern: anyCasePattern(Object.keys(uploadExtensions)) }),
  // A JSON number only: text or a boolean is not silently read as one.
  size: z
    .number({ error: SIZE_MESSAGE })
    .int(SIZE_MESSAGE)
    .positive(SIZE_MESSAGE)
    .max(MAX_UPLOAD_BYTES, TOO_LARGE_MESSAGE),
});

const answerSchema = z.object({ url: z.string(), key: z.string(), expiresAt: z.string() });

export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (
  app,
  { uploads },
) => {
  app.post(
    '/upload-file',
    {
      schema: {
        tags: ['uploads'],
        summary: 'A signed URL to PUT one file to (5 minutes; images or pdf, 10 MiB at most)',
        body: bodySchema,
        response: { 200: envelopeSchema(answerSchema) },
      },
    },
    async (req) =>
      envelope(200, await uploads.createUpload(req.body, req.ip), 'Upload URL created'),
  );
};
