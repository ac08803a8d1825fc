import { createRequire } from 'node:module';
import os from 'node:os';
import { Worker } from 'node:worker_threads';

/** What each argon2 thread runs: one job at a time, answered when done (Argon2id is algorithm 2). */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const argon2 = require(workerData.argon2);
parentPort.on('message', ({ password, hash }) => {
  try {
    parentPort.postMessage({
      result: hash === undefined ? argon2.hashSync(password, { algorithm: 2 }) : argon2.verifySync(hash, password),
    });
  } catch (err) {
    parentPort.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
});`;

interface Job {
  password: string;
  /** Verify against this hash; hash the password without it. */
  hash?: string;
  resolve(result: string | boolean): void;
  reject(err: Error): void;
}

/**
 * argon2 on `size` threads of its own, each taking the next waiting job, the most recently used
 * first. Each computation takes a core and 19 MiB: on libuv's four threads, even two at a time,
 * a login cost a tenth more CPU than on the same two threads every time (their memory stays
 * warm), and the libuv pool stays free for files and DNS. A thread that dies fails its job only;
 * the next job starts another.
 */
export function createArgon2Threads(size: number) {
  const argon2 = createRequire(import.meta.url).resolve('@node-rs/argon2');
  const idle: Worker[] = [];
  const waiting: Job[] = [];
  const running = new Map<Worker, Job>();
  // Every thread is idle or running a job.
  const threads = () => idle.length + running.size;

  function run(worker: Worker, job: Job) {
    running.set(worker, job);
    worker.ref();
    worker.postMessage({ password: job.password, hash: job.hash });
  }

  function next(worker: Worker) {
    const job = waiting.shift();
    if (job) return run(worker, job);
    worker.unref();
    idle.push(worker);
  }

  function start() {
    const worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { argon2 } });
    worker.on('message', (answer: { result: string | boolean } | { error: string }) => {
      const job = running.get(worker)!;
      running.delete(worker);
      if ('error' in answer) job.reject(new Error(answer.error));
      else job.resolve(answer.result);
      next(worker);
    });
    // A thread's error ends it: its job fails on 'exit'.
    worker.on('error', () => {});
    worker.on('exit', () => {
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      running.get(worker)?.reject(new Error('The password thread stopped'));
      running.delete(worker);
      const job = waiting.shift();
      if (job) run(start(), job);
    });
    return worker;
  }

  const submit = (job: Omit<Job, 'resolve' | 'reject'>) =>
    new Promise<string | boolean>((resolve, reject) => {
      const worker = idle.pop() ?? (threads() < size ? start() : undefined);
      if (worker) run(worker, { ...job, resolve, reject });
      else waiting.push({ ...job, resolve, reject });
    });

  return {
    hash: (password: string) => submit({ password }) as Promise<string>,
    verify: (hash: string, password: string) => submit({ password, hash }) as Promise<boolean>,
    /** Threads started (for tests). */
    threads,
    /** Stops every thread; jobs running then fail. */
    stop: () => Promise.all([...idle, ...running.keys()].map((worker) => worker.terminate())),
  };
}

let argon2 = createArgon2Threads(os.availableParallelism());

/**
 * Each of `processes` copies serving on this machine (WEB_CONCURRENCY) hashes on its share of the
 * cores: with two workers on two cores, two threads each ran four computations at once, and a
 * login cost a fifth more CPU. Called once at start, before any hashing; answers the threads.
 */
export function sharePasswordCores(processes: number) {
  const threads = Math.max(1, Math.floor(os.availableParallelism() / processes));
  argon2 = createArgon2Threads(threads);
  return threads;
}

export const hashPassword = (password: string) => argon2.hash(password);

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await argon2.verify(passwordHash, password);
  } catch {
    return false;
  }
}
