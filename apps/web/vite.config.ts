import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { prerender } from './build/prerender.ts';
import { siteUrl } from './build/site-url.ts';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const api = 'http://127.0.0.1:3000';
// Pinned so the config works both from the repo root (--config) and from apps/web.
const root = fileURLToPath(new URL('.', import.meta.url));
const clientOutDir = fileURLToPath(new URL('dist', import.meta.url));

/*
 * `vite build` makes the browser app in dist; `vite build --ssr src/app/entry-server.tsx`
 * then renders the public pages of that build to HTML (build/prerender.ts).
 */
const ssrBuild = defineConfig({
  root,
  plugins: [react(), prerender(clientOutDir)],
  build: { outDir: 'dist-server', emptyOutDir: true, target: 'node20' },
});

const clientBuild = defineConfig({
  root,
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
    // Which chunks each page loads: read by `npm run bench:web` and when trimming the home page.
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The framework changes less often than the app: its own file stays cached across deploys.
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
            },
          ],
        },
      },
    },
  },
});

export default defineConfig((env) => (env.isSsrBuild ? ssrBuild : clientBuild));
