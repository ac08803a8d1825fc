import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getAddress } from 'viem';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountWallet, Delivery } from '@tmc/shared';
import { toast } from '../../../components/ui/toast';
import { clearSession, setSession } from '../../../lib/session';
import { tokensFixture, userFixture } from '../../../testing/fixtures';
import { mockApi, type MockHandler } from '../../../testing/mock-api';
import { renderRoutes } from '../../../testing/render';
import { DeliveryPage } from './delivery-page';

const WALLET_A = '0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const WALLET_B = '0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
const CONTRACT = '0xc0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0';
const TOKEN = '0x7070707070707070707070707070707070707070';

const delivered: Delivery = {
  deliveryWallet: WALLET_A,
  allocated: '5000.000000000000000000',
  published: { epoch: 2, cumulative: '4000.000000000000000000' },
  claimed: '1000.000000000000000000',
  claimableNow: '3000.000000000000000000',
  vesting: null,
  proof: {
    address: WALLET_A,
    cumulativeAmount: '4000000000000000000000',
    proof: [`0x${'ab'.repeat(32)}`],
    root: `0x${'cd'.repeat(32)}`,
    epoch: 2,
    contract: CONTRACT,
    chainId: 31337,
  },
  contract: CONTRACT,
  token: TOKEN,
  chainId: 31337,
  held: null,
  push: false,
};

const proven = (address: string): AccountWallet => ({
  address,
  proven: true,
  provenAt: '2026-11-01T00:00:00.000Z',
});

function open(delivery: MockHandler, wallets: AccountWallet[] = [proven(WALLET_A)], extra = {}) {
  const api = mockApi({
    'GET /v1/delivery': delivery,
    'GET /v1/account/wallets': { data: { wallets } },
    ...extra,
  });
  renderRoutes([{ path: '/', element: <DeliveryPage /> }]);
  return { api, user: userEvent.setup() };
}

const figure = (testId: string) => screen.getByTestId(testId).textContent;

beforeEach(() => {
  setSession({ user: userFixture, tokens: tokensFixture() });
});

afterEach(() => {
  act(() => toast.clear());
  clearSession();
  delete (window as { ethereum?: unknown }).ethereum;
  vi.restoreAllMocks();
});

/** The buyer's delivery while the latest root holds all 5,000 TMC for `reason`. */
const heldFor = (reason: 'no_proven_wallet' | 'no_delivery_wallet') => ({
  ...delivered,
  deliveryWallet: null,
  published: null,
  proof: null,
  claimed: '0.000000000000000000',
  claimableNow: '0.000000000000000000',
  held: { tokens: '5000.000000000000000000', reason },
});

describe('DeliveryPage', () => {
  it('shows allocated, published, claimed and claimable, and the delivery wallet', async () => {
    open({ data: delivered });
    expect(await screen.findByRole('heading', { name: 'Delivery', level: 1 })).toBeInTheDocument();
    expect(await screen.findByTestId('delivery-allocated')).toHaveTextContent('5,000.00 TMC');
    expect(figure('delivery-published')).toBe('4,000.00 TMC');
    expect(screen.getByText('In the published root (epoch 2)')).toBeInTheDocument();
    expect(figure('delivery-claimed')).toBe('1,000.00 TMC');
    expect(figure('delivery-claimable')).toBe('3,000.00 TMC');
    expect(figure('delivery-wallet')).toBe(WALLET_A);
    expect(screen.queryByTestId('delivery-unlocked')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Claim' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add TMC to my wallet' })).toBeInTheDocument();
  });

  it('with vesting, shows the unlocked amount and the next unlock as a date', async () => {
    open({
      data: {
        ...delivered,
        vesting: { unlocked: '2500.000000000000000000', nextUnlockAt: '2027-03-05T00:00:00.000Z' },
      },
    });
    expect(await screen.findByTestId('delivery-unlocked')).toHaveTextContent('2,500.00 TMC');
    expect(figure('delivery-next-unlock')).toMatch(/05 Mar 2027/);
  });

  it('says delivery has not started when there is no contract, with no Claim', async () => {
    open({
      data: {
        ...delivered,
        published: null,
        claimed: '0.000000000000000000',
        claimableNow: '0.000000000000000000',
        proof: null,
        contract: null,
        token: null,
      },
    });
    expect(await screen.findByText('Delivery has not started')).toBeInTheDocument();
    expect(figure('delivery-allocated')).toBe('5,000.00 TMC');
    expect(screen.queryByRole('button', { name: 'Claim' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download my proof' })).not.toBeInTheDocument();
  });

  it('explains a hold for want of a proven wallet, linking to the profile', async () => {
    open(
      {
        data: heldFor('no_proven_wallet'),
      },
      [],
    );
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent(
      '5,000.00 TMC are held: you have not proved a wallet yet, so there is nowhere to deliver them.',
    );
    expect(
      within(note).getByRole('link', { name: 'Prove a wallet in your profile' }),
    ).toHaveAttribute('href', '/profile#wallet');
  });

  it('explains a hold for want of a chosen wallet, and the choice sends the PUT', async () => {
    const { api, user } = open(
      {
        data: heldFor('no_delivery_wallet'),
      },
      [proven(WALLET_A), proven(WALLET_B)],
      {
        'PUT /v1/account/delivery-wallet': {
          message: 'Delivery wallet saved',
          data: { deliveryWallet: WALLET_B },
        },
      },
    );
    expect(await screen.findByRole('note')).toHaveTextContent(
      '5,000.00 TMC are held: you proved several wallets and have not chosen the one your tokens go to.',
    );
    const save = await screen.findByRole('button', { name: 'Use this wallet' });
    expect(save).toBeDisabled();
    await user.click(await screen.findByRole('radio', { name: WALLET_B }));
    await user.click(save);
    await waitFor(() =>
      expect(api.bodies('PUT /v1/account/delivery-wallet')).toEqual([{ address: WALLET_B }]),
    );
    expect(await screen.findByText('Delivery wallet saved')).toBeInTheDocument();
  });

  it('keeps Claim off while nothing is claimable', async () => {
    open({
      data: {
        ...delivered,
        claimed: '4000.000000000000000000',
        claimableNow: '0.000000000000000000',
      },
    });
    expect(await screen.findByRole('button', { name: 'Claim' })).toBeDisabled();
  });

  it('"Send my tokens for me" asks our team to send the claim, and shows it asked', async () => {
    let push = false;
    const { api, user } = open(() => ({ data: { ...delivered, push } }), [proven(WALLET_A)], {
      'PUT /v1/account/delivery-push': (body: unknown) => {
        push = (body as { push: boolean }).push;
        return { data: { push } };
      },
    });
    const choice = await screen.findByRole('checkbox', { name: /Send my tokens for me/ });
    expect(choice).not.toBeChecked();
    await user.click(choice);
    expect(api.bodies('PUT /v1/account/delivery-push')).toEqual([{ push: true }]);
    await waitFor(() => expect(choice).toBeChecked());
  });

  it('shows no choice with a single proven wallet', async () => {
    open({ data: delivered }, [proven(WALLET_A)]);
    await screen.findByTestId('delivery-wallet');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('"Download my proof" fetches the proof file with the token and saves it', async () => {
    const created = vi.fn(() => 'blob:proof');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    const { api, user } = open({ data: delivered }, [proven(WALLET_A)], {
      'GET /v1/delivery/proof.json': { data: delivered.proof },
    });
    await user.click(await screen.findByRole('button', { name: 'Download my proof' }));
    await waitFor(() => expect(names).toEqual(['tmc-proof.json']));
    expect(api.bodies('GET /v1/delivery/proof.json')).toHaveLength(1);
    const [, init] = api.spy.mock.calls.find(
      ([input]) => typeof input === 'string' && input.includes('/v1/delivery/proof.json'),
    )!;
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer access-1');
    expect(created).toHaveBeenCalledTimes(1);
  });
});

describe('Claim', () => {
  const HASH = `0x${'12'.repeat(32)}`;

  /** An EIP-1193 wallet on chain 1 that refuses the first switch and accepts the second. */
  function fakeWallet() {
    let chainId = '0x1';
    let switches = 0;
    const sent: unknown[] = [];
    const request = vi.fn(async ({ method, params }: { method: string; params?: unknown }) => {
      switch (method) {
        case 'eth_requestAccounts':
          return [WALLET_A.toLowerCase()];
        case 'eth_chainId':
          return chainId;
        case 'wallet_switchEthereumChain':
          switches += 1;
          if (switches === 1) throw Object.assign(new Error('User rejected'), { code: 4001 });
          chainId = (params as [{ chainId: string }])[0].chainId;
          return null;
        case 'eth_call':
          return `0x${(3000n * 10n ** 18n).toString(16).padStart(64, '0')}`;
        case 'eth_sendTransaction':
          sent.push((params as unknown[])[0]);
          return HASH;
        case 'eth_getTransactionReceipt':
          return { blockNumber: '0x5', status: '0x1' };
        case 'eth_blockNumber':
          return '0x5';
        default:
          throw new Error(`unexpected ${method}`);
      }
    });
    (window as { ethereum?: unknown }).ethereum = { request };
    return { request, sent };
  }

  it('asks for the right network first, sends nothing until switched, then claims and updates', async () => {
    const wallet = fakeWallet();
    let claimedOnChain = false;
    const { api, user } = open(() => ({
      data: claimedOnChain
        ? { ...delivered, claimed: '4000.000000000000000000', claimableNow: '0.000000000000000000' }
        : delivered,
    }));
    const claim = await screen.findByRole('button', { name: 'Claim' });

    await user.click(claim);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your wallet did not switch to TMC dev chain. Switch to TMC dev chain in your wallet, then press Claim again. Nothing was sent.',
    );
    expect(wallet.sent).toHaveLength(0);
    expect(wallet.request).toHaveBeenCalledWith({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x7a69' }],
    });

    claimedOnChain = true;
    await user.click(screen.getByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('Your TMC are in your wallet.')).toBeInTheDocument();
    expect(wallet.sent).toHaveLength(1);
    const tx = wallet.sent[0] as { to: string; data: string };
    expect(tx.to.toLowerCase()).toBe(CONTRACT);
    // claim(address,uint256,bytes32[])
    expect(tx.data.slice(0, 10)).toBe('0x3d13f874');
    // claimable was read before sending
    const methods = wallet.request.mock.calls.map(([call]) => call.method);
    expect(methods.indexOf('eth_call')).toBeLessThan(methods.indexOf('eth_sendTransaction'));
    await waitFor(() => expect(figure('delivery-claimed')).toBe('4,000.00 TMC'));
    expect(api.bodies('GET /v1/delivery').length).toBeGreaterThanOrEqual(2);
  });

  it('re-reads the delivery after a confirmed claim until the server counts it, without a reload', async () => {
    const wallet = fakeWallet();
    let claimSent = false;
    let readsSinceClaim = 0;
    const { api, user } = open(() => {
      if (claimSent) readsSinceClaim += 1;
      // The server's reader counts the claim only from its third read after the claim.
      return {
        data:
          readsSinceClaim >= 3
            ? {
                ...delivered,
                claimed: '4000.000000000000000000',
                claimableNow: '0.000000000000000000',
              }
            : delivered,
      };
    });
    const claim = await screen.findByRole('button', { name: 'Claim' });
    await user.click(claim);
    await screen.findByRole('alert');
    claimSent = true;
    await user.click(screen.getByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('Your TMC are in your wallet.')).toBeInTheDocument();
    expect(wallet.sent).toHaveLength(1);
    expect(figure('delivery-claimed')).toBe('1,000.00 TMC');
    await waitFor(() => expect(figure('delivery-claimed')).toBe('4,000.00 TMC'), {
      timeout: 8_000,
    });
    expect(readsSinceClaim).toBeGreaterThanOrEqual(3);
    const reads = api.bodies('GET /v1/delivery').length;
    // Once counted, the page stops re-reading.
    await new Promise((r) => setTimeout(r, 2_500));
    expect(api.bodies('GET /v1/delivery')).toHaveLength(reads);
  }, 15_000);

  it('"Add TMC to my wallet" asks the wallet to watch the token (EIP-747)', async () => {
    const request = vi.fn(async () => true);
    (window as { ethereum?: unknown }).ethereum = { request };
    const { user } = open({ data: delivered });
    await user.click(await screen.findByRole('button', { name: 'Add TMC to my wallet' }));
    expect(await screen.findByText('TMC is now listed in your wallet.')).toBeInTheDocument();
    expect(request).toHaveBeenCalledWith({
      method: 'wallet_watchAsset',
      params: {
        type: 'ERC20',
        options: { address: getAddress(TOKEN), symbol: 'TMC', decimals: 18 },
      },
    });
  });
});
