import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  type Abi,
  type Address,
  type Hash,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { expect } from 'vitest';
import { devAccount } from '../src/dev/dev-accounts.ts';
import type { DevChain } from '../src/dev/dev-chain.ts';
import { defineRpcChain } from '../src/lib/chain.ts';
import { distributorAbi } from '../src/lib/distributor-abi.ts';

// Untyped on purpose: the tests also call with wrong arguments to see each revert.
const untypedAbi: Abi = distributorAbi;

/** viem clients on the dev chain: a reader, the Hardhat test client and a wallet per dev account. */
export function chainTools(devChain: DevChain) {
  const chain = defineRpcChain({ rpcUrl: devChain.rpcUrl, chainId: devChain.chainId });
  const transport = http(devChain.rpcUrl);
  const publicClient = createPublicClient({
    chain,
    transport,
    pollingInterval: 50,
  }) as PublicClient;
  const testClient = createTestClient({ mode: 'hardhat', chain, transport });
  const wallet = (index: number) =>
    createWalletClient({
      account: privateKeyToAccount(devAccount(index).privateKey),
      chain,
      transport,
    });
  return { chain, publicClient, testClient, wallet };
}

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
