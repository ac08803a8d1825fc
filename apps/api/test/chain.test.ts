import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  createWalletClient,
  erc20Abi,
  getAddress,
  http,
  parseEther,
  parseUnits,
  type Hash,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { devAccount } from '../src/dev/dev-accounts.ts';
import {
  devChainFilePath,
  readDevChainFile,
  rpcChainId,
  startDevChain,
} from '../src/dev/dev-chain.ts';
import { distributorAbi } from '../src/lib/distributor-abi.ts';
import { parseDevAmount, sendDevPayment } from '../src/dev/send-dev-payment.ts';
import { loadTestUsdcArtifact } from '../src/dev/test-usdc-artifact.ts';
import {
  createChainClient,
  decodeUsdcTransfers,
  defineRpcChain,
  type ChainClient,
} from '../src/lib/chain.ts';
import { useDevChain } from './chain-node.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const USDC = (amount: string) => parseUnits(amount, 6);

const devChain = useDevChain();
let chain: ChainClient;

beforeAll(() => {
  chain = createChainClient({ rpcUrl: devChain().rpcUrl, chainId: devChain().chainId });
});

async function answersRpc(rpcUrl: string): Promise<boolean> {
  try {
    return (await rpcChainId(rpcUrl)) !== undefined;
  } catch {
    return false;
  }
}

describe('embedded dev chain', () => {
  it('runs chain 31337 and says so in dev-chain.json', async () => {
    const { rpcUrl, chainId, companyWallet, usdcAddress, delivery } = devChain();
    expect(chainId).toBe(31337);
    expect(await chain.ping()).toBe(true);
    expect(await chain.publicClient.getChainId()).toBe(31337);
    expect(companyWallet).toBe(devAccount(1).address);
    const file: unknown = JSON.parse(await readFile(devChainFilePath(devChain.dataDir()), 'utf8'));
    expect(file).toEqual({
      rpcUrl,
      chainId,
      companyWallet,
      usdcAddress,
      delivery: {
        tokenAddress: delivery!.tokenAddress,
        distributorAddress: delivery!.distributorAddress,
        startBlock: delivery!.startBlock.toString(),
      },
    });
    expect(await readDevChainFile(devChain.dataDir())).toEqual({
      rpcUrl,
      chainId,
      companyWallet,
      usdcAddress,
      delivery,
    });
  });

  it('deploys an 18-decimal test TMC and a distributor for it owned by dev account #0, root delay 0', async () => {
    const { tokenAddress, distributorAddress, startBlock } = devChain().delivery!;
    const read = chain.publicClient;
    expect(
      await read.readContract({ address: tokenAddress, abi: erc20Abi, functionName: 'decimals' }),
    ).toBe(18);
    const distributor = { address: distributorAddress, abi: distributorAbi } as const;
    expect(await read.readContract({ ...distributor, functionName: 'token' })).toBe(tokenAddress);
    expect(await read.readContract({ ...distributor, functionName: 'owner' })).toBe(
      devAccount(0).address,
    );
    expect(await read.readContract({ ...distributor, functionName: 'rootDelaySeconds' })).toBe(0n);
    expect(await read.readContract({ ...distributor, functionName: 'tgeBps' })).toBe(10_000);
    expect(await read.readContract({ ...distributor, functionName: 'epoch' })).toBe(0n);
    const code = await read.getCode({ address: distributorAddress, blockNumber: startBlock });
    expect(code?.length).toBeGreaterThan(2);
    expect(
      await read.getCode({ address: distributorAddress, blockNumber: startBlock - 1n }),
    ).toBeUndefined();
  });

  it('deploys a 6-decimal test USDC and gives each dev account 1,000,000 of it', async () => {
    const { usdcAddress, accounts } = devChain();
    const read = chain.publicClient;
    expect(
      await read.readContract({ address: usdcAddress, abi: erc20Abi, functionName: 'decimals' }),
    ).toBe(6);
    expect(
      await read.readContract({ address: usdcAddress, abi: erc20Abi, functionName: 'symbol' }),
    ).toBe('USDC');
    expect(accounts).toHaveLength(10);
    for (const account of accounts.slice(2)) {
      const balance = await read.readContract({
        address: usdcAddress,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [account.address],
      });
      expect(balance).toBe(USDC('1000000'));
    }
  });

  it('answers null, not an error, for a hash the chain never saw', async () => {
    const unknown: Hash = `0x${'ab'.repeat(32)}`;
    expect(await chain.getTransaction(unknown)).toBeNull();
    expect(await chain.getTransactionReceipt(unknown)).toBeNull();
  });

  it('reads an ETH payment sent the way dev:pay sends it', async () => {
    const { rpcUrl, chainId, companyWallet } = devChain();
    const buyer = devAccount(2).address;
    const payment = await sendDevPayment({
      rpcUrl,
      chainId,
      currency: 'ETH',
      amount: '0.05',
      to: companyWallet,
    });
    expect(payment.from).toBe(buyer);

    const receipt = await chain.getTransactionReceipt(payment.hash);
    expect(receipt?.status).toBe('success');
    expect(getAddress(receipt!.to!)).toBe(companyWallet);
    expect(receipt?.blockNumber).toBe(payment.blockNumber);
    const transaction = await chain.getTransaction(payment.hash);
    expect(transaction?.value).toBe(parseEther('0.05'));
    expect(getAddress(transaction!.from)).toBe(buyer);

    expect(await chain.getBlockNumber()).toBeGreaterThanOrEqual(payment.blockNumber);
    const block = await chain.getBlock(payment.blockNumber);
    expect(block.number).toBe(payment.blockNumber);
    expect(Math.abs(Number(block.timestamp) - Date.now() / 1000)).toBeLessThan(120);
  });

  it('decodes the Transfer of a USDC payment', async () => {
    const { rpcUrl, chainId, companyWallet, usdcAddress } = devChain();
    const payment = await sendDevPayment({
      rpcUrl,
      chainId,
      currency: 'USDC',
      amount: '12.5',
      to: companyWallet,
      fromIndex: 3,
      usdcAddress,
    });
    const receipt = await chain.getTransactionReceipt(payment.hash);
    expect(receipt?.status).toBe('success');
    expect(decodeUsdcTransfers(receipt!, usdcAddress)).toEqual([
      {
        from: devAccount(3).address,
        to: companyWallet,
        value: USDC('12.5'),
        logIndex: expect.any(Number),
      },
    ]);
    expect(decodeUsdcTransfers(receipt!, devAccount(9).address)).toEqual([]);
  });

  it('ignores a Transfer emitted by any other token contract', async () => {
    const { rpcUrl, chainId, companyWallet, usdcAddress } = devChain();
    const artifact = await loadTestUsdcArtifact();
    const faker = createWalletClient({
      account: privateKeyToAccount(devAccount(5).privateKey),
      chain: defineRpcChain({ rpcUrl, chainId }),
      transport: http(rpcUrl),
    });
    const deployed = await chain.publicClient.waitForTransactionReceipt({
      hash: await faker.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode }),
    });
    const fakeUsdc = getAddress(deployed.contractAddress!);
    await chain.publicClient.waitForTransactionReceipt({
      hash: await faker.writeContract({
        address: fakeUsdc,
        abi: artifact.abi,
        functionName: 'mint',
        args: [devAccount(5).address, USDC('500')],
      }),
    });

    const payment = await sendDevPayment({
      rpcUrl,
      chainId,
      currency: 'USDC',
      amount: '500',
      to: companyWallet,
      fromIndex: 5,
      usdcAddress: fakeUsdc,
    });
    const receipt = await chain.getTransactionReceipt(payment.hash);
    expect(receipt?.status).toBe('success');
    expect(decodeUsdcTransfers(receipt!, usdcAddress)).toEqual([]);
    expect(decodeUsdcTransfers(receipt!, fakeUsdc)).toHaveLength(1);
  });

  it('pays from the command line with npm run dev:pay, reading dev-chain.json', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/api/src/dev/pay.ts',
        '--amount',
        '0.01',
        '--from',
        '4',
        '--data-dir',
        devChain.dataDir(),
      ],
      { cwd: repoRoot, env: { ...process.env, INIT_CWD: repoRoot } },
    );
    const hash = /^(0x[0-9a-f]{64})$/m.exec(stdout)?.[1] as Hash | undefined;
    expect(hash, stdout).toBeDefined();
    const receipt = await chain.getTransactionReceipt(hash!);
    expect(receipt?.status).toBe('success');
    expect(getAddress(receipt!.from)).toBe(devAccount(4).address);
    expect(getAddress(receipt!.to!)).toBe(devChain().companyWallet);
  });

  it('stops completely: the RPC port goes quiet and dev-chain.json is removed', async () => {
    const { rpcUrl } = devChain();
    await devChain().stop();
    expect(await answersRpc(rpcUrl)).toBe(false);
    expect(await chain.ping()).toBe(false);
    await expect(readFile(devChainFilePath(devChain.dataDir()))).rejects.toThrow(/ENOENT/);
  });
});

describe('dev chain port', () => {
  let busy: Server;
  let busyPort: number;

  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    busyPort = (busy.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => busy.close(() => resolve())));

  it('falls back to a free port when the preferred one is taken', async () => {
    const lines: string[] = [];
    const started = await startDevChain({ port: busyPort, log: (line) => lines.push(line) });
    try {
      expect(new URL(started.rpcUrl).port).not.toBe(String(busyPort));
      expect(await answersRpc(started.rpcUrl)).toBe(true);
      expect(lines.join('\n')).toContain(`Port ${busyPort} is busy`);
    } finally {
      await started.stop();
    }
    expect(await answersRpc(started.rpcUrl)).toBe(false);
  });
});

describe('dev payment amounts', () => {
  it('accepts positive decimals within the currency precision', () => {
    expect(parseDevAmount('0.05', 'ETH')).toBe(parseEther('0.05'));
    expect(parseDevAmount('25', 'USDC')).toBe(USDC('25'));
  });

  it.each([
    ['abc', 'ETH'],
    ['0', 'ETH'],
    ['-1', 'USDC'],
    ['1.1234567', 'USDC'],
    ['1e3', 'ETH'],
  ] as const)('refuses %s %s', (amount, currency) => {
    expect(() => parseDevAmount(amount, currency)).toThrow(/Bad amount/);
  });
});
