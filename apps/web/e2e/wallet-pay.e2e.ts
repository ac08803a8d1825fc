import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, erc20Abi, getAddress, parseUnits } from 'viem';
import { launchBrowser, openPage, scriptErrors, type Browser, type Page } from './browser.ts';
import { amountDue, logInBuyer, orderOnBuyPage, verifiedBuyer } from './crypto-helpers.ts';
import {
  devAccount,
  devChain,
  injectWallet,
  type DevChain,
  type WalletCall,
} from './injected-wallet.ts';

let browser: Browser;
let chain: DevChain;
beforeAll(async () => {
  browser = await launchBrowser();
  chain = await devChain();
});
afterAll(() => browser.close());

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
