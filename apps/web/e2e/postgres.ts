import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A throwaway PostgreSQL cluster for the site under test, so browser tests can look at and age
 * data (e.g. move an earning past its hold period) the way only time could otherwise.
 */
export function startThrowawayPostgres(port: number) {
  const bins = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql') : [];
  const version = bins.sort((a, b) => Number(b) - Number(a))[0];
  if (!version)
    throw new Error('The browser suite needs PostgreSQL (apt-get install -y postgresql)');
  const bin = `/usr/lib/postgresql/${version}/bin`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tmc-e2e-pg-'));
  const root = process.getuid?.() === 0;
  const run = (command: string) =>
    root ? execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', command]) : execSync(command);
  if (root) execFileSync('chown', ['postgres', dir]);
  run(`${bin}/initdb -D ${dir} -A trust -U postgres > /dev/null`);
  run(
    `${bin}/pg_ctl -D ${dir} -l ${dir}/server.log -o '-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off' -w start > /dev/null`,
  );
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      run(`${bin}/pg_ctl -D ${dir} -m fast stop > /dev/null`);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
