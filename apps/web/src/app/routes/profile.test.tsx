import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@tmc/shared';
import { toast } from '../../components/ui/toast';
import { clearSession, getSession, setSession } from '../../lib/session';
import { tokensFixture, userFixture } from '../../testing/fixtures';
import { mockApi } from '../../testing/mock-api';
import { renderRoutes } from '../../testing/render';
import { routes } from '../router';

const affiliate: User = { ...userFixture, isAffiliated: true, affiliateCode: 'TMC8CODE' };

async function openProfile(
  user: User,
  fresh: User = user,
  entry: NonNullable<Parameters<typeof renderRoutes>[1]>[number] = '/profile',
) {
  setSession({ user, tokens: tokensFixture() });
  const api = mockApi({
    'GET /v1/auth/me': { data: { user: fresh } },
    'POST /v1/auth/become-affiliate': {
      data: { user: affiliate, msg: 'You are now an affiliate' },
    },
  });
  const view = renderRoutes(routes, [entry]);
  await screen.findByRole('heading', { name: 'Profile', level: 1 });
  return { api, ...view };
}

const main = () => within(screen.getByRole('main'));

afterEach(() => {
  clearSession();
  toast.clear();
  vi.restoreAllMocks();
});

describe('Profile', () => {
  it('shows the user and refreshes them from the server', async () => {
    const { api } = await openProfile(userFixture, { ...userFixture, name: 'Jamie Q. Rivers' });

    expect(main().getByText('jamie@example.com')).toBeInTheDocument();
    expect(await main().findByText('Jamie Q. Rivers')).toBeInTheDocument();
    expect(api.bodies('GET /v1/auth/me')).toHaveLength(1);
    expect(getSession().user?.name).toBe('Jamie Q. Rivers');
    expect(main().getByRole('link', { name: 'My Transactions' })).toHaveAttribute(
      'href',
      '/transaction',
    );
  });

  it('shows a saved, then proven, wallet in My TMC and the wallet list without a reload', async () => {
    const ADDRESS = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
    let saved: string | null = null;
    let proven = false;
    setSession({ user: userFixture, tokens: tokensFixture() });
    const request = vi.fn(({ method }: { method: string }) =>
      Promise.resolve(method === 'eth_requestAccounts' ? [ADDRESS.toLowerCase()] : '0xsigned'),
    );
    (window as { ethereum?: unknown }).ethereum = { request };
    const wallets = () =>
      saved
        ? [{ address: saved, proven, provenAt: proven ? '2026-11-27T00:00:00.000Z' : null }]
        : [];
    mockApi({
      'GET /v1/auth/me': () => ({ data: { user: { ...userFixture, walletAddress: saved } } }),
      'GET /v1/account/wallets': () => ({ data: { wallets: wallets() } }),
      'GET /v1/purchase/holdings': () => ({
        data: {
          allocated: '0',
          pendingReview: '0',
          tokenSymbol: 'TMC',
          wallet: saved,
          deliveryStatement: 'Tokens are delivered after the presale.',
        },
      }),
      'GET /v1/delivery': { status: 404, message: 'Not here' },
      'POST /v1/auth/update-wallet': () => {
        saved = ADDRESS;
        return {
          data: { user: { ...userFixture, walletAddress: ADDRESS }, msg: 'Wallet address updated' },
        };
      },
      'POST /v1/account/wallets/nonce': { data: { message: 'sign in', nonce: 'n', expiresAt: '' } },
      'POST /v1/account/wallets/prove': () => {
        proven = true;
        return { data: { wallets: wallets() }, message: 'Wallet proven' };
      },
    });
    renderRoutes(routes, ['/profile']);
    const user = userEvent.setup();
    const myTmc = () => within(screen.getByRole('region', { name: 'My TMC' }));
    expect(
      await screen.findByText(/No wallet saved: your tokens cannot be delivered/),
    ).toBeInTheDocument();
    expect(await screen.findByText(/No wallet yet: save one above/)).toBeInTheDocument();

    await user.type(main().getByLabelText('Wallet Address'), ADDRESS);
    await user.type(main().getByLabelText(/^Password/), 'my password');
    await user.click(main().getByRole('button', { name: 'Update wallet' }));

    expect(await myTmc().findByText(ADDRESS)).toBeInTheDocument();
    expect(
      screen.queryByText(/No wallet saved: your tokens cannot be delivered/),
    ).not.toBeInTheDocument();
    const list = within(screen.getByRole('region', { name: 'Proven wallets' }));
    expect(await list.findByText('Not proven')).toBeInTheDocument();

    await user.click(list.getByRole('button', { name: 'Prove this wallet' }));
    expect(await list.findByText('Proven')).toBeInTheDocument();
    expect(list.queryByRole('button', { name: 'Prove this wallet' })).not.toBeInTheDocument();
    delete (window as { ethereum?: unknown }).ethereum;
  });

  it('keeps Update wallet disabled while the wallet input is empty', async () => {
    await openProfile(userFixture);
    const input = await screen.findByLabelText('Wallet Address');
    const button = main().getByRole('button', { name: 'Update wallet' });
    expect(button).toBeDisabled();
    await userEvent.setup().type(input, '0xabc');
    expect(button).toBeEnabled();
  });

  it('never fills in the delivery wallet from the URL, only from the payment flow state', async () => {
    const planted = '0x52908400098527886E0F7030069857D2E4169EE7';
    const { unmount } = await openProfile(userFixture, userFixture, `/profile?wallet=${planted}`);
    expect(await screen.findByLabelText('Wallet Address')).toHaveValue('');
    unmount();
    await openProfile(userFixture, userFixture, {
      pathname: '/profile',
      state: { suggestedWallet: planted },
    });
    expect(await screen.findByLabelText('Wallet Address')).toHaveValue(planted);
    // Saving it still asks for the password.
    expect(main().getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
  });

  it('explains how to create a wallet, step by step', async () => {
    await openProfile(userFixture);
    const user = userEvent.setup();
    await user.click(await main().findByRole('button', { name: 'How do I create a wallet?' }));

    const dialog = screen.getByRole('dialog', { name: 'How do I create a wallet?' });
    const steps = within(dialog).getAllByRole('listitem');
    expect(steps).toHaveLength(5);
    expect(steps[2]).toHaveTextContent(/Never share your recovery phrase/);
    expect(within(dialog).queryByTitle(/video/i)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lets a user become an affiliate through the terms: Reject closes, Accept joins', async () => {
    const { api } = await openProfile(userFixture);
    const user = userEvent.setup();
    expect(main().queryByRole('link', { name: 'My Affiliates' })).not.toBeInTheDocument();

    await user.click(await main().findByRole('button', { name: 'Become an Affiliate' }));
    let dialog = screen.getByRole('dialog', { name: 'Terms and Conditions' });
    expect(within(dialog).getByText(/Worked example/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.bodies('POST /v1/auth/become-affiliate')).toHaveLength(0);

    await user.click(main().getByRole('button', { name: 'Become an Affiliate' }));
    dialog = screen.getByRole('dialog', { name: 'Terms and Conditions' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));

    expect(await screen.findByText('You are now an affiliate')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.bodies('POST /v1/auth/become-affiliate')).toHaveLength(1);
    expect(getSession().user).toMatchObject({ isAffiliated: true, affiliateCode: 'TMC8CODE' });
    expect(main().getByLabelText('Your referral link')).toHaveTextContent(
      `${window.location.origin}/?referral_code=TMC8CODE`,
    );
    expect(main().queryByRole('button', { name: 'Become an Affiliate' })).not.toBeInTheDocument();
  });

  it("shows an affiliate's link with copy, QR code, My Affiliates and the terms page", async () => {
    await openProfile(affiliate);

    const link = `${window.location.origin}/?referral_code=TMC8CODE`;
    expect(await main().findByLabelText('Your referral link')).toHaveTextContent(link);
    expect(main().getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    const qr = await main().findByRole('img', { name: 'QR code of your referral link' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(main().getByRole('link', { name: 'My Affiliates' })).toHaveAttribute(
      'href',
      '/affiliates',
    );
    expect(main().getByRole('link', { name: 'Affiliate Disclaimer' })).toHaveAttribute(
      'href',
      '/affiliate-disclaimer',
    );
    expect(main().queryByRole('button', { name: 'Become an Affiliate' })).not.toBeInTheDocument();
  });
});
