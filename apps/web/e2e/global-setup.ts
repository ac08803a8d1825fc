import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { stopChild } from '../../api/test/child-process.ts';
import { freePort } from '../../api/test/throwaway-postgres.ts';
import { startMailCatcher } from './mail-catcher.ts';
import { startThrowawayPostgres } from './postgres.ts';
import { STAFF } from './staff.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

async function waitUntilReady(url: string, server: ChildProcess, log: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The site exited during start-up:\n${log()}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The site did not become ready:\n${log()}`);
}

/** Runs the site as `npm start` does, on a free port with its own data, PostgreSQL and a real SMTP catcher. */
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tmc-e2e-'));
  const mail = await startMailCatcher(path.join(dataDir, 'mail'));
  const postgres = process.env.E2E_DATABASE_URL
    ? undefined
    : startThrowawayPostgres(await freePort());
  const databaseUrl = process.env.E2E_DATABASE_URL ?? postgres!.url;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      SMTP_URL: mail.url,
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: STAFF.email,
      ADMIN_PASSWORD: STAFF.password,
      ADMIN_TOTP_SECRET: STAFF.totpSecret,
      LOG_LEVEL: 'warn',
      // Each visitor the suite plays sends its own X-Forwarded-For (browser.ts visitorAddress).
      TRUST_PROXY: 'loopback',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr.on('data', (d: Buffer) => (output += d.toString()));
  try {
    await waitUntilReady(baseUrl, server, () => output);
  } catch (err) {
    server.kill('SIGKILL');
    await mail.stop();
    postgres?.stop();
    throw err;
  }
  const chainPort = Number(/RPC URL\s+http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1]);

  project.provide('baseUrl', baseUrl);
  project.provide('mailDir', mail.dir);
  project.provide('dataDir', dataDir);
  project.provide('databaseUrl', databaseUrl);

  return async () => {
    await stopChild(server);
    await mail.stop();
    postgres?.stop();
    // Stopping the site must leave nothing running: neither the server nor its dev chain.
    const leftovers = [port, chainPort].filter(Boolean);
    for (const p of leftovers)
      if (await portOpen(p)) throw new Error(`Port ${p} still answers after the site stopped`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailDir: string;
    dataDir: string;
    databaseUrl: string;
  }
}
