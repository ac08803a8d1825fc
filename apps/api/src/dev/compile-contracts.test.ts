import type { Abi } from 'viem';
import { formatAbiItem } from 'viem/utils';
import { describe, expect, it } from 'vitest';
import { distributorAbi } from '../lib/distributor-abi.ts';
import { compileContract } from './compile-contracts.ts';
import { loadContractArtifact } from './contract-artifacts.ts';

describe('committed contract artifacts', () => {
  it.each(['TestUSDC', 'TestTMC', 'TmcDistributor'] as const)(
    '%s matches a fresh compile of its source (else run: npx tsx apps/api/src/dev/compile-contracts.ts)',
    async (name) => {
      expect(await loadContractArtifact(name)).toEqual(compileContract(name));
    },
  );
});

describe('distributorAbi', () => {
  it('declares each item exactly as the committed TmcDistributor artifact does', async () => {
    const artifact = await loadContractArtifact('TmcDistributor');
    const signatures = (abi: Abi) =>
      abi
        .filter((item) => item.type !== 'constructor')
        .map((item) => formatAbiItem(item as Parameters<typeof formatAbiItem>[0]));
    const artifactSignatures = new Set(signatures(artifact.abi));
    const declared = signatures(distributorAbi);
    expect(declared.length).toBeGreaterThan(20);
    expect(declared.filter((signature) => !artifactSignatures.has(signature))).toEqual([]);
  });
});
