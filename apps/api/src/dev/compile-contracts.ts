import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';
import type { Abi } from 'viem';
import {
  CONTRACTS,
  contractFilePath,
  type ContractArtifact,
  type ContractName,
} from './contract-artifacts.ts';

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

const require = createRequire(import.meta.url);

/** Imports such as `@openzeppelin/contracts/...` are read from node_modules, never downloaded. */
function findImport(importPath: string): { contents: string } | { error: string } {
  try {
    return { contents: readFileSync(require.resolve(importPath), 'utf8') };
  } catch {
    return { error: `Import not found in node_modules: ${importPath}` };
  }
}

/** Compiles one of the project's contracts in process with solc-js (no compiler download). */
export function compileContract<Name extends ContractName>(name: Name): ContractArtifact<Name> {
  const sourceName = CONTRACTS[name].source;
  const input = {
    language: 'Solidity',
    sources: { [sourceName]: { content: readFileSync(contractFilePath(name, 'source'), 'utf8') } },
    settings: {
      evmVersion: 'cancun',
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { [sourceName]: { [name]: ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(
    solc.compile(JSON.stringify(input), { import: findImport }),
  ) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contract = output.contracts?.[sourceName]?.[name];
  if (!contract) throw new Error(`solc produced no ${name} contract from ${sourceName}`);
  return {
    contractName: name,
    compiler: solc.version(),
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
  };
}

const entry = process.argv[1];
if (entry && realpathSync(entry) === fileURLToPath(import.meta.url)) {
  const wanted = process.argv.slice(2);
  const names = (Object.keys(CONTRACTS) as ContractName[]).filter(
    (name) => wanted.length === 0 || wanted.includes(name),
  );
  for (const name of names) {
    const artifactPath = contractFilePath(name, 'artifact');
    writeFileSync(artifactPath, `${JSON.stringify(compileContract(name), null, 2)}\n`);
    console.log(`Wrote ${path.relative(process.cwd(), artifactPath)}`);
  }
}
