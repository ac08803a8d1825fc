import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Payout, PayoutLine, PayoutPreview } from '@tmc/shared';
import type { MockHandler } from '../../../testing/mock-api';
import { renderStaffScreen, withStaffSession } from '../../../testing/staff';
import { AdminPayouts } from './admin-payouts';

const batch: Payout = {
  _id: 'p-1',
  tier: 1,
  periodStart: '2025-03-03T00:00:00.000Z',
  periodEnd: '2025-03-10T00:00:00.000Z',
  total: '270.00',
  currency: 'AUD',
  status: 'created',
  reference: null,
  affiliates: 2,
  createdAt: '2025-03-10T01:00:00.000Z',
  paidAt: null,
};

const changed: PayoutLine = {
  affiliate: { _id: 'a-1', name: 'Gus', email: 'gus@example.com', walletAddress: null },
  destination: {
    kind: 'bank',
    currency: 'AUD',
    accountName: 'Gus',
    bsb: '062-000',
    accountNumber: '12345678',
    updatedAt: '2025-03-09T00:00:00.000Z',
  },
  held: true,
  heldReason: 'destination-changed',
  heldUntil: '2025-03-12T00:00:00.000Z',
  earnings: '100.00',
  adjustments: '0.00',
  amount: '100.00',
  earningsCount: 1,
};

const preview: PayoutPreview = {
  tier: 1,
  periodStart: batch.periodStart,
  periodEnd: batch.periodEnd,
  approvedBy: '2025-03-03T00:00:00.000Z',
  holdDays: 7,
  existingPayout: null,
  lines: [],
  held: [changed],
  carriedForward: [],
  total: '0.00',
  currency: 'AUD',
};

const PAID = `POST /v1/admin/payouts/${batch._id}/paid`;

const renderPayouts = (handlers: Record<string, MockHandler> = {}) =>
  renderStaffScreen(<AdminPayouts />, {
    'GET /v1/admin/payouts/preview': { data: preview },
    'GET /v1/admin/payouts': {
      data: { data: [batch], page: 1, limit: 10, totalResults: 1, totalPages: 1 },
    },
    ...handlers,
  });

withStaffSession();

describe('Payouts', () => {
  it('once the period has its batch, shows that batch and its total, with no Create batch (p14)', async () => {
    renderPayouts({
      'GET /v1/admin/payouts/preview': {
        data: { ...preview, existingPayout: { ...batch, lines: [] } },
      },
    });
    const card = await screen.findByRole('region', { name: 'Batch due, tier 1' });
    expect(await within(card).findByText(/This period already has a batch/)).toBeInTheDocument();
    expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent(/^Batch made: /);
    expect(within(card).getByText('270.00 AUD', { selector: 'p' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Create batch' })).not.toBeInTheDocument();
  });

  it('shows a line held for a changed destination, and until when', async () => {
    renderPayouts();
    const held = await screen.findByRole('table', { name: 'Held' });
    const row = within(held).getByText('Gus').closest('tr') as HTMLElement;
    expect(within(row).getByText('Held: payout destination changed recently')).toBeInTheDocument();
    expect(within(row).getByText(/^Paid in a batch made after /)).toBeInTheDocument();
  });

  it('marks a batch paid with the total transferred, and shows a refused total at its field', async () => {
    const { api, user } = renderPayouts({
      [PAID]: (body) =>
        (body as { expectedTotal: string }).expectedTotal === '270.00'
          ? { data: { ...batch, status: 'paid', lines: [] }, message: 'Payout marked paid' }
          : {
              status: 400,
              message: 'The batch total is now A$270.00, not the total you entered',
              errors: {
                expectedTotal: 'The batch total is now A$270.00, not the total you entered',
              },
            },
    });
    const batches = await screen.findByRole('table', { name: 'Tier 1 payout batches' });
    await user.click(await within(batches).findByRole('button', { name: 'Mark paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark batch paid' });
    await user.type(within(dialog).getByLabelText(/Transfer reference/), 'WIRE-1');
    const total = within(dialog).getByLabelText(/Total transferred/);

    await user.type(total, 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(
      within(dialog).getByText('Enter the total you transferred in AUD, e.g. 1234.50'),
    ).toBeInTheDocument();
    expect(api.bodies(PAID)).toEqual([]);

    await user.clear(total);
    await user.type(total, '250.00');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(
      await within(dialog).findByText('The batch total is now A$270.00, not the total you entered'),
    ).toBeInTheDocument();

    await user.clear(total);
    await user.type(total, '270.00');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText('Payout marked paid')).toBeInTheDocument();
    expect(api.bodies(PAID)).toEqual([
      { reference: 'WIRE-1', expectedTotal: '250.00' },
      { reference: 'WIRE-1', expectedTotal: '270.00' },
    ]);
  });
});
