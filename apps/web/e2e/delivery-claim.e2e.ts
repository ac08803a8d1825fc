import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { StandardMerkleTree } from '@openzeppelin/merkle-tree';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createPublicClient,
  erc20Abi,
  getAddress,
  http,
  parseAbi,
  parseEther,
  parseUnits,
  toHex,
  type Address,
  type Hex,
} from 'viem';
import { formatMoney } from '../src/lib/format.ts';
import { accessToken, post } from './accounts-api.ts';
import { baseUrl, launchBrowser, openPage, scriptErrors, type Browser } from './browser.ts';
import { logInBuyer, PASSWORD, verifiedBuyer } from './crypto-helpers.ts';
import { devAccount, devChain, injectWallet, rpc, type DevChain } from './injected-wallet.ts';
import { logInAsStaff } from './staff.ts';

/*
 * Token delivery in the browser: a buyer with an accepted order and a proven wallet, a
 * distribution built on the staff page and published as the Safe would (dev:publish from dev
 * account #0), then the buyer's Delivery page with a wallet on another network.
 * Dev account 8 is the buyer's: no other browser test sends from it or proves it.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const BUYER_ACCOUNT = 8;
/** The site's watcher reads the chain every 15 s by default. */
const WATCHER_WAIT_MS = 50_000;

const distributorAbi = parseAbi([
  'function cumulativeClaimed(address) view returns (uint256)',
  'function epoch() view returns (uint256)',
]);

interface Delivery {
  allocated: string;
  published: { epoch: number; cumulative: string } | null;
  claimed: string;
  proof: { address: Address; cumulativeAmount: string; proof: Hex[]; root: Hex } | null;
}

let browser: Browser;
let chain: DevChain;
let distributor: Address;
let token: Address;
let publicClient: ReturnType<typeof createPublicClient>;
beforeAll(async () => {
  browser = await launchBrowser();
  chain = await devChain();
  expect(chain.delivery, 'the dev chain deployed the distributor').toBeDefined();
  ({ distributorAddress: distributor, tokenAddress: token } = chain.delivery!);
  publicClient = createPublicClient({ transport: http(chain.rpcUrl) });
});
afterAll(() => browser.close());

async function getDelivery(bearer: string): Promise<Delivery> {
  const response = await fetch(`${baseUrl()}/v1/delivery`, {
    headers: { authorization: `Bearer ${bearer}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Delivery }).data;
}

/** Polls the buyer's delivery until `ready` holds (the watcher reads the chain on its own clock). */
async function deliveryWhen(bearer: string, ready: (d: Delivery) => boolean, what: string) {
  const deadline = Date.now() + WATCHER_WAIT_MS;
  for (;;) {
    const delivery = await getDelivery(bearer);
    if (ready(delivery)) return delivery;
    if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(delivery)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Sign-In with Ethereum through the API, signed by the dev node (the account is unlocked there). */
async function proveWallet(bearer: string, address: Address) {
  const nonce = await post('/v1/account/wallets/nonce', { address }, { token: bearer });
  const message = nonce.data.message as string;
  const { result: signature } = await rpc('personal_sign', [toHex(message), address]);
  await post('/v1/account/wallets/prove', { message, signature }, { token: bearer });
}

/** An ETH order paid with its exact quote from `from` and verified: accepted. */
async function acceptedEthOrder(bearer: string, from: Address) {
  const order = await post(
    '/v1/purchase/add-crypto',
    { investmentAmount: '0.05', currency: 'ETH' },
    { token: bearer },
  );
  const transaction = order.data.transaction as { _id: string; price: string };
  const { result: hash, error } = await rpc('eth_sendTransaction', [
    { from, to: chain.companyWallet, value: toHex(parseEther(transaction.price)) },
  ]);
  expect(error).toBeUndefined();
  await publicClient.waitForTransactionReceipt({ hash: hash as Hex });
  // The watcher may credit it first; either way the order ends accepted.
  await fetch(`${baseUrl()}/v1/transaction/verify-crypto-pay/${transaction._id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
    body: JSON.stringify({ txnHash: hash }),
  });
}

const claimedOnChain = (account: Address) =>
  publicClient.readContract({
    address: distributor,
    abi: distributorAbi,
    functionName: 'cumulativeClaimed',
    args: [account],
  });
const tmcBalance = (account: Address) =>
  publicClient.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [account],
  });

describe('claim on the Delivery page with a browser wallet', () => {
  it('asks a wallet on another network to switch and sends nothing until it does; then claims and shows the amount arrive without a reload', async () => {
    const account = await devAccount(BUYER_ACCOUNT);
    const email = await verifiedBuyer('Delia');
    const bearer = await accessToken(email, PASSWORD);
    await proveWallet(bearer, account);
    await acceptedEthOrder(bearer, account);
    const before = await deliveryWhen(bearer, (d) => /[1-9]/.test(d.allocated), 'never allocated');
    expect(before.published).toBeNull();
    const allocated = parseUnits(before.allocated, 18);

    // Staff build the draft on the Distributions page and download its Safe batch.
    const staff = await openPage(browser);
    await logInAsStaff(staff.page);
    await staff.page.goto('/admin/distributions');
    await staff.page.getByRole('button', { name: 'Build draft' }).click();
    const detail = staff.page.getByRole('region', { name: /^Epoch \d+$/ });
    await detail.getByRole('button', { name: 'Download safe-tx.json' }).waitFor();
    const [download] = await Promise.all([
      staff.page.waitForEvent('download'),
      detail.getByRole('button', { name: 'Download safe-tx.json' }).click(),
    ]);
    const batchPath = path.join(inject('dataDir'), 'safe-tx.json');
    await download.saveAs(batchPath);
    expect(scriptErrors(staff.errors)).toEqual([]);
    await staff.close();

    // The Safe's part, as dev:publish sends it from dev account #0: propose, fund, accept.
    await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/api/src/dev/publish.ts',
        '--file',
        batchPath,
        '--data-dir',
        inject('dataDir'),
      ],
      { cwd: root },
    );
    const epoch = Number(
      await publicClient.readContract({
        address: distributor,
        abi: distributorAbi,
        functionName: 'epoch',
      }),
    );
    const published = await deliveryWhen(
      bearer,
      (d) => d.published?.epoch === epoch,
      'the accepted root never reached the site',
    );
    expect(published.published!.cumulative).toBe(before.allocated);
    expect(getAddress(published.proof!.address)).toBe(account);
    const balanceBefore = await tmcBalance(account);
    expect(await claimedOnChain(account)).toBe(0n);

    // The buyer's wallet is on Ethereum mainnet and turns down the first request to switch.
    const { page, errors, close } = await openPage(browser);
    const calls = await injectWallet(page, account, { chainId: 1, refuseSwitches: 1 });
    await logInBuyer(page, email);
    await page.goto('/delivery');
    const figure = (id: string) => page.getByTestId(id);
    await figure('delivery-published').getByText(formatMoney(before.allocated, 'TMC')).waitFor();
    expect(await figure('delivery-claimed').textContent()).toBe(formatMoney('0', 'TMC'));

    await page.getByRole('button', { name: 'Claim' }).click();
    await page
      .getByRole('alert')
      .getByText(/^Your wallet did not switch to .+\. Nothing was sent\.$/)
      .waitFor();
    const switches = calls.filter((c) => c.method === 'wallet_switchEthereumChain');
    expect(switches.map((c) => c.params)).toEqual([
      [{ chainId: `0x${chain.chainId.toString(16)}` }],
    ]);
    expect(calls.filter((c) => c.method === 'eth_sendTransaction')).toEqual([]);
    expect(await tmcBalance(account)).toBe(balanceBefore);
    expect(await claimedOnChain(account)).toBe(0n);

    // Switched this time: the claim goes out and the page follows it to the end, in place.
    await page.evaluate(
      () => ((window as unknown as { sameDocument: boolean }).sameDocument = true),
    );
    await page.getByRole('button', { name: 'Claim' }).click();
    const progress = page.getByRole('region', { name: 'Claim progress' });
    await progress.waitFor();
    await page.getByText('Your TMC are in your wallet.').waitFor({ timeout: WATCHER_WAIT_MS });
    await figure('delivery-claimed')
      .getByText(formatMoney(before.allocated, 'TMC'), { exact: true })
      .waitFor({ timeout: WATCHER_WAIT_MS });
    await figure('delivery-claimable')
      .getByText(formatMoney('0', 'TMC'), { exact: true })
      .waitFor({ timeout: WATCHER_WAIT_MS });
    expect(
      await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).toBe(true);
    const steps = await progress.getByRole('listitem').allTextContents();
    expect(steps).toHaveLength(3);
    expect(steps[0]).toMatch(/^Sent0x[0-9a-f]+…[0-9a-f]+\(done\)$/);
    expect(steps.slice(1)).toEqual([
      expect.stringMatching(/^Confirmations (\d+) \/ \1\(done\)$/),
      'Claimed(done)',
    ]);

    const sent = calls.filter((c) => c.method === 'eth_sendTransaction');
    expect(sent).toHaveLength(1);
    const tx = sent[0]!.params[0] as { from: string; to: string };
    expect(getAddress(tx.to)).toBe(distributor);
    expect(getAddress(tx.from)).toBe(account);
    const methods = calls.map((c) => c.method);
    expect(methods.lastIndexOf('wallet_switchEthereumChain')).toBeLessThan(
      methods.indexOf('eth_sendTransaction'),
    );
    // What can be claimed is read on chain before the claim is sent.
    expect(methods.lastIndexOf('eth_call', methods.indexOf('eth_sendTransaction'))).toBeGreaterThan(
      methods.lastIndexOf('wallet_switchEthereumChain'),
    );
    expect(await claimedOnChain(account)).toBe(allocated);
    expect(await tmcBalance(account)).toBe(balanceBefore + allocated);

    // "Download my proof": the proof file, which proves the leaf under the published root.
    const [proofDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my proof' }).click(),
    ]);
    const proofFile = JSON.parse(await readFile(await proofDownload.path(), 'utf8')) as {
      address: string;
      cumulativeAmount: string;
      proof: Hex[];
      root: Hex;
      epoch: number;
      contract: string;
      chainId: number;
    };
    expect({ ...proofFile, address: getAddress(proofFile.address) }).toEqual({
      address: account,
      cumulativeAmount: allocated.toString(),
      proof: published.proof!.proof,
      root: published.proof!.root,
      epoch,
      contract: distributor,
      chainId: chain.chainId,
    });
    expect(
      StandardMerkleTree.verify(
        proofFile.root,
        ['address', 'uint256'],
        [proofFile.address, proofFile.cumulativeAmount],
        proofFile.proof,
      ),
    ).toBe(true);
    expect(proofDownload.suggestedFilename()).toMatch(/^tmc-proof.*\.json$/);

    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: '/tmp/delivery-claimed-360.png', fullPage: true });
    expect(scriptErrors(errors)).toEqual([]);
    await close();
  }, 240_000);
});
