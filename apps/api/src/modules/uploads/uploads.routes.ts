import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, envelopeSchema } from '../../lib/envelope.ts';
import type { UploadsService } from './uploads.service.ts';

const bodySchema = z.object({
  fileName: z.string().trim().min(1, 'fileName is required').max(255),
  contentType: z.string().trim().toLowerCase(),
  size: z.coerce.number().int().positive('size must be a positive number of bytes'),
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
