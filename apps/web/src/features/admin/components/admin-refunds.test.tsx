import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminRefund } from '@tmc/shared';
import type { MockHandler } from '../../../testing/mock-api';
import { pageOf } from '../../../testing/paged-list';
import { renderStaffScreen, withStaffSession } from '../../../testing/staff';
import { AdminRefunds } from './admin-refunds';

const base: AdminRefund = {
  _id: 'r-1',
  id: 'r-1',
  state: 'requested',
  coin: 'AUD',
  amount: '500.00',
  destination: 'The bank account that paid order TMC-AAAAAA',
  evidence: null,
  reason: 'Half back',
  declineReason: null,
  requestedBy: 'buyer',
  createdAt: '2026-03-01T00:00:00.000Z',
  approvedAt: null,
  paidAt: null,
  declinedAt: null,
  tokensReduced: null,
  purchaseId: 'p-1',
  purchaseReference: 'TMC-AAAAAA',
  unmatchedPaymentId: null,
  buyerEmail: 'buyer@example.com',
  requestedById: 'u-1',
  approvedBy: null,
  paidBy: null,
  declinedBy: null,
  evidenceLogIndex: null,
};
const crypto: AdminRefund = {
  ...base,
  _id: 'r-2',
  id: 'r-2',
  state: 'approved',
  coin: 'ETH',
  amount: '0.010000000000000000',
  destination: '0x976ea74026e726554db657fa54763abd0c3a0aa9',
  purchaseReference: null,
  purchaseId: null,
  unmatchedPaymentId: 'u-9',
  buyerEmail: null,
};
const counts = { requested: 1, approved: 1, paid: 0, declined: 3 };
const page = (rows: AdminRefund[]) => ({ data: { ...pageOf(rows).data, counts } });

const renderRefunds = (handlers: Record<string, MockHandler> = {}) =>
  renderStaffScreen(<AdminRefunds />, {
    'GET /v1/admin/refunds': page([base, crypto]),
    ...handlers,
  });

withStaffSession();

describe('Refunds', () => {
  it('shows the queue with each state’s count, and the actions each refund allows', async () => {
    renderRefunds();
    expect(await screen.findByText('TMC-AAAAAA')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Declined (3)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    // The crypto one is approved: its Safe batch, never a hand-marked payment.
    expect(screen.getByRole('button', { name: 'Safe batch' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark paid' })).toBeNull();
  });

  it('approves, and declines with the reason the buyer reads', async () => {
    const { api, user } = renderRefunds({
      'POST /v1/admin/refunds/r-1/approve': {
        data: { ...base, state: 'approved' },
        message: 'Refund approved',
      },
      'POST /v1/admin/refunds/r-1/decline': {
        data: { ...base, state: 'declined' },
        message: 'Refund declined',
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(api.bodies('POST /v1/admin/refunds/r-1/approve')).toEqual([{}]);

    await user.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline refund' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Sales are final');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(api.bodies('POST /v1/admin/refunds/r-1/decline')).toEqual([
      { reason: 'Sales are final' },
    ]);
  });

  it('marks an approved bank refund paid with its reference', async () => {
    const { api, user } = renderRefunds({
      'GET /v1/admin/refunds': page([{ ...base, state: 'approved' }]),
      'POST /v1/admin/refunds/r-1/paid': {
        data: { ...base, state: 'paid' },
        message: 'Refund marked as paid',
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Mark paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark bank refund paid' });
    await user.type(within(dialog).getByLabelText(/Bank reference/), 'BANK-778');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(api.bodies('POST /v1/admin/refunds/r-1/paid')).toEqual([{ evidence: 'BANK-778' }]);
  });
});
