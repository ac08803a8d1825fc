import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import { isEmailAddress, loginSchema, signupSchema } from './auth.ts';

/** The pattern the check replaces: same answers, without its quadratic backtracking. */
const OLD_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

describe('isEmailAddress', () => {
  it('accepts exactly what the old pattern accepted', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', 'Z', '.', '@', ' ', '\t', '\u00a0', '-'),
      maxLength: 12,
    });
    fc.assert(
      fc.property(text, (value) => isEmailAddress(value) === OLD_PATTERN.test(value)),
      { seed: 11, numRuns: 20_000 },
    );
    for (const value of [
      'a@b.co',
      'a@.b.c',
      'a@b..c',
      'a@b.c.',
      'a@b.',
      'a@.b',
      '@b.co',
      'a@b@c.d',
      'a b@c.d',
    ])
      expect(isEmailAddress(value), value).toBe(OLD_PATTERN.test(value));
  });

  it('decides on 60,000 characters shaped to backtrack in a few milliseconds', () => {
    const started = Date.now();
    expect(isEmailAddress(`a@${'.'.repeat(60_000)}@`)).toBe(false);
    expect(Date.now() - started).toBeLessThan(50);
  });
});

describe('e-mail fields', () => {
  it('stop at the length check: one error, the spec message', () => {
    const result = loginSchema.safeParse({ email: `a@${'.'.repeat(300)}@`, password: 'secret1' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['email', messages.loginEmail],
    ]);
  });

  it('still trim and lower-case a valid address', () => {
    const result = signupSchema.parse({
      email: '  Ann@Example.COM ',
      name: 'Ann',
      password: 'long enough',
    });
    expect(result.email).toBe('ann@example.com');
  });
});
