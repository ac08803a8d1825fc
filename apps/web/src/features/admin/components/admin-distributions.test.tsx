import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Distribution } from '@tmc/shared';
import type { MockHandler } from '../../../testing/mock-api';
import { renderStaffScreen, withStaffSession } from '../../../testing/staff';
import { AdminDistributions } from './admin-distributions';

const accepted: Distribution = {
  _id: 'd-1',
  epoch: 1,
  root: `0x${'11'.repeat(32)}`,
  total: '5000.000000000000000000',
  status: 'accepted',
  freezeClaims: false,
  leafCount: 2,
  holds: [],
  diff: {
    previousEpoch: null,
    previousTotal: '0.000000000000000000',
    total: '5000.000000000000000000',
    counts: { new: 2, increased: 0, decreased: 0, removed: 0, unchanged: 0, held: 0 },
  },
  fundingNeeded: '0.000000000000000000',
  proposedTx: null,
  acceptedTx: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

const draft: Distribution = {
  ...accepted,
  _id: 'd-2',
  epoch: 2,
  root: `0x${'22'.repeat(32)}`,
  total: '7500.000000000000000000',
  status: 'draft',
  leafCount: 3,
  holds: [
    {
      userId: 'u-9',
      email: 'held@example.com',
      tokens: '250.000000000000000000',
      reason: 'no_proven_wallet',
    },
  ],
  diff: {
    previousEpoch: 1,
    previousTotal: '5000.000000000000000000',
    total: '7500.000000000000000000',
    counts: { new: 1, increased: 1, decreased: 0, removed: 0, unchanged: 1, held: 1 },
  },
  fundingNeeded: '2500.000000000000000000',
  createdAt: '2026-11-27T10:00:00.000Z',
};

const renderPage = (handlers: Record<string, MockHandler>) =>
  renderStaffScreen(<AdminDistributions />, handlers);

withStaffSession();

describe('AdminDistributions', () => {
  it('lists distributions with epoch, status, total, leaves, funding and the newest one opened', async () => {
    const { user } = renderPage({
      'GET /v1/admin/distributions': { data: { results: [draft, accepted] } },
    });
    const table = await screen.findByRole('table', { name: 'Distributions' });
    const rows = await within(table).findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('2');
    expect(rows[1]).toHaveTextContent('Draft');
    expect(rows[1]).toHaveTextContent('7,500.00 TMC');
    expect(rows[1]).toHaveTextContent('2,500.00 TMC');
    expect(rows[2]).toHaveTextContent('Accepted');

    const detail = screen.getByRole('region', { name: 'Epoch 2' });
    expect(detail).toHaveTextContent('held@example.com: 250.00 TMC, No proven wallet');
    expect(within(detail).getByRole('button', { name: 'Download leaves.csv' })).toBeInTheDocument();
    expect(
      within(detail).getByRole('button', { name: 'Download safe-tx.json' }),
    ).toBeInTheDocument();
    expect(within(detail).getByRole('button', { name: 'Cancel draft' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Details of epoch 1' }));
    const first = screen.getByRole('region', { name: 'Epoch 1' });
    expect(
      within(first).getByRole('button', { name: 'Download push-batches.json' }),
    ).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'Cancel draft' })).not.toBeInTheDocument();
  });

  it('says so when there is no distribution yet', async () => {
    renderPage({ 'GET /v1/admin/distributions': { data: { results: [] } } });
    expect(await screen.findByText('No distributions yet')).toBeInTheDocument();
  });

  it('Build draft posts and shows the server refusal as a toast', async () => {
    const message =
      'A draft or a proposed root already exists: cancel the draft (or the proposal, from the Safe) first';
    const { api, user } = renderPage({
      'GET /v1/admin/distributions': { data: { results: [draft] } },
      'POST /v1/admin/distributions': { status: 409, message },
    });
    await screen.findByRole('region', { name: 'Epoch 2' });
    await user.click(screen.getByRole('button', { name: 'Build draft' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(api.bodies('POST /v1/admin/distributions')).toHaveLength(1);
  });

  it('Build draft shows the new draft', async () => {
    let built = false;
    const { user } = renderPage({
      'GET /v1/admin/distributions': () => ({
        data: { results: built ? [draft, accepted] : [accepted] },
      }),
      'POST /v1/admin/distributions': () => {
        built = true;
        return { status: 201, message: 'Draft built', data: draft };
      },
    });
    await screen.findByRole('region', { name: 'Epoch 1' });
    await user.click(screen.getByRole('button', { name: 'Build draft' }));
    expect(await screen.findByText('Draft built')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Epoch 2' })).toBeInTheDocument();
  });

  it('Cancel asks first, then cancels the draft', async () => {
    let cancelled = false;
    const { api, user } = renderPage({
      'GET /v1/admin/distributions': () => ({
        data: { results: [cancelled ? { ...draft, status: 'cancelled' } : draft] },
      }),
      'POST /v1/admin/distributions/d-2/cancel': () => {
        cancelled = true;
        return { message: 'Draft cancelled', data: { ...draft, status: 'cancelled' } };
      },
    });
    const detail = await screen.findByRole('region', { name: 'Epoch 2' });
    await user.click(within(detail).getByRole('button', { name: 'Cancel draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the draft of epoch 2?' });
    expect(api.bodies('POST /v1/admin/distributions/d-2/cancel')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel draft' }));
    expect(await screen.findByText('Draft cancelled')).toBeInTheDocument();
    expect(api.bodies('POST /v1/admin/distributions/d-2/cancel')).toHaveLength(1);
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Epoch 2' })).queryByRole('button', {
          name: 'Cancel draft',
        }),
      ).not.toBeInTheDocument(),
    );
  });
});
