import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The API's folder: the benchmarks start its processes there, as `npm start` does. */
export const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/api');
export const JWT_SECRET = 'bench-secret-that-is-long-enough-for-production-use';

const children: ChildProcess[] = [];

/** Starts `node <args>` in the API's folder and waits until `url` answers 2xx (2 minutes at most). */
export async function startProcess(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  url: string,
) {
  const child = spawn(process.execPath, args, {
    cwd: apiDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let errors = '';
  child.stderr.on('data', (d: Buffer) => (errors += d.toString()));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited:\n${errors}`);
    try {
      if ((await fetch(url)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} did not start:\n${errors}`);
}

/** Stops every process {@link startProcess} started and has not stopped yet. */
export function stopProcesses() {
  for (const child of children.splice(0)) child.kill('SIGTERM');
}
