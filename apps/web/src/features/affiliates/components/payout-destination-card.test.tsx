import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../components/ui/toast';
import { mockApi } from '../../../testing/mock-api';
import { renderWithClient } from '../../../testing/render';
import { PayoutDestinationCard } from './payout-destination-card';

const PATH = '/v1/affiliate/payout-destination';
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';

afterEach(() => {
  toast.clear();
  vi.restoreAllMocks();
});

describe('PayoutDestinationCard', () => {
  it('checks the bank fields before sending, and focuses the first one in error', async () => {
    const api = mockApi({ [`GET ${PATH}`]: { data: { destination: null } } });
    const user = userEvent.setup();
    renderWithClient(<PayoutDestinationCard />);

    await user.type(await screen.findByLabelText(/^BSB/), '12');
    await user.click(screen.getByRole('button', { name: 'Save payout destination' }));

    expect(await screen.findByText('Enter the name on the bank account')).toBeInTheDocument();
    expect(screen.getByText('BSB must be 6 digits, e.g. 062-000')).toBeInTheDocument();
    expect(screen.getByText('Account number must be 5 to 9 digits')).toBeInTheDocument();
    expect(screen.getByText('Enter your password to confirm')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Account name/)).toHaveFocus());
    expect(api.bodies(`POST ${PATH}`)).toEqual([]);
  });

  it('shows a wrong password under its field, then saves the wallet and says so', async () => {
    let tries = 0;
    const api = mockApi({
      [`GET ${PATH}`]: { data: { destination: null } },
      [`POST ${PATH}`]: () =>
        ++tries === 1
          ? { status: 400, message: 'Password is incorrect' }
          : {
              message: 'Payout destination saved',
              data: {
                destination: { kind: 'wallet', walletAddress: WALLET, updatedAt: '2026-11-27' },
              },
            },
    });
    const user = userEvent.setup();
    renderWithClient(<PayoutDestinationCard />);

    await user.click(await screen.findByRole('radio', { name: 'Wallet' }));
    await user.type(screen.getByLabelText(/^Wallet address/), WALLET);
    await user.type(screen.getByLabelText(/^Password/), 'wrong one');
    await user.click(screen.getByRole('button', { name: 'Save payout destination' }));

    expect(await screen.findByLabelText(/^Password/)).toHaveAccessibleDescription(
      /Password is incorrect/,
    );
    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'right one');
    await user.click(screen.getByRole('button', { name: 'Save payout destination' }));

    expect(await screen.findByText('Payout destination saved')).toBeInTheDocument();
    expect(api.bodies(`POST ${PATH}`)).toEqual([
      { kind: 'wallet', walletAddress: WALLET, password: 'wrong one' },
      { kind: 'wallet', walletAddress: WALLET, password: 'right one' },
    ]);
  });
});
