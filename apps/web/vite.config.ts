import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { siteUrl } from './build/site-url.ts';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  // Pinned so the config works both from the repo root (--config) and from apps/web.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), siteUrl(), precompress()],
  server: {
    proxy: {
      '/v1': api,
      '/files': api,
      '/healthz': api,
      '/readyz': api,
      '/docs': api,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The white paper viewer (pdf.js) is one deliberately large chunk, loaded by /white-paper only.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The framework changes less often than the app: its own file stays cached across deploys.
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
