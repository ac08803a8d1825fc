import {
  getAddress,
  parseAbi,
  type Address,
  type Hex,
  type PublicClient,
  type Transport,
  type Chain,
  type Account,
  type WalletClient,
} from 'viem';
import { loadContractArtifact } from './contract-artifacts.ts';

export interface VestingSchedule {
  vestStart: bigint;
  tgeBps: number;
  cliffSeconds: bigint;
  durationSeconds: bigint;
}

/** tgeBps 10000: everything is unlocked from the start. */
export const NO_VESTING: VestingSchedule = {
  vestStart: 0n,
  tgeBps: 10_000,
  cliffSeconds: 0n,
  durationSeconds: 0n,
};

/** The test tokens' open mint (TestUSDC, TestTMC): dev chain only. */
export const testTokenAbi = parseAbi(['function mint(address to, uint256 value)']);

type Wallet = WalletClient<Transport, Chain, Account>;

async function deploy(
  publicClient: PublicClient,
  wallet: Wallet,
  name: 'TestTMC' | 'TmcDistributor',
  args: unknown[],
): Promise<{ address: Address; blockNumber: bigint }> {
  const artifact = await loadContractArtifact(name);
  const hash: Hex = await wallet.deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    args,
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success' || !receipt.contractAddress) {
    throw new Error(`${name} deployment failed`);
  }
  return { address: getAddress(receipt.contractAddress), blockNumber: receipt.blockNumber };
}

/** Deploys the 18-decimal test TMC token, which anyone may mint. */
export async function deployTestTmc(publicClient: PublicClient, wallet: Wallet): Promise<Address> {
  return (await deploy(publicClient, wallet, 'TestTMC', [])).address;
}

export async function deployDistributor(
  publicClient: PublicClient,
  wallet: Wallet,
  options: { token: Address; owner: Address; rootDelaySeconds: bigint; vesting?: VestingSchedule },
): Promise<{ address: Address; blockNumber: bigint }> {
  const v = options.vesting ?? NO_VESTING;
  return deploy(publicClient, wallet, 'TmcDistributor', [
    options.token,
    options.owner,
    options.rootDelaySeconds,
    v.vestStart,
    v.tgeBps,
    v.cliffSeconds,
    v.durationSeconds,
  ]);
}
