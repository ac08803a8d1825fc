import { describe, expect, it } from 'vitest';
import { hashPassword, limitConcurrency, verifyPassword } from '../src/lib/password.ts';

describe('limitConcurrency', () => {
  it('runs at most max works at once, all of them, in the order they came', async () => {
    const limit = limitConcurrency(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const work = (i: number) =>
      limit(async () => {
        started.push(i);
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5 + (i % 3)));
        running -= 1;
        if (i === 3) throw new Error('work 3 fails');
        return i;
      });
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => work(i)));
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([
      0,
      1,
      2,
      'failed',
      4,
      5,
      6,
      7,
    ]);
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
