import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { getAddress, type Address } from 'viem';
import type { Page } from './browser.ts';

export interface DevChain {
  rpcUrl: string;
  chainId: number;
  companyWallet: Address;
  usdcAddress: Address;
  /** The test TMC token and the distributor the site deployed (absent on an existing deployment). */
  delivery?: { tokenAddress: Address; distributorAddress: Address };
}

export interface WalletCall {
  method: string;
  params: unknown[];
}

let chain: DevChain | undefined;

/** The site's dev chain (RPC URL, chain id, company wallet, USDC contract), as it wrote it at start. */
export async function devChain(): Promise<DevChain> {
  chain ??= JSON.parse(await readFile(path.join(inject('dataDir'), 'dev-chain.json'), 'utf8'));
  return chain!;
}

/** One JSON-RPC call to the dev chain, answered as it came (result or error). */
export async function rpc(method: string, params: unknown[] = []) {
  const response = await fetch((await devChain()).rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
}

/**
 * A browser wallet as an extension would inject it: an EIP-1193 provider announced by EIP-6963,
 * whose requests the test records and forwards to the dev chain's JSON-RPC, where the dev accounts
 * are unlocked (`personal_sign` signs there too). The wallet starts on `chainId` and switches when
 * asked, except that it refuses (4001) the first `refuseSwitches` requests to switch, as a person
 * pressing Cancel on the network prompt would; `rejectSend` answers the payment with error 4001, as a person pressing Reject would;
 * `sendValue` (hex wei) replaces the value of the payment, as a person editing the amount in
 * their wallet before confirming would.
 */
export async function injectWallet(
  page: Page,
  account: Address,
  opts: {
    chainId?: number;
    refuseSwitches?: number;
    rejectSend?: boolean;
    sendValue?: string;
  } = {},
) {
  const calls: WalletCall[] = [];
  let refusals = opts.refuseSwitches ?? 0;
  let walletChainId = opts.chainId ?? (await devChain()).chainId;
  await page.exposeFunction('__testWalletRequest', async (method: string, params: unknown[]) => {
    calls.push({ method, params });
    if (method === 'eth_requestAccounts' || method === 'eth_accounts') return { result: [account] };
    if (method === 'eth_chainId') return { result: `0x${walletChainId.toString(16)}` };
    if (method === 'wallet_switchEthereumChain') {
      if (refusals > 0) {
        refusals -= 1;
        return { error: { code: 4001, message: 'User rejected the request.' } };
      }
      walletChainId = Number((params[0] as { chainId: string }).chainId);
      return { result: null };
    }
    if (method === 'eth_sendTransaction' && opts.rejectSend)
      return { error: { code: 4001, message: 'User rejected the request.' } };
    if (method === 'eth_sendTransaction' && opts.sendValue)
      return rpc(method, [{ ...(params[0] as object), value: opts.sendValue }]);
    return rpc(method, params);
  });
  await page.addInitScript(() => {
    type Answer = { result?: unknown; error?: { code: number; message: string } };
    const bridge = (window as unknown as Record<string, (m: string, p: unknown) => Promise<Answer>>)
      .__testWalletRequest!;
    const provider = {
      async request({ method, params }: { method: string; params?: unknown[] }) {
        const answer = await bridge(method, params ?? []);
        if (answer.error) throw Object.assign(new Error(answer.error.message), answer.error);
        return answer.result;
      },
      on() {},
      removeListener() {},
    };
    const info = {
      uuid: '8c1b7b2e-2f57-4a53-9c62-2b8cbb1f6d11',
      name: 'Test Wallet',
      icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E',
      rdns: 'test.wallet',
    };
    const announce = () =>
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', {
          detail: Object.freeze({ info, provider }),
        }),
      );
    window.addEventListener('eip6963:requestProvider', announce);
    announce();
  });
  return calls;
}

/** An unlocked dev account of the chain; give each test its own so payments never share a sender. */
export async function devAccount(index: number): Promise<Address> {
  const { result } = await rpc('eth_accounts');
  return getAddress((result as string[])[index]!);
}
