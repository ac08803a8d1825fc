import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../../lib/session';
import { tokensFixture, userFixture } from '../../../testing/fixtures';
import { renderWithClient } from '../../../testing/render';
import { PayWithWallet, type PayWithWalletProps } from './pay-with-wallet';

const props: PayWithWalletProps = {
  transactionId: 't-1',
  currency: 'ETH',
  amount: '0.050006',
  companyWallet: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  chainId: 31337,
  usdcAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  expiresAt: null,
  chainName: 'Hardhat',
  rpcUrl: null,
  explorerUrl: null,
  minConfirmations: 3,
  savedWallet: null,
  verify: vi.fn(),
};

const NOTE = /^Your wallet may first ask you to sign a free message proving it is yours/;

afterEach(() => clearSession());

describe('Pay with wallet (m14)', () => {
  it('warns a signed-in buyer of the signature before the payment', () => {
    setSession({ user: userFixture, tokens: tokensFixture() });
    renderWithClient(<PayWithWallet {...props} />);
    expect(screen.getByRole('button', { name: 'Pay with wallet' })).toBeInTheDocument();
    expect(screen.getByText(NOTE)).toBeInTheDocument();
  });

  it('says nothing of it to a visitor, who is never asked to sign', () => {
    renderWithClient(<PayWithWallet {...props} />);
    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
  });
});
