import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authMessages, messages } from '@tmc/shared';
import { toast } from '../../../components/ui/toast';
import { clearSession, getSession, setSession } from '../../../lib/session';
import { tokensFixture, userFixture } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithClient } from '../../../testing/render';
import { WalletForm } from './wallet-form';

const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';

const input = () => screen.getByLabelText('Wallet Address');
const button = () => screen.getByRole('button', { name: 'Update wallet' });

afterEach(() => {
  clearSession();
  toast.clear();
  vi.restoreAllMocks();
});

describe('WalletForm', () => {
  it('shows the current wallet, or says there is none', () => {
    const { unmount } = renderWithClient(<WalletForm currentWallet={null} />);
    expect(screen.getByText('No wallet address saved yet.')).toBeInTheDocument();
    unmount();
    renderWithClient(<WalletForm currentWallet={WALLET} />);
    expect(screen.getByText(WALLET)).toBeInTheDocument();
  });

  it('keeps Update wallet disabled while the input is empty', async () => {
    const user = userEvent.setup();
    renderWithClient(<WalletForm currentWallet={null} />);

    expect(button()).toBeDisabled();
    await user.type(input(), '   ');
    expect(button()).toBeDisabled();
    await user.type(input(), '0x1');
    expect(button()).toBeEnabled();
    await user.clear(input());
    expect(button()).toBeDisabled();
  });

  it("shows 'Invalid wallet address format' and clears it on focus", async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderWithClient(<WalletForm currentWallet={null} />);

    await user.type(input(), '0x1234{Enter}');

    expect(await screen.findByText(messages.walletFormat)).toBeInTheDocument();
    expect(input()).toHaveAccessibleDescription(messages.walletFormat);
    expect(api.spy).not.toHaveBeenCalled();
    await user.tab();
    await user.click(input());
    expect(screen.queryByText(messages.walletFormat)).not.toBeInTheDocument();
  });

  it('saves the wallet, updates the signed-in user and says so', async () => {
    setSession({ user: userFixture, tokens: tokensFixture() });
    const api = mockApi({
      'POST /v1/auth/update-wallet': {
        data: { user: { ...userFixture, walletAddress: WALLET }, msg: 'Wallet address updated' },
      },
    });
    const user = userEvent.setup();
    renderWithClient(<WalletForm currentWallet={null} />);

    await user.type(input(), WALLET.toLowerCase());
    await user.type(screen.getByLabelText(/^Password/), 'my password');
    await user.click(button());

    expect(await screen.findByText('Wallet address updated')).toBeInTheDocument();
    expect(api.bodies('POST /v1/auth/update-wallet')).toEqual([
      { walletAddress: WALLET.toLowerCase(), password: 'my password' },
    ]);
    expect(getSession().user?.walletAddress).toBe(WALLET);
    await waitFor(() => expect(input()).toHaveValue(''));
  });

  it('asks for the password before sending anything', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderWithClient(<WalletForm currentWallet={null} />);
    await user.type(input(), `${WALLET}{Enter}`);
    expect(await screen.findByText(authMessages.confirmPassword)).toBeInTheDocument();
    expect(api.spy).not.toHaveBeenCalled();
  });

  it('shows the server message when the update fails', async () => {
    setSession({ user: userFixture, tokens: tokensFixture() });
    mockApi({
      'POST /v1/auth/update-wallet': { status: 400, message: messages.walletFormat },
    });
    const user = userEvent.setup();
    renderWithClient(<WalletForm currentWallet={null} />);

    await user.type(input(), WALLET);
    await user.type(screen.getByLabelText(/^Password/), 'my password');
    await user.click(button());

    expect(await screen.findByText(messages.walletFormat)).toBeInTheDocument();
    expect(getSession().user?.walletAddress).toBeNull();
  });
});
