import { describe, expect, it } from 'vitest';
import os from 'node:os';
import {
  createArgon2Threads,
  hashPassword,
  sharePasswordCores,
  verifyPassword,
} from '../src/lib/password.ts';

describe('argon2 threads', () => {
  it('hashes on at most its own threads, each job in the order it came', async () => {
    const run = async (size: number, jobs: number) => {
      const threads = createArgon2Threads(size);
      const done: number[] = [];
      const hashes = await Promise.all(
        Array.from({ length: jobs }, (_, i) =>
          threads.hash(`password ${i}`).then((hash) => {
            done.push(i);
            return hash;
          }),
        ),
      );
      const started = threads.threads();
      await threads.stop();
      return { done, hashes, started };
    };
    const two = await run(2, 6);
    expect(two.started).toBe(2);
    expect(two.hashes.every((hash) => hash.startsWith('$argon2id$'))).toBe(true);
    expect((await run(1, 4)).done).toEqual([0, 1, 2, 3]);
  });

  it('fails only the jobs of a thread that stops, and starts another for the next', async () => {
    const threads = createArgon2Threads(1);
    const cut = threads.hash('cut short');
    await threads.stop();
    await expect(cut).rejects.toThrow('The password thread stopped');
    expect(threads.threads()).toBe(0);
    const hash = await threads.hash('again');
    expect(await threads.verify(hash, 'again')).toBe(true);
    expect(threads.threads()).toBe(1);
    await threads.stop();
  });
});

it('verifies a password against its argon2id hash, many at once', async () => {
  const hash = await hashPassword('correct horse battery staple');
  expect(hash.startsWith('$argon2id$')).toBe(true);
  const checks = await Promise.all(
    ['correct horse battery staple', 'wrong', 'correct horse battery staple', ''].map((p) =>
      verifyPassword(hash, p),
    ),
  );
  expect(checks).toEqual([true, false, true, false]);
  expect(await verifyPassword('not a hash', 'x')).toBe(false);
});

it("hashes on this process's share of the cores when several serve on the machine", async () => {
  const cores = os.availableParallelism();
  expect(sharePasswordCores(1)).toBe(cores);
  expect(sharePasswordCores(cores * 2)).toBe(1);
  const hash = await hashPassword('shared cores');
  expect(await verifyPassword(hash, 'shared cores')).toBe(true);
  sharePasswordCores(1);
});
