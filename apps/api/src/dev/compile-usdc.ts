import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import solc from 'solc';
import type { Abi } from 'viem';
import { TEST_USDC_ARTIFACT_FILE, type TestUsdcArtifact } from './test-usdc-artifact.ts';

const SOURCE_FILE = 'TestUSDC.sol';
const sourcePath = fileURLToPath(new URL(`./${SOURCE_FILE}`, import.meta.url));
const artifactPath = fileURLToPath(new URL(`./${TEST_USDC_ARTIFACT_FILE}`, import.meta.url));

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

/** Compiles TestUSDC.sol in process with solc-js (no compiler download). */
export function compileTestUsdc(): TestUsdcArtifact {
  const input = {
    language: 'Solidity',
    sources: { [SOURCE_FILE]: { content: readFileSync(sourcePath, 'utf8') } },
    settings: {
      evmVersion: 'cancun',
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contract = output.contracts?.[SOURCE_FILE]?.TestUSDC;
  if (!contract) throw new Error(`solc produced no TestUSDC contract from ${SOURCE_FILE}`);
  return {
    contractName: 'TestUSDC',
    compiler: solc.version(),
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
  };
}

const entry = process.argv[1];
if (entry && realpathSync(entry) === fileURLToPath(import.meta.url)) {
  writeFileSync(artifactPath, `${JSON.stringify(compileTestUsdc(), null, 2)}\n`);
  console.log(`Wrote ${artifactPath}`);
}
