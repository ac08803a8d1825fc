import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startDevChain, type DevChain } from '../src/dev/dev-chain.ts';

export interface DevChainHandle {
  (): DevChain;
  /** Holds dev-chain.json while the chain runs. */
  dataDir(): string;
}

/**
 * One embedded dev chain for the calling test file, on a free port, started in
 * beforeAll and stopped in afterAll. Call it at the top level of the file.
 */
export function useDevChain(): DevChainHandle {
  let devChain: DevChain | undefined;
  let dataDir: string | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tmc-chain-'));
    devChain = await startDevChain({ dataDir, port: 0, log: (line) => console.warn(line) });
  });

  afterAll(async () => {
    await devChain?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const running = <T>(value: T | undefined): T => {
    if (value === undefined)
      throw new Error(
        'The dev chain is not running: call useDevChain() at the top of the test file',
      );
    return value;
  };
  return Object.assign(() => running(devChain), { dataDir: () => running(dataDir) });
}
