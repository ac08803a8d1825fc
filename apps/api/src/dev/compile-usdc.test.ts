import { describe, expect, it } from 'vitest';
import { compileTestUsdc } from './compile-usdc.ts';
import { loadTestUsdcArtifact } from './test-usdc-artifact.ts';

describe('TestUSDC artifact', () => {
  it('matches a fresh compile of TestUSDC.sol (else run: npx tsx apps/api/src/dev/compile-usdc.ts)', async () => {
    expect(await loadTestUsdcArtifact()).toEqual(compileTestUsdc());
  });
});
