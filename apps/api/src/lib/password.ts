import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/** Argon2id (the library's const enum cannot be imported under verbatimModuleSyntax). */
const ARGON2ID = 2;

/** Runs at most `max` of the given works at a time; the others wait their turn, in order. */
export function limitConcurrency(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/**
 * One argon2 computation per core at a time: each takes a core and 19 MiB, and more at once
 * (libuv runs four) only share the cores and thrash their caches; a verification then cost a
 * quarter more CPU.
 */
const argon2 = limitConcurrency(os.availableParallelism());

export const hashPassword = (password: string) =>
  argon2(() => hash(password, { algorithm: ARGON2ID }));

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await argon2(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}
