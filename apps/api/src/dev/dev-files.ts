import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * A file that ships in this folder (Hardhat config, preload, artifact). Under
 * tsx this module is src/dev itself; in the bundle it is inlined into
 * dist/server.js, so the folder is then ../src/dev.
 */
export function devFilePath(name: string): string {
  for (const folder of ['./', '../src/dev/']) {
    const file = fileURLToPath(new URL(folder + name, import.meta.url));
    if (existsSync(file)) return file;
  }
  throw new Error(`${name} not found next to ${fileURLToPath(import.meta.url)} or in ../src/dev`);
}
