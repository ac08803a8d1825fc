import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  http,
  parseUnits,
  type Address,
  type Hash,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createChainClient, defineRpcChain } from '../lib/chain.ts';
import { FIRST_BUYER_INDEX, devAccount } from './dev-accounts.ts';

export type DevPaymentCurrency = 'ETH' | 'USDC';

const DECIMALS: Record<DevPaymentCurrency, number> = { ETH: 18, USDC: 6 };

export interface DevPaymentOptions {
  rpcUrl: string;
  /** Asked from the RPC when unset. */
  chainId?: number;
  currency: DevPaymentCurrency;
  /** Decimal amount in ETH or USDC, e.g. "0.05". */
  amount: string;
  to: Address;
  /** Dev account index that pays; a buyer (#2) by default. */
  fromIndex?: number;
  /** Pays from this key instead of a dev account (a wallet funded on the dev chain). */
  privateKey?: Hex;
  /** Required for USDC. */
  usdcAddress?: Address;
}

export interface DevPaymentResult {
  hash: Hash;
  blockNumber: bigint;
  from: Address;
  to: Address;
  /** In wei (ETH) or USDC base units (6 decimals). */
  value: bigint;
}

/** A mistake in what was asked for, worth a plain message rather than a stack. */
export class DevPaymentError extends Error {}

export class ChainUnreachableError extends DevPaymentError {}

export function parseDevAmount(amount: string, currency: DevPaymentCurrency): bigint {
  const decimals = DECIMALS[currency];
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match || (match[2]?.length ?? 0) > decimals) {
    throw new DevPaymentError(
      `Bad amount "${amount}": give a positive ${currency} amount with at most ${decimals} decimals, e.g. 0.05`,
    );
  }
  const value = parseUnits(amount.trim(), decimals);
  if (value <= 0n) throw new DevPaymentError(`Bad amount "${amount}": it must be more than 0`);
  return value;
}

/** Sends ETH or test USDC from a dev account and waits until it is mined. */
export async function sendDevPayment(options: DevPaymentOptions): Promise<DevPaymentResult> {
  const { rpcUrl, currency, to, usdcAddress } = options;
  const value = parseDevAmount(options.amount, currency);
  if (currency === 'USDC' && !usdcAddress) {
    throw new DevPaymentError('A USDC payment needs the USDC contract address');
  }
  const chainId = options.chainId ?? (await askChainId(rpcUrl));
  const chainClient = createChainClient({ rpcUrl, chainId });
  if (!(await chainClient.ping())) {
    throw new ChainUnreachableError(`No chain with id ${chainId} answers at ${rpcUrl}`);
  }

  const account = privateKeyToAccount(
    options.privateKey ?? devAccount(options.fromIndex ?? FIRST_BUYER_INDEX).privateKey,
  );
  const wallet = createWalletClient({
    account,
    chain: defineRpcChain({ rpcUrl, chainId }),
    transport: http(rpcUrl),
  });
  const hash =
    usdcAddress && currency === 'USDC'
      ? await wallet.writeContract({
          address: usdcAddress,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [to, value],
        })
      : await wallet.sendTransaction({ to, value });
  const receipt = await chainClient.publicClient.waitForTransactionReceipt({
    hash,
    pollingInterval: 200,
  });
  if (receipt.status !== 'success') throw new Error(`Transaction ${hash} reverted`);
  return { hash, blockNumber: receipt.blockNumber, from: account.address, to, value };
}

async function askChainId(rpcUrl: string): Promise<number> {
  try {
    return await createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) }).getChainId();
  } catch {
    throw new ChainUnreachableError(`No chain answers at ${rpcUrl}`);
  }
}
