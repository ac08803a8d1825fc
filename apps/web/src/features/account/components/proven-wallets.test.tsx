import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { walletProofMessages } from '@tmc/shared';
import { clearSession, setSession } from '../../../lib/session';
import { tokensFixture, userFixture } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithClient } from '../../../testing/render';
import { ProvenWallets } from './proven-wallets';

const ADDRESS = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const MESSAGE = 'localhost wants you to sign in with your Ethereum account:';

describe('ProvenWallets', () => {
  beforeEach(() => setSession({ user: userFixture, tokens: tokensFixture() }));
  afterEach(() => {
    clearSession();
    delete (window as { ethereum?: unknown }).ethereum;
  });

  it('says why a wallet is worth proving, before asking to sign (p10)', async () => {
    mockApi({ 'GET /v1/account/wallets': { data: { wallets: [] } } });
    renderWithClient(<ProvenWallets />);
    expect(
      await screen.findByText(
        /^Prove a wallet you pay from: your browser wallet signs a free message/,
      ),
    ).toBeInTheDocument();
  });

  it('lists the wallets and proves one with the browser wallet’s personal_sign', async () => {
    const request = vi.fn(({ method }: { method: string }) =>
      Promise.resolve(method === 'eth_requestAccounts' ? [ADDRESS.toLowerCase()] : '0xsigned'),
    );
    (window as { ethereum?: unknown }).ethereum = { request };
    // The server's list after the proof (the screens that show it are refreshed from it).
    let proven = false;
    const api = mockApi({
      'GET /v1/account/wallets': () => ({
        data: {
          wallets: [
            { address: ADDRESS, proven, provenAt: proven ? '2026-01-01T00:00:00.000Z' : null },
          ],
        },
      }),
      'POST /v1/account/wallets/nonce': { data: { message: MESSAGE, nonce: 'n', expiresAt: '' } },
      'POST /v1/account/wallets/prove': () => {
        proven = true;
        return {
          data: {
            wallet: { address: ADDRESS, proven: true, provenAt: '2026-01-01T00:00:00.000Z' },
            wallets: [{ address: ADDRESS, proven: true, provenAt: '2026-01-01T00:00:00.000Z' }],
          },
          message: walletProofMessages.proven,
        };
      },
    });
    const user = userEvent.setup();
    renderWithClient(<ProvenWallets />);
    expect(await screen.findByText('Not proven')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Prove this wallet' }));
    expect(await screen.findByText('Proven')).toBeInTheDocument();
    expect(api.bodies('POST /v1/account/wallets/nonce')).toEqual([{ address: ADDRESS }]);
    expect(api.bodies('POST /v1/account/wallets/prove')).toEqual([
      { message: MESSAGE, signature: '0xsigned' },
    ]);
    const sign = request.mock.calls.find(([args]) => args.method === 'personal_sign');
    expect(sign?.[0]).toMatchObject({ params: [expect.stringMatching(/^0x/), ADDRESS] });
    await waitFor(() => expect(screen.getByText(walletProofMessages.proven)).toBeInTheDocument());
  });

  it('proves with a wallet that only announces itself by EIP-6963 (no window.ethereum)', async () => {
    const request = vi.fn(({ method }: { method: string }) =>
      Promise.resolve(method === 'eth_requestAccounts' ? [ADDRESS] : '0xsigned'),
    );
    const announce = () =>
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', {
          detail: {
            info: { uuid: 'announced-only', name: 'Announced', icon: '', rdns: 'test.announced' },
            provider: { request },
          },
        }),
      );
    window.addEventListener('eip6963:requestProvider', announce);
    try {
      const provenAt = '2026-01-01T00:00:00.000Z';
      let proven = false;
      mockApi({
        'GET /v1/account/wallets': () => ({
          data: { wallets: [{ address: ADDRESS, proven, provenAt: proven ? provenAt : null }] },
        }),
        'POST /v1/account/wallets/nonce': {
          data: { message: MESSAGE, nonce: 'n', expiresAt: '' },
        },
        'POST /v1/account/wallets/prove': () => {
          proven = true;
          return {
            data: {
              wallet: { address: ADDRESS, proven: true, provenAt },
              wallets: [{ address: ADDRESS, proven: true, provenAt }],
            },
            message: walletProofMessages.proven,
          };
        },
      });
      const user = userEvent.setup();
      renderWithClient(<ProvenWallets />);
      await user.click(await screen.findByRole('button', { name: 'Prove this wallet' }));
      expect(await screen.findByText('Proven')).toBeInTheDocument();
      expect(request.mock.calls.map(([args]) => args.method)).toEqual([
        'eth_requestAccounts',
        'personal_sign',
      ]);
      expect(screen.queryByText(/No browser wallet found/)).not.toBeInTheDocument();
    } finally {
      window.removeEventListener('eip6963:requestProvider', announce);
    }
  });

  it('says so when there is no wallet yet', async () => {
    mockApi({ 'GET /v1/account/wallets': { data: { wallets: [] } } });
    renderWithClient(<ProvenWallets />);
    expect(await screen.findByText(/No wallet yet/)).toBeInTheDocument();
  });
});
