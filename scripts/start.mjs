// `npm start`: build what is out of date, then run the server (API + SPA on one port).
import fs from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(root, ...p);

function newest(paths) {
  let latest = 0;
  const walk = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) for (const entry of fs.readdirSync(p)) walk(path.join(p, entry));
    else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach(walk);
  return latest;
}

const stale = (output, inputs) =>
  !fs.existsSync(output) || fs.statSync(output).mtimeMs < newest(inputs);
const shared = [at('packages/shared/src'), at('package-lock.json')];

if (
  stale(at('apps/web/dist/index.html'), [
    at('apps/web/src'),
    at('apps/web/public'),
    at('apps/web/index.html'),
    at('apps/web/vite.config.ts'),
    ...shared,
  ])
) {
  console.log('Building the web app…');
  // A production build whatever the server's NODE_ENV: a development React is many times slower.
  execSync('npm run build -w apps/web', {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
if (stale(at('apps/api/dist/server.js'), [at('apps/api/src'), ...shared])) {
  console.log('Building the API…');
  execSync('npm run build -w apps/api', { cwd: root, stdio: 'inherit' });
}

await import(at('apps/api/dist/server.js'));
