// `npm run bench:web`: Lighthouse (mobile, performance) on "/" and the JavaScript "/" loads
// before any interaction, against the real site as `npm start` runs it. Fails over budget.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'apps/web/package.json'));

const MIN_SCORE = 95;
const MAX_JS_KB = 150;
// Lighthouse varies from run to run on a busy machine; the median of a few runs is the figure.
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function startSite() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tmc-bench-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (d) => (output += d));
  server.stderr.on('data', (d) => (output += d));

  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`The site did not start:\n${output}`);
}

function lighthouseScore(url) {
  const cli = require.resolve('lighthouse/cli/index.js');
  let json;
  try {
    json = execFileSync(
      process.execPath,
      [
        cli,
        url,
        '--only-categories=performance',
        '--output=json',
        '--quiet',
        `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
      ],
      {
        env: { ...process.env, CHROME_PATH: CHROMIUM },
        maxBuffer: 64 * 1024 * 1024,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
  } catch (error) {
    const reason = error.stderr?.toString().trim().split('\n')[0] || error.message;
    throw new Error(`Lighthouse failed: ${reason}`);
  }
  const report = JSON.parse(json.toString());
  const audit = (id) => report.audits[id]?.displayValue ?? '-';
  return {
    score: Math.round(report.categories.performance.score * 100),
    detail: `FCP ${audit('first-contentful-paint')}, LCP ${audit('largest-contentful-paint')}, TBT ${audit('total-blocking-time')}, CLS ${audit('cumulative-layout-shift')}, SI ${audit('speed-index')}`,
  };
}

/** Gzipped bytes of every script "/" loads until the network is idle, with no interaction. */
async function initialJavaScript(url) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  try {
    // Ask for gzip only, so a compressed transfer is directly the figure we want.
    const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });
    const page = await context.newPage();
    const scripts = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    // A page that never rendered would make any figure meaningless.
    await page.locator('h1').first().waitFor({ timeout: 15_000 });
    await page.waitForTimeout(1000);

    const files = [];
    for (const response of scripts) {
      const body = await response.body();
      const gzipped = response.headers()['content-encoding'] === 'gzip';
      const size = gzipped
        ? (await response.request().sizes()).responseBodySize
        : zlib.gzipSync(body, { level: 9 }).length;
      files.push({ name: new URL(response.url()).pathname, size });
    }
    return files;
  } finally {
    await browser.close();
  }
}

const kb = (bytes) => (bytes / 1000).toFixed(1);

/**
 * Always a fresh production build: start.mjs would rebuild a stale app under the server's
 * NODE_ENV=development, which bundles React's development build and skews every figure.
 */
function buildWeb() {
  console.log('Building the web app…');
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

buildWeb();
let site = await startSite();
let failed = false;
try {
  const files = await initialJavaScript(`${site.url}/`);
  const total = files.reduce((sum, file) => sum + file.size, 0);
  for (const file of files) console.log(`  ${kb(file.size).padStart(7)} KB gz  ${file.name}`);
  console.log(
    `JavaScript loaded by / before interaction: ${kb(total)} KB gzipped (budget ${MAX_JS_KB} KB)`,
  );
  if (total > MAX_JS_KB * 1000) failed = true;

  const scores = [];
  for (let run = 1; scores.length < RUNS; run++) {
    try {
      const { score, detail } = lighthouseScore(`${site.url}/`);
      scores.push(score);
      console.log(`  Lighthouse run ${scores.length}: ${score} (${detail})`);
    } catch (error) {
      // Typically the build was replaced under the running server; a restart reloads it.
      if (run >= RUNS + 2) throw error;
      console.log(`  ${error.message}; restarting the site and running again`);
      await site.stop();
      site = await startSite();
    }
  }
  const median = scores.sort((a, b) => a - b)[Math.floor(scores.length / 2)];
  console.log(
    `Lighthouse performance (mobile) on /: ${median} (median of ${RUNS}, minimum ${MIN_SCORE})`,
  );
  if (median < MIN_SCORE) failed = true;
} catch (error) {
  console.error(error.message);
  failed = true;
} finally {
  await site.stop();
}
if (failed) {
  console.error('Over budget or not measured.');
  process.exitCode = 1;
}
