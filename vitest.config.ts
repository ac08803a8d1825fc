import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/{src,test}/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          // Every answer the suite receives is checked against the API document.
          setupFiles: ['apps/api/test/openapi-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Files share the worker's database (reset between files), so keep modules across files.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/vitest.setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
