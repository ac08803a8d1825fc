import { hash, verify } from '@node-rs/argon2';

/** Argon2id (the library's const enum cannot be imported under verbatimModuleSyntax). */
const ARGON2ID = 2;

export const hashPassword = (password: string) => hash(password, { algorithm: ARGON2ID });

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
