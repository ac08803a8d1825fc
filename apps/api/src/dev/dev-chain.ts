import { spawn } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  parseUnits,
  type Address,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { z } from 'zod';
import { defineRpcChain } from '../lib/chain.ts';
import type { DeliveryDeployment } from '../lib/distributor-abi.ts';
import {
  COMPANY_INDEX,
  DEPLOYER_INDEX,
  FIRST_BUYER_INDEX,
  devAccount,
  devAccounts,
  type DevAccount,
} from './dev-accounts.ts';
import { deployDistributor, deployTestTmc, testTokenAbi } from './deploy-delivery.ts';
import { devFilePath } from './dev-files.ts';
import { loadTestUsdcArtifact } from './test-usdc-artifact.ts';

export const DEV_CHAIN_ID = 31337;
export const DEV_CHAIN_DEFAULT_PORT = 8545;
export const DEV_CHAIN_FILE = 'dev-chain.json';
export const DEV_USDC_PER_ACCOUNT = 1_000_000n;

const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

export interface DevChainInfo {
  rpcUrl: string;
  chainId: number;
  companyWallet: Address;
  usdcAddress: Address;
  /** Absent when the site was given an existing deployment (DISTRIBUTOR_ADDRESS). */
  delivery?: DeliveryDeployment;
}

export interface DevChain extends DevChainInfo {
  chainId: typeof DEV_CHAIN_ID;
  /** The first ten dev accounts: #0 deployer, #1 company wallet, #2.. buyers. */
  accounts: DevAccount[];
  stop(): Promise<void>;
}

export interface StartDevChainOptions {
  /** Where dev-chain.json is written for `npm run dev:pay`; no file when unset. */
  dataDir?: string;
  /** Preferred port, 8545 by default; a free one is used when it is busy. 0: any free port. */
  port?: number;
  /** Deploys the test TMC token and the distributor (true by default). */
  deployDelivery?: boolean;
  log: (line: string) => void;
}

/**
 * Starts a Hardhat node as a child process, deploys TestUSDC and funds the
 * dev accounts with it. The chain lives in memory: every start is a fresh one.
 */
export async function startDevChain(options: StartDevChainOptions): Promise<DevChain> {
  let port = await choosePort(options.port ?? DEV_CHAIN_DEFAULT_PORT, options.log);
  for (let attempt = 1; ; attempt++) {
    try {
      return await startHardhatNode(port, options);
    } catch (error) {
      // Another process can take the port between our check and Hardhat's listen.
      if (!(error instanceof PortTakenError) || attempt === 3) throw error;
      port = await listenOnce(0);
    }
  }
}

class PortTakenError extends Error {}

async function startHardhatNode(port: number, options: StartDevChainOptions): Promise<DevChain> {
  const { log } = options;
  const rpcUrl = `http://127.0.0.1:${port}`;
  const require = createRequire(import.meta.url);
  const child = spawn(
    process.execPath,
    [
      '--require',
      devFilePath('exit-with-parent.cjs'),
      require.resolve('hardhat/internal/cli/bootstrap.js'),
      'node',
      '--hostname',
      '127.0.0.1',
      '--port',
      String(port),
      '--config',
      devFilePath('hardhat.config.cjs'),
    ],
    {
      env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );

  const stderrTail: string[] = [];
  let ready = false;
  let exited = false;
  let stopping = false;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = true;
      if (ready && !stopping) {
        log(`Dev chain stopped unexpectedly (${signal ?? `exit code ${code}`})`);
      }
      resolve();
    });
  });
  child.once('error', (error) => {
    exited = true;
    stderrTail.push(error.message);
  });
  // Hardhat logs every RPC call to stdout; it must still be read or the pipe fills up.
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (/\berror\b/i.test(line)) log(`[dev-chain] ${line.trim()}`);
  });
  // Start-up errors go into the thrown error instead, and may just mean a retry.
  createInterface({ input: child.stderr }).on('line', (line) => {
    if (ready) return log(`[dev-chain] ${line}`);
    stderrTail.push(line);
    if (stderrTail.length > 20) stderrTail.shift();
  });
  const killOnExit = () => child.kill();
  process.on('exit', killOnExit);

  let fileWritten = false;
  const stop = async () => {
    if (!stopping) {
      stopping = true;
      process.off('exit', killOnExit);
      if (!exited) {
        child.kill();
        const killed = await Promise.race([
          exit.then(() => true),
          delay(STOP_TIMEOUT_MS, false, { ref: false }),
        ]);
        if (!killed) {
          child.kill('SIGKILL');
          await exit;
        }
      }
    }
    if (fileWritten && options.dataDir) {
      fileWritten = false;
      await removeDevChainFile(options.dataDir, rpcUrl);
    }
  };

  try {
    await waitForRpc(rpcUrl, () => exited, stderrTail);
    const accounts = devAccounts();
    const usdcAddress = await deployTestUsdc(rpcUrl, accounts);
    const delivery = options.deployDelivery === false ? undefined : await deployDevDelivery(rpcUrl);
    const devChain: DevChain = {
      rpcUrl,
      chainId: DEV_CHAIN_ID,
      companyWallet: devAccount(COMPANY_INDEX).address,
      usdcAddress,
      delivery,
      accounts,
      stop,
    };
    if (options.dataDir) {
      await writeDevChainFile(options.dataDir, devChain);
      fileWritten = true;
    }
    ready = true;
    return devChain;
  } catch (error) {
    await stop();
    throw error;
  }
}

export function printDevChainBanner(devChain: DevChain, log: (line: string) => void): void {
  const buyers = devChain.accounts.slice(FIRST_BUYER_INDEX, FIRST_BUYER_INDEX + 3);
  const lines = [
    'Embedded dev chain (Hardhat node, in memory, reset at every start)',
    `  RPC URL         ${devChain.rpcUrl}`,
    `  Chain ID        ${devChain.chainId}`,
    `  Company wallet  ${devChain.companyWallet} (dev account #${COMPANY_INDEX})`,
    `  USDC contract   ${devChain.usdcAddress} (TestUSDC, 6 decimals)`,
    `  Buyer accounts with 10,000 ETH and ${DEV_USDC_PER_ACCOUNT.toLocaleString('en')} USDC each.`,
    ...(devChain.delivery
      ? [
          `  TMC token       ${devChain.delivery.tokenAddress} (TestTMC, 18 decimals)`,
          `  Distributor     ${devChain.delivery.distributorAddress} (owner: dev account #${DEPLOYER_INDEX} ${devAccount(DEPLOYER_INDEX).address}, root delay 0)`,
          '  Publish a distribution built in the console (propose, fund, accept) as the Safe would:',
          '    npm run dev:publish -- --distribution <id>',
        ]
      : []),
    '  Private keys are for the dev chain only, never use them on a real network:',
    ...buyers.map((a) => `    #${a.index}  ${a.address}  private key ${a.privateKey}`),
    `  Pay the company wallet from dev account #${FIRST_BUYER_INDEX}:`,
    '    npm run dev:pay -- --amount 0.05 --currency ETH',
    '    npm run dev:pay -- --amount 25 --currency USDC',
  ];
  for (const line of lines) log(line);
}

const hexAddress = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .transform((v) => getAddress(v));

const devChainFileSchema = z.object({
  rpcUrl: z.string(),
  chainId: z.number().int(),
  companyWallet: hexAddress,
  usdcAddress: hexAddress,
  delivery: z
    .object({
      tokenAddress: hexAddress,
      distributorAddress: hexAddress,
      startBlock: z.string().regex(/^\d+$/).transform(BigInt),
    })
    .optional(),
});

export function devChainFilePath(dataDir: string): string {
  return path.join(dataDir, DEV_CHAIN_FILE);
}

/** The running dev chain as written at start, or undefined when there is none. */
export async function readDevChainFile(dataDir: string): Promise<DevChainInfo | undefined> {
  let text: string;
  try {
    text = await readFile(devChainFilePath(dataDir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return devChainFileSchema.parse(JSON.parse(text));
}

async function writeDevChainFile(dataDir: string, devChain: DevChainInfo): Promise<void> {
  const { rpcUrl, chainId, companyWallet, usdcAddress, delivery } = devChain;
  const file = {
    rpcUrl,
    chainId,
    companyWallet,
    usdcAddress,
    delivery: delivery && { ...delivery, startBlock: delivery.startBlock.toString() },
  };
  await mkdir(dataDir, { recursive: true });
  await writeFile(devChainFilePath(dataDir), `${JSON.stringify(file, null, 2)}\n`);
}

/** Leaves the file alone when a newer dev chain has replaced it meanwhile. */
async function removeDevChainFile(dataDir: string, rpcUrl: string): Promise<void> {
  const current = await readDevChainFile(dataDir).catch(() => undefined);
  if (current?.rpcUrl === rpcUrl) await rm(devChainFilePath(dataDir), { force: true });
}

async function choosePort(preferred: number, log: (line: string) => void): Promise<number> {
  if (preferred === 0) return listenOnce(0);
  try {
    return await listenOnce(preferred);
  } catch {
    const free = await listenOnce(0);
    log(`Port ${preferred} is busy; the dev chain uses port ${free} instead`);
    return free;
  }
}

/** Binds the port on loopback and releases it: proves it is free (0: picks one). */
function listenOnce(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitForRpc(
  rpcUrl: string,
  hasExited: () => boolean,
  stderrTail: string[],
): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (hasExited()) {
      const message = `The dev chain exited during start-up:\n${stderrTail.join('\n')}`;
      if (stderrTail.some((line) => line.includes('EADDRINUSE'))) throw new PortTakenError(message);
      throw new Error(message);
    }
    try {
      if ((await rpcChainId(rpcUrl)) === DEV_CHAIN_ID) return;
    } catch {
      // Not listening yet.
    }
    await delay(100);
  }
  throw new Error(`The dev chain did not answer at ${rpcUrl} within ${START_TIMEOUT_MS / 1000} s`);
}

/**
 * The chain id the node at `rpcUrl` answers eth_chainId with (undefined for an answer without
 * one); throws when nothing answers within a second.
 */
export async function rpcChainId(rpcUrl: string): Promise<number | undefined> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    signal: AbortSignal.timeout(1_000),
  });
  const body = (await response.json()) as { result?: string };
  return body.result === undefined ? undefined : Number(body.result);
}

/** TMC for the owner to fund the distributor with, far more than any dev sale needs. */
export const DEV_TMC_FOR_OWNER = parseUnits('1000000000', 18);

/** The test TMC token and a distributor owned by dev account #0 (the Safe's stand-in), delay 0. */
async function deployDevDelivery(rpcUrl: string): Promise<DeliveryDeployment> {
  const chain = defineRpcChain({ rpcUrl, chainId: DEV_CHAIN_ID });
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
  const owner = privateKeyToAccount(devAccount(DEPLOYER_INDEX).privateKey);
  const wallet = createWalletClient({ account: owner, chain, transport });
  const tokenAddress = await deployTestTmc(publicClient, wallet);
  const minted = await publicClient.waitForTransactionReceipt({
    hash: await wallet.writeContract({
      address: tokenAddress,
      abi: testTokenAbi,
      functionName: 'mint',
      args: [owner.address, DEV_TMC_FOR_OWNER],
    }),
  });
  if (minted.status !== 'success') throw new Error('TestTMC mint failed');
  const distributor = await deployDistributor(publicClient, wallet, {
    token: tokenAddress,
    owner: owner.address,
    rootDelaySeconds: 0n,
  });
  return {
    tokenAddress,
    distributorAddress: distributor.address,
    startBlock: distributor.blockNumber,
  };
}

async function deployTestUsdc(rpcUrl: string, accounts: DevAccount[]): Promise<Address> {
  const artifact = await loadTestUsdcArtifact();
  const chain = defineRpcChain({ rpcUrl, chainId: DEV_CHAIN_ID });
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
  const wallet = createWalletClient({
    account: privateKeyToAccount(devAccount(DEPLOYER_INDEX).privateKey),
    chain,
    transport,
  });

  const deployHash = await wallet.deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode,
  });
  const { contractAddress, status } = await publicClient.waitForTransactionReceipt({
    hash: deployHash,
  });
  if (status !== 'success' || !contractAddress) throw new Error('TestUSDC deployment failed');
  const usdcAddress = getAddress(contractAddress);

  const amount = parseUnits(DEV_USDC_PER_ACCOUNT.toString(), 6);
  for (const account of accounts) {
    const hash = await wallet.writeContract({
      address: usdcAddress,
      abi: artifact.abi,
      functionName: 'mint',
      args: [account.address, amount],
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`TestUSDC mint to ${account.address} failed`);
  }
  return usdcAddress;
}
