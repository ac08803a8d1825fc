import type { Address, Hex } from 'viem';
import {
  WalletPaymentError,
  isUnrecognizedChain,
  isUserRejection,
  toWalletPaymentError,
  walletMessages,
} from './wallet-errors';
import type { Eip1193Provider } from './wallet-discovery';
import {
  balanceOfCall,
  chainIdHex,
  orderBaseUnits,
  transferRequest,
  type TransferOrder,
} from './wallet-transfer';

/** The presale's chain as a wallet must know it. */
export interface PaymentChain {
  chainId: number;
  chainName: string;
  /** Public JSON-RPC URL to add the chain with; null: the buyer adds it by hand. */
  rpcUrl: string | null;
  explorerUrl: string | null;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;

/** Asks the wallet for an account (the wallet shows its connect prompt once). */
export async function connectAccount(provider: Eip1193Provider, coin: string): Promise<Address> {
  let accounts: unknown;
  try {
    accounts = await provider.request({ method: 'eth_requestAccounts' });
  } catch (error) {
    throw toWalletPaymentError(error, coin);
  }
  const account: unknown = Array.isArray(accounts) ? (accounts as unknown[])[0] : undefined;
  if (typeof account !== 'string' || !ADDRESS.test(account))
    throw new WalletPaymentError('rejected', walletMessages.rejected);
  return account as Address;
}

const currentChainId = async (provider: Eip1193Provider) =>
  Number(await provider.request({ method: 'eth_chainId' }));

/** Puts the wallet on the presale's chain: switch, or add it when the wallet does not know it. */
export async function ensureChain(provider: Eip1193Provider, chain: PaymentChain): Promise<void> {
  if ((await currentChainId(provider)) === chain.chainId) return;
  const chainId = chainIdHex(chain.chainId);
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
  } catch (error) {
    if (isUserRejection(error))
      throw new WalletPaymentError('switchRefused', walletMessages.switchRefused(chain.chainName));
    if (!isUnrecognizedChain(error))
      throw new WalletPaymentError('wrongNetwork', walletMessages.wrongNetwork(chain.chainName));
    if (!chain.rpcUrl)
      throw new WalletPaymentError(
        'unknownNetwork',
        walletMessages.unknownNetwork(chain.chainName),
      );
    try {
      await provider.request({
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId,
            chainName: chain.chainName,
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
            rpcUrls: [chain.rpcUrl],
            ...(chain.explorerUrl ? { blockExplorerUrls: [chain.explorerUrl] } : {}),
          },
        ],
      });
    } catch (addError) {
      throw isUserRejection(addError)
        ? new WalletPaymentError('switchRefused', walletMessages.switchRefused(chain.chainName))
        : new WalletPaymentError('unknownNetwork', walletMessages.unknownNetwork(chain.chainName));
    }
  }
  if ((await currentChainId(provider)) !== chain.chainId)
    throw new WalletPaymentError('wrongNetwork', walletMessages.wrongNetwork(chain.chainName));
}

/** Refuses before the wallet prompt when the account plainly cannot pay; a wallet that cannot tell is let through. */
export async function checkBalance(
  provider: Eip1193Provider,
  order: TransferOrder,
  account: Address,
): Promise<void> {
  let balance: bigint;
  try {
    const answer =
      order.coin === 'ETH'
        ? await provider.request({ method: 'eth_getBalance', params: [account, 'latest'] })
        : await provider.request({
            method: 'eth_call',
            params: [balanceOfCall(order.usdcAddress, account), 'latest'],
          });
    if (typeof answer !== 'string' || !/^0x[0-9a-fA-F]*$/.test(answer) || answer === '0x') return;
    balance = BigInt(answer);
  } catch {
    return;
  }
  if (balance < orderBaseUnits(order))
    throw new WalletPaymentError('insufficientFunds', walletMessages.insufficientFunds(order.coin));
}

/** Has the wallet send exactly the quoted amount; answers the transaction hash. */
export async function sendPayment(
  provider: Eip1193Provider,
  order: TransferOrder,
  account: Address,
): Promise<Hex> {
  let hash: unknown;
  try {
    hash = await provider.request({
      method: 'eth_sendTransaction',
      params: [transferRequest(order, account)],
    });
  } catch (error) {
    throw toWalletPaymentError(error, order.coin);
  }
  if (typeof hash !== 'string' || !HASH.test(hash))
    throw new WalletPaymentError('failed', walletMessages.failed('no transaction hash came back'));
  return hash.toLowerCase() as Hex;
}

export interface ChainProgress {
  /** Null until mined. */
  blockNumber: bigint | null;
  confirmations: number;
  reverted: boolean;
}

/** Where the transaction stands, read through the wallet; null when the wallet cannot tell. */
export async function readProgress(
  provider: Eip1193Provider,
  hash: Hex,
): Promise<ChainProgress | null> {
  try {
    const receipt = (await provider.request({
      method: 'eth_getTransactionReceipt',
      params: [hash],
    })) as { blockNumber?: string; status?: string } | null;
    if (!receipt?.blockNumber) return { blockNumber: null, confirmations: 0, reverted: false };
    const blockNumber = BigInt(receipt.blockNumber);
    const head = BigInt((await provider.request({ method: 'eth_blockNumber' })) as string);
    return {
      blockNumber,
      confirmations: Number(head >= blockNumber ? head - blockNumber + 1n : 0n),
      reverted: receipt.status === '0x0',
    };
  } catch {
    return null;
  }
}
