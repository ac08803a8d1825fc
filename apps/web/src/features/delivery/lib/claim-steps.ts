import { decodeFunctionResult, encodeFunctionData, getAddress, type Address, type Hex } from 'viem';
import type { DeliveryProofFile } from '@tmc/shared';
import type { Eip1193Provider } from '../../crypto/lib/wallet-discovery';
import { WalletPaymentError, isUserRejection } from '../../crypto/lib/wallet-errors';
import { distributorClaimAbi } from './distributor-abi';

/** The claim failed in words a buyer can act on. */
export class ClaimError extends Error {
  override name = 'ClaimError';
}

export const claimMessages = {
  noWallet:
    'No browser wallet found. Install a wallet such as MetaMask, or claim from any wallet tool with your proof file.',
  rejected: 'You rejected the request in your wallet. Nothing was sent: press Claim to try again.',
  nothingToClaim:
    'Nothing to claim right now: the chain says these tokens are already claimed or not unlocked yet.',
  reverted: 'The claim transaction failed on chain. Nothing was paid; refresh and try again.',
  failed: (detail: string) => `The wallet could not send the claim: ${detail}`,
  switchRefused: (chain: string) =>
    `Your wallet did not switch to ${chain}. Switch to ${chain} in your wallet, then press Claim again. Nothing was sent.`,
  wrongNetwork: (chain: string) =>
    `Your wallet is on another network. Switch it to ${chain}, then press Claim again. Nothing was sent.`,
  unknownNetwork: (chain: string) =>
    `Your wallet does not know ${chain}. Add ${chain} in your wallet, then press Claim again. Nothing was sent.`,
} as const;

/** A wallet step's error (connect, switch network) in the claim's words. */
export function toClaimError(error: unknown, chainName: string): ClaimError {
  if (error instanceof ClaimError) return error;
  if (error instanceof WalletPaymentError) {
    switch (error.problem) {
      case 'switchRefused':
      case 'wrongNetwork':
      case 'unknownNetwork':
        return new ClaimError(claimMessages[error.problem](chainName));
      case 'rejected':
        return new ClaimError(claimMessages.rejected);
      default:
        return new ClaimError(error.message);
    }
  }
  if (isUserRejection(error)) return new ClaimError(claimMessages.rejected);
  return new ClaimError(
    claimMessages.failed(error instanceof Error ? error.message : String(error)),
  );
}

const HASH = /^0x[0-9a-fA-F]{64}$/;

/** What the contract would pay `proof.address` now, read through the wallet's own node. */
export async function readClaimable(
  provider: Eip1193Provider,
  proof: DeliveryProofFile,
): Promise<bigint> {
  const data = encodeFunctionData({
    abi: distributorClaimAbi,
    functionName: 'claimable',
    args: [getAddress(proof.address), BigInt(proof.cumulativeAmount)],
  });
  const answer = (await provider.request({
    method: 'eth_call',
    params: [{ to: getAddress(proof.contract), data }, 'latest'],
  })) as Hex;
  return decodeFunctionResult({
    abi: distributorClaimAbi,
    functionName: 'claimable',
    data: answer,
  });
}

/** The eth_sendTransaction call: `claim(account, cumulativeAmount, proof)`; the tokens go to the proof's account whoever sends it. */
export function claimRequest(proof: DeliveryProofFile, from: Address) {
  return {
    from,
    to: getAddress(proof.contract),
    value: '0x0' as Hex,
    data: encodeFunctionData({
      abi: distributorClaimAbi,
      functionName: 'claim',
      args: [getAddress(proof.address), BigInt(proof.cumulativeAmount), proof.proof as Hex[]],
    }),
  };
}

/** Has the wallet send the claim; answers the transaction hash. */
export async function sendClaim(
  provider: Eip1193Provider,
  proof: DeliveryProofFile,
  from: Address,
): Promise<Hex> {
  let hash: unknown;
  try {
    hash = await provider.request({
      method: 'eth_sendTransaction',
      params: [claimRequest(proof, from)],
    });
  } catch (error) {
    if (isUserRejection(error)) throw new ClaimError(claimMessages.rejected);
    throw new ClaimError(
      claimMessages.failed(error instanceof Error ? error.message : String(error)),
    );
  }
  if (typeof hash !== 'string' || !HASH.test(hash))
    throw new ClaimError(claimMessages.failed('no transaction hash came back'));
  return hash.toLowerCase() as Hex;
}

/** EIP-747: asks the wallet to show TMC; answers whether the wallet added it. */
export async function watchTmc(provider: Eip1193Provider, token: string): Promise<boolean> {
  const added = await provider.request({
    method: 'wallet_watchAsset',
    params: { type: 'ERC20', options: { address: getAddress(token), symbol: 'TMC', decimals: 18 } },
  });
  return added === true;
}
