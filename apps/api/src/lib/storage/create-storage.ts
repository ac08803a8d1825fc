import path from 'node:path';
import type { Config } from '../../config.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

/** S3 when `S3_BUCKET` is set, otherwise signed URLs served by this API from `DATA_DIR/uploads`. */
export function createStorage(
  config: Pick<Config, 's3' | 'dataDir' | 'publicUrl' | 'jwtSecret'>,
  opts: { baseUrl?: string } = {},
): Storage {
  if (config.s3) return createS3Storage(config.s3);
  return createLocalStorage({
    dir: path.join(config.dataDir, 'uploads'),
    secret: config.jwtSecret,
    baseUrl: opts.baseUrl ?? config.publicUrl,
  });
}
