import { loadContractArtifact, type ContractArtifact } from './contract-artifacts.ts';

export type TestUsdcArtifact = ContractArtifact<'TestUSDC'>;

export function loadTestUsdcArtifact(): Promise<TestUsdcArtifact> {
  return loadContractArtifact('TestUSDC');
}
