import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { encodeFunctionData, erc20Abi, getAddress, parseUnits, type Address } from 'viem';
import { launchBrowser, openPage, scriptErrors, type Browser, type Page } from './browser.ts';
import { amountDue, logInBuyer, orderOnBuyPage, verifiedBuyer } from './crypto-helpers.ts';

interface DevChain {
  rpcUrl: string;
  chainId: number;
  companyWallet: Address;
  usdcAddress: Address;
}

interface WalletCall {
  method: string;
  params: unknown[];
}

let browser: Browser;
let chain: DevChain;
beforeAll(async () => {
  browser = await launchBrowser();
  chain = JSON.parse(await readFile(path.join(inject('dataDir'), 'dev-chain.json'), 'utf8'));
});
afterAll(() => browser.close());

async function rpc(method: string, params: unknown[] = []) {
  const response = await fetch(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
}

/**
 * A browser wallet as an extension would inject it: an EIP-1193 provider announced by EIP-6963,
 * whose requests the test records and forwards to the dev chain's JSON-RPC, where the dev accounts
 * are unlocked. The wallet starts on `chainId` and switches when asked; `rejectSend` answers the
 * payment with error 4001, as a person pressing Reject would.
 */
async function injectWallet(
  page: Page,
  account: Address,
  opts: { chainId?: number; rejectSend?: boolean } = {},
) {
  const calls: WalletCall[] = [];
  let walletChainId = opts.chainId ?? chain.chainId;
  await page.exposeFunction('__testWalletRequest', async (method: string, params: unknown[]) => {
    calls.push({ method, params });
    if (method === 'eth_requestAccounts' || method === 'eth_accounts') return { result: [account] };
    if (method === 'eth_chainId') return { result: `0x${walletChainId.toString(16)}` };
    if (method === 'wallet_switchEthereumChain') {
      walletChainId = Number((params[0] as { chainId: string }).chainId);
      return { result: null };
    }
    if (method === 'eth_sendTransaction' && opts.rejectSend)
      return { error: { code: 4001, message: 'User rejected the request.' } };
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

/** An unlocked dev account of the chain, one per test so parallel payments never share a sender. */
async function devAccount(index: number): Promise<Address> {
  const { result } = await rpc('eth_accounts');
  return getAddress((result as string[])[index]!);
}

const sent = (calls: WalletCall[]) =>
  calls.filter((c) => c.method === 'eth_sendTransaction').map((c) => c.params[0]) as {
    from: string;
    to: string;
    value?: string;
    data?: string;
  }[];

async function placeOrder(page: Page, coinHint: string, coin: string, nominal: string) {
  await orderOnBuyPage(page, coinHint, nominal);
  await page.getByRole('button', { name: 'Submit' }).click();
  const due = await amountDue(page, coin, nominal);
  const dialog = page.getByRole('dialog', { name: 'Presale request submitted' });
  return { due, panel: dialog.getByRole('region', { name: 'Pay from this browser' }) };
}

describe('pay with a browser wallet', () => {
  it('pays an ETH order from the wallet with the exact quoted amount and follows it to verified, no hash typed', async () => {
    const { page, errors, close } = await openPage(browser);
    const account = await devAccount(5);
    const calls = await injectWallet(page, account);
    await logInBuyer(page, await verifiedBuyer('Wendy'));

    const { due, panel } = await placeOrder(page, 'Ethereum', 'ETH', '0.05');
    await panel.getByRole('button', { name: 'Pay with wallet' }).click();

    await panel.getByText('Payment verified, your presale request is accepted').waitFor();
    await panel.getByText('Confirmations 1 / 1').waitFor();
    const [transfer, ...more] = sent(calls);
    expect(more).toEqual([]);
    expect(getAddress(transfer!.to)).toBe(chain.companyWallet);
    expect(getAddress(transfer!.from)).toBe(account);
    expect(BigInt(transfer!.value!)).toBe(parseUnits(due, 18));
    expect(transfer!.data).toBeUndefined();
    expect(calls.some((c) => c.method === 'wallet_switchEthereumChain')).toBe(false);
    // No wallet saved yet: the buyer is offered to save the paying account.
    await panel.getByRole('link', { name: /Save it as my wallet/ }).waitFor();

    await page.goto('/presale-requests');
    await page.getByRole('cell', { name: 'Accepted' }).waitFor();
    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });

  it('switches a wallet on another chain, then pays a USDC order with transfer(companyWallet, amount)', async () => {
    const { page, errors, close } = await openPage(browser);
    const account = await devAccount(6);
    const calls = await injectWallet(page, account, { chainId: 1 });
    await logInBuyer(page, await verifiedBuyer('Xavi'));

    const { due, panel } = await placeOrder(page, 'USD Coin', 'USDC', '40');
    await panel.getByRole('button', { name: 'Pay with wallet' }).click();
    await panel.getByText('Payment verified, your presale request is accepted').waitFor();

    const switches = calls.filter((c) => c.method === 'wallet_switchEthereumChain');
    expect(switches.map((c) => c.params)).toEqual([
      [{ chainId: `0x${chain.chainId.toString(16)}` }],
    ]);
    const switchedAt = calls.indexOf(switches[0]!);
    const sentAt = calls.findIndex((c) => c.method === 'eth_sendTransaction');
    expect(switchedAt).toBeLessThan(sentAt);
    const [transfer, ...more] = sent(calls);
    expect(more).toEqual([]);
    expect(getAddress(transfer!.to)).toBe(chain.usdcAddress);
    expect(BigInt(transfer!.value ?? '0x0')).toBe(0n);
    expect(transfer!.data).toBe(
      encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [chain.companyWallet, parseUnits(due, 6)],
      }),
    );

    await page.goto('/presale-requests');
    await page.getByRole('cell', { name: 'Accepted' }).waitFor();
    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });

  it('shows a payment rejected in the wallet (4001) and leaves the order Pending', async () => {
    const { page, errors, close } = await openPage(browser);
    const calls = await injectWallet(page, await devAccount(7), { rejectSend: true });
    await logInBuyer(page, await verifiedBuyer('Yara'));

    const { panel } = await placeOrder(page, 'Ethereum', 'ETH', '0.05');
    await panel.getByRole('button', { name: 'Pay with wallet' }).click();
    await panel
      .getByRole('alert')
      .getByText(/You rejected the request in your wallet\. Nothing was sent/)
      .waitFor();
    expect(sent(calls)).toHaveLength(1);
    // Nothing was sent, so the buyer can try again.
    expect(await panel.getByRole('button', { name: 'Pay with wallet' }).isEnabled()).toBe(true);

    await page.goto('/presale-requests');
    await page.getByRole('cell', { name: 'Pending' }).waitFor();
    expect(scriptErrors(errors)).toEqual([]);
    await close();
  });
});
