import { readFile } from 'node:fs/promises';
import type { Abi, Hex } from 'viem';
import { devFilePath } from './dev-files.ts';

/** The compiled TestUSDC, committed so that starting the dev chain needs no compiler. */
export interface TestUsdcArtifact {
  contractName: 'TestUSDC';
  compiler: string;
  abi: Abi;
  bytecode: Hex;
}

export const TEST_USDC_ARTIFACT_FILE = 'test-usdc.artifact.json';

export async function loadTestUsdcArtifact(): Promise<TestUsdcArtifact> {
  return JSON.parse(
    await readFile(devFilePath(TEST_USDC_ARTIFACT_FILE), 'utf8'),
  ) as TestUsdcArtifact;
}
