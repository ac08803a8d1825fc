import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from 'viem';
import { devFilePath } from './dev-files.ts';

/** A compiled contract, committed so that starting the dev chain needs no compiler. */
export interface ContractArtifact<Name extends string = string> {
  contractName: Name;
  compiler: string;
  abi: Abi;
  bytecode: Hex;
}

/**
 * Every contract the project compiles: the dev chain's stand-in tokens live with the dev
 * tools; the distributor, which is deployed for real, lives in the repository's contracts/.
 */
export const CONTRACTS = {
  TestUSDC: { folder: 'dev', source: 'TestUSDC.sol', artifact: 'test-usdc.artifact.json' },
  TestTMC: { folder: 'dev', source: 'TestTMC.sol', artifact: 'test-tmc.artifact.json' },
  TmcDistributor: {
    folder: 'contracts',
    source: 'TmcDistributor.sol',
    artifact: 'TmcDistributor.json',
  },
} as const satisfies Record<
  string,
  { folder: 'dev' | 'contracts'; source: string; artifact: string }
>;

export type ContractName = keyof typeof CONTRACTS;

/** The repository's contracts/ folder: four levels up under tsx, three from dist/server.js. */
export function contractsFilePath(name: string): string {
  for (const folder of ['../../../../contracts/', '../../../contracts/']) {
    const file = fileURLToPath(new URL(folder + name, import.meta.url));
    if (existsSync(file)) return file;
  }
  throw new Error(`contracts/${name} not found from ${fileURLToPath(import.meta.url)}`);
}

/** The artifact sits beside its source, so a new artifact can be written before it exists. */
export function contractFilePath(name: ContractName, kind: 'source' | 'artifact'): string {
  const entry = CONTRACTS[name];
  const source =
    entry.folder === 'dev' ? devFilePath(entry.source) : contractsFilePath(entry.source);
  return kind === 'source' ? source : path.join(path.dirname(source), entry.artifact);
}

export async function loadContractArtifact<Name extends ContractName>(
  name: Name,
): Promise<ContractArtifact<Name>> {
  return JSON.parse(
    await readFile(contractFilePath(name, 'artifact'), 'utf8'),
  ) as ContractArtifact<Name>;
}
