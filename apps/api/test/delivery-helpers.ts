import {
  BaseError,
  ContractFunctionRevertedError,
  type Abi,
  type Address,
  type Hash,
  type PublicClient,
} from 'viem';
import { expect } from 'vitest';
import { distributorAbi } from '../src/lib/distributor-abi.ts';

// Untyped on purpose: the tests also call with wrong arguments to see each revert.
const untypedAbi: Abi = distributorAbi;

/** Waits for a transaction and fails unless it succeeded. */
export async function mined(publicClient: PublicClient, hash: Hash) {
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return receipt;
}

/** The custom error a call reverts with, read from a simulation (nothing is sent). */
export async function revertName(
  publicClient: PublicClient,
  call: {
    address: Address;
    functionName: string;
    args?: readonly unknown[];
    account: Address;
  },
): Promise<string | undefined> {
  try {
    await publicClient.simulateContract({ abi: untypedAbi, ...call });
  } catch (error) {
    if (error instanceof BaseError) {
      const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
      if (reverted instanceof ContractFunctionRevertedError) return reverted.data?.errorName;
    }
    throw error;
  }
  return undefined;
}
