import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PaymentMode, PaymentStatus, type PurchaseDetail, type Transaction } from '@tmc/shared';
import { purchaseFixture } from '../../testing/fixtures';
import { renderWithClient } from '../../testing/render';
import { CryptoPayment } from './presale-request';

const transaction: Transaction = {
  _id: 't-1',
  createdAt: '2026-11-27T00:00:00.000Z',
  price: '0.050006',
  currency: 'ETH',
  tokenSymbol: 'ETH',
  tokenAmount: '12500',
  userCurrency: 'ETH',
  userAmount: '0.05',
  paymentStatus: PaymentStatus.Pending,
  paymentMode: PaymentMode.Crypto,
  txnHash: null,
  walletAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  purchaseId: 'p-1',
  quoteExpiresAt: null,
  stageId: null,
  stageName: null,
  received: null,
  missing: null,
};

const detail = { purchase: purchaseFixture, transaction } as unknown as PurchaseDetail;

describe("a crypto order's payment step", () => {
  it('copies the exact amount due (m1) and offers the hash for a different amount (m5)', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithClient(
      <CryptoPayment detail={detail} config={undefined} onVerify={vi.fn()} onVerified={vi.fn()} />,
    );
    expect(screen.getByText('0.050006 ETH')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy amount due' }));
    expect(writeText).toHaveBeenCalledWith('0.050006');
    expect(
      screen.getByText(
        /^Sent a different amount, or from an exchange, and nothing shows here yet\?/,
      ),
    ).toBeInTheDocument();
  });
});
