import type { Address, Hex } from 'viem';

/** The Safe Transaction Builder's batch file (no Safe service or SDK is involved). */
export function safeBatch(
  chainId: number,
  name: string,
  transactions: {
    to: Address;
    value: string;
    data: Hex;
    contractMethod: null;
    contractInputsValues: null;
  }[],
) {
  return {
    version: '1.0',
    chainId: String(chainId),
    createdAt: Date.now(),
    meta: { name, description: name, txBuilderVersion: '1.16.5' },
    transactions,
  };
}
