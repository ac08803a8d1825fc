import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { unmatchedPaymentMessages, type AdminTransaction } from '@tmc/shared';
import { renderStaffScreen, withStaffSession } from '../../../testing/staff';
import { AdminTransactions } from './admin-transactions';

const credited: AdminTransaction = {
  _id: 't-1',
  createdAt: '2025-03-05T03:45:00.000Z',
  price: '0.050037380000000000',
  currency: 'ETH',
  tokenSymbol: 'ETH',
  tokenAmount: '12500.000000000000000000',
  userCurrency: 'ETH',
  userAmount: '0.05',
  paymentStatus: 1,
  paymentMode: 1,
  txnHash: `0xcd34${'0'.repeat(56)}7e1a`,
  walletAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  purchaseId: 'p-1',
  quoteExpiresAt: '2025-03-05T04:45:00.000Z',
  stageId: null,
  stageName: null,
  received: null,
  missing: null,
  user: { _id: 'u-1', email: 'wrong@example.com', name: 'Wrong Buyer' },
  reference: 'TMC-WR0NG1',
  fromAddress: '0x9999999999999999999999999999999999998888',
  senderMatchesWallet: null,
  blockNumber: '1234',
  verifiedAt: '2025-03-05T03:46:00.000Z',
};
const bank: AdminTransaction = {
  ...credited,
  _id: 't-2',
  price: '100.00',
  currency: 'AUD',
  tokenSymbol: 'TMC',
  paymentMode: 0,
  txnHash: null,
  reference: 'TMC-BANK01',
};
const LIST = 'GET /v1/admin/transactions';
const MOVE = `POST /v1/admin/transactions/${credited._id}/move-credit`;
const page = {
  data: { data: [credited, bank], page: 1, limit: 10, totalResults: 2, totalPages: 1 },
};

withStaffSession();

describe('Admin transactions', () => {
  it('moves a credited crypto payment to the order it was meant for: reference and remark required, then toasted', async () => {
    const { api, user } = renderStaffScreen(<AdminTransactions />, {
      [LIST]: page,
      [MOVE]: { data: { ...credited, paymentStatus: 2 }, message: unmatchedPaymentMessages.moved },
    });
    await user.click(await screen.findByRole('button', { name: 'Move payment TMC-WR0NG1' }));
    // Only a credited crypto payment can be moved.
    expect(screen.queryByRole('button', { name: 'Move payment TMC-BANK01' })).toBeNull();
    const dialog = screen.getByRole('dialog', { name: 'Move payment to another order' });
    expect(within(dialog).getByText(/credits TMC-WR0NG1 of wrong@example.com/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Move payment' }));
    expect(within(dialog).getByText(unmatchedPaymentMessages.reference)).toBeInTheDocument();
    expect(within(dialog).getByText(unmatchedPaymentMessages.remarkRequired)).toBeInTheDocument();
    expect(api.bodies(MOVE)).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Order reference/), ' tmc-r1ght1 ');
    await user.type(within(dialog).getByLabelText(/Remark/), 'Paid for the other order');
    await user.click(within(dialog).getByRole('button', { name: 'Move payment' }));
    expect(await screen.findByText(unmatchedPaymentMessages.moved)).toBeInTheDocument();
    expect(api.bodies(MOVE)).toEqual([
      { reference: 'TMC-R1GHT1', remark: 'Paid for the other order' },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Move payment to another order' })).toBeNull();
  });
});
