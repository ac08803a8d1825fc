import type { ChildProcess } from 'node:child_process';

/** Stops a child process with SIGTERM and waits until it has exited (at once when it has already). */
export async function stopChild(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
