import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  isAddressEqual,
  type Address,
  type Hash,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { defineRpcChain } from '../lib/chain.ts';
import { distributorAbi } from '../lib/distributor-abi.ts';
import { DEPLOYER_INDEX, devAccount } from './dev-accounts.ts';

/** What safe-tx.json holds, as far as sending it needs. */
export interface SafeBatchFile {
  chainId: string;
  transactions: { to: string; value: string; data: string }[];
}

export class DevPublishError extends Error {}

/**
 * Does on the dev chain what the Safe does with a draft's safe-tx.json: sends each transaction
 * from the distributor's owner (dev account #0), then accepts the root (the dev delay is 0).
 */
export async function publishSafeBatch(options: {
  rpcUrl: string;
  chainId: number;
  distributor: Address;
  batch: SafeBatchFile;
}): Promise<Hash[]> {
  const { rpcUrl, chainId, distributor, batch } = options;
  if (Number(batch.chainId) !== chainId)
    throw new DevPublishError(`The batch is for chain ${batch.chainId}, not ${chainId}`);
  if (!batch.transactions[0] || !isAddressEqual(batch.transactions[0].to as Address, distributor))
    throw new DevPublishError(
      `The batch's first transaction does not call the distributor ${distributor}`,
    );
  const chain = defineRpcChain({ rpcUrl, chainId });
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
  const owner = createWalletClient({
    account: privateKeyToAccount(devAccount(DEPLOYER_INDEX).privateKey),
    chain,
    transport,
  });
  const hashes: Hash[] = [];
  const mined = async (hash: Hash) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new DevPublishError(`Transaction ${hash} reverted`);
    hashes.push(hash);
  };
  for (const tx of batch.transactions)
    await mined(
      await owner.sendTransaction({
        to: getAddress(tx.to),
        value: BigInt(tx.value),
        data: tx.data as Hex,
      }),
    );
  await mined(
    await owner.writeContract({
      address: distributor,
      abi: distributorAbi,
      functionName: 'acceptRoot',
    }),
  );
  return hashes;
}
